// Reload and history rules of the catalogue (flat-block-protocol.md sections 6 and 7).
import { describe, it } from 'vitest';
import {
  expectClean,
  expectFinding,
  expectNoRule,
  groupEnd,
  historyFrame,
  historyResponse,
  hText,
  hThinking,
  hToolCalls,
  hToolMessage,
  hUser,
  messageStop,
  question,
  run,
  stream,
  subscribe,
  textBlock,
  toolResult,
  withEventIds,
  type Entry,
  type Json,
} from './test-support';

const search = { id: 'tc-1', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức' };
const price = { id: 'tc-2', name: 'analyze_price', tool_content_message: 'Phân tích giá VNINDEX' };
const GOAL = 'Thảo muốn tập trung vào mục tiêu nào?';
const goal = question(GOAL, ['Cổ tức bền vững (Recommended)', 'Tăng trưởng dài hạn']);

function resolvedQuestion(isResolved: boolean): Json {
  const block: Json = {
    type: 'approval_request',
    actionRequests: [{ name: 'ask_user_question', args: { questions: [goal] } }],
    submittedAnswers: { [GOAL]: 'Tăng trưởng dài hạn' },
  };
  if (isResolved) block.isResolved = true;
  return { role: 'assistant', message_type: 'step', content: [block], display_type: 'content' };
}

describe('replay after a reload', () => {
  /** History of a running agent (frame 0), the subscription (frame 1), then the replay from frame 2. */
  function reload(lastEventId: string, replay: Entry[]): Entry[] {
    const history = historyResponse(
      [hUser('thị trường hôm nay'), hToolCalls([search, price], 'group_start', { summary: 'Tìm kiếm thông tin' })],
      { agent_status: 'running', last_event_id: lastEventId },
    );
    return [historyFrame(history), subscribe(lastEventId), replay];
  }
  const rest = [
    ...toolResult(5, { tool_use_id: 'tc-1' }),
    ...toolResult(6, { tool_use_id: 'tc-2' }),
    groupEnd(7, 'Tìm kiếm thông tin thị trường'),
    ...textBlock(8, 'VNINDEX hôm nay tăng 2.69%', { isFinal: true }),
    messageStop(),
  ];

  describe('flat/replay-overlap', () => {
    it('holds when the capture puts the subscription before the history read at the same instant (a HAR)', () => {
      const [history, subscription, replay] = reload('41', withEventIds(41, rest));
      expectFinding(run(stream([subscription as Entry, history as Entry, replay as Entry])), 'flat/replay-overlap', 'error', 2);
      expectNoRule(run(stream([subscription as Entry, history as Entry, withEventIds(42, rest)])), 'flat/replay-overlap');
    });
    it('flags a replayed event whose event_id is not after last_event_id', () => {
      expectFinding(run(stream(reload('41', withEventIds(41, rest)))), 'flat/replay-overlap', 'error', 2);
    });

    it('compares prefixed ids by their trailing number', () => {
      expectFinding(run(stream(reload('evt-41', withEventIds(40, rest, 'evt-')))), 'flat/replay-overlap', 'error', 2);
      expectClean(run(stream(reload('evt-41', withEventIds(42, rest, 'evt-')))));
    });

    it('reads the SSE id line as the event id', () => {
      const sse = (first: number) => rest.map((event, i) => ({ sseId: String(first + i), event }));
      expectFinding(run(stream(reload('41', sse(40)))), 'flat/replay-overlap', 'error', 2);
      expectClean(run(stream(reload('41', sse(42)))));
    });

    it('compares numeric ids as numbers, not as text', () => {
      expectClean(run(stream(reload('9', withEventIds(10, rest)))));
      expectClean(run(stream(reload('evt-9', withEventIds(10, rest, 'evt-')))));
      expectFinding(run(stream(reload('10', withEventIds(9, rest)))), 'flat/replay-overlap', 'error', 2);
    });

    it('treats any client frame carrying last_event_id as the subscription', () => {
      const resume = { out: { type: 'resume', session_id: 'sess-1', last_event_id: '41' } };
      const frames = stream(reload('41', withEventIds(41, rest)).map((e, i) => (i === 1 ? resume : e)));
      expectFinding(run(frames), 'flat/replay-overlap', 'error', 2);
    });

    it('accepts a replay that starts right after last_event_id', () => {
      expectClean(run(stream(reload('41', withEventIds(42, rest)))));
    });
  });

  describe('flat/replay-gap', () => {
    it('warns when the first replayed id skips events', () => {
      expectFinding(run(stream(reload('41', withEventIds(45, rest)))), 'flat/replay-gap', 'warning', 2);
    });

    it('accepts the next id', () => {
      expectNoRule(run(stream(reload('41', withEventIds(42, rest)))), 'flat/replay-gap');
    });
  });
});

/** Runs one History API response as frame 0. */
function history(messages: unknown[], extra: Json = {}) {
  return run(stream([historyFrame(historyResponse(messages, extra))]));
}

describe('flat/history-invalid', () => {
  it('flags a message with an unknown display_type', () => {
    expectFinding(history([hUser('Chào'), hText('Xin chào', { display_type: 'grouped' })]), 'flat/history-invalid', 'error', 0, 'messages[1]');
  });

  it('flags a message that is not an object', () => {
    expectFinding(history([hUser('Chào'), 42]), 'flat/history-invalid', 'error', 0, 'messages[1]');
  });

  it('accepts messages that follow section 6', () => {
    expectClean(history([hUser('Chào'), hText('Xin chào')]));
  });
});

describe('flat/history-item-outside-group', () => {
  it('flags a group_item with no open group', () => {
    const result = history([hUser('Chào'), hToolCalls([search], 'content'), hToolMessage('tc-1', 'web_search', 'group_item')]);
    expectFinding(result, 'flat/history-item-outside-group', 'error', 0, 'messages[2]');
  });

  it('flags a group_end with no open group', () => {
    const result = history([hUser('Chào'), hToolCalls([search], 'content'), hToolMessage('tc-1', 'web_search', 'group_end', { summary: 'Tìm xong' })]);
    expectFinding(result, 'flat/history-item-outside-group', 'error', 0, 'messages[2]');
  });

  it('accepts items inside a group', () => {
    expectClean(history([
      hUser('Chào'),
      hToolCalls([search, price], 'group_start', { summary: 'Tìm xong' }),
      hToolMessage('tc-1', 'web_search', 'group_item'),
      hToolMessage('tc-2', 'analyze_price', 'group_end', { summary: 'Tìm xong' }),
    ]));
  });
});

describe('flat/history-group-not-closed', () => {
  const openGroup = [hUser('Chào'), hThinking('Cần tìm dữ liệu', 'group_start', { summary: 'Suy nghĩ' })];

  it('warns about an open group at the end of history of an agent that is not running', () => {
    expectFinding(history(openGroup), 'flat/history-group-not-closed', 'warning', 0);
  });

  it('accepts the open group while the agent is running', () => {
    expectClean(history(openGroup, { agent_status: 'running', last_event_id: '7' }));
  });
});

describe('flat/history-group-closed-misplaced', () => {
  it('flags group_closed on a message that is not a group_start', () => {
    const result = history([hUser('Chào'), hThinking('...', 'group_start', { summary: 'Suy nghĩ' }), hThinking('...', 'group_end', { summary: 'Suy nghĩ', group_closed: true })]);
    expectFinding(result, 'flat/history-group-closed-misplaced', 'error', 0, 'messages[2]');
  });

  it('accepts group_closed on a group_start', () => {
    expectClean(history([hUser('Chào'), hThinking('...', 'group_start', { summary: 'Suy nghĩ', group_closed: true })]));
  });
});

describe('flat/history-mixed-content', () => {
  it.each<[string, Json]>([
    ['text and tool calls', { role: 'assistant', content: [{ type: 'text', text: 'Để mình kiểm tra' }], tool_calls: [search], display_type: 'content' }],
    ['text and thinking', { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm' }, { type: 'text', text: 'Để mình kiểm tra' }], display_type: 'content' }],
  ])('warns about a message with %s', (_name, message) => {
    expectFinding(history([hUser('Chào'), message]), 'flat/history-mixed-content', 'warning', 0, 'messages[1]');
  });

  it('accepts the same content split into flat messages', () => {
    expectClean(history([
      hUser('Chào'),
      hText('Để mình kiểm tra', { message_type: 'chat' }),
      hThinking('Hmm', 'group_start', { summary: 'Suy nghĩ', group_closed: true }),
      hToolCalls([search], 'group_start', { summary: 'Tìm kiếm' }),
      hToolMessage('tc-1', 'web_search', 'group_end', { summary: 'Tìm kiếm' }),
    ]));
  });
});

describe('flat/history-question-leaked', () => {
  const ask = { id: 'q-1', name: 'ask_user_question', tool_content_message: 'Hỏi người dùng' };

  it('flags an ask_user_question tool call', () => {
    expectFinding(history([hUser('Chào'), hToolCalls([ask], 'content'), resolvedQuestion(true)]), 'flat/history-question-leaked', 'error', 0, 'messages[1]');
  });

  it('flags an ask_user_question tool message', () => {
    expectFinding(history([hUser('Chào'), resolvedQuestion(true), hToolMessage('q-1', 'ask_user_question', 'content')]), 'flat/history-question-leaked', 'error', 0, 'messages[2]');
  });

  it('accepts the question as a resolved approval_request block only', () => {
    expectClean(history([hUser('Chào'), resolvedQuestion(true)]));
  });
});

describe('flat/history-question-unresolved', () => {
  it('warns about an approval_request block without isResolved while nothing is pending', () => {
    expectFinding(history([hUser('Chào'), resolvedQuestion(false)]), 'flat/history-question-unresolved', 'warning', 0, 'messages[1]');
  });

  it('accepts it while an approval is pending', () => {
    const pending = { approval_key: 'sess-1_1', action_requests: [{ name: 'ask_user_question', args: { questions: [goal] } }], timeout_seconds: 600 };
    const result = history([hUser('Chào'), resolvedQuestion(false)], { agent_status: 'running', last_event_id: '7', pending_approval: pending });
    expectNoRule(result, 'flat/history-question-unresolved');
  });

  it('accepts a resolved block', () => {
    expectClean(history([hUser('Chào'), resolvedQuestion(true)]));
  });
});

describe('flat/history-running-without-cursor', () => {
  it('flags agent_status running without last_event_id', () => {
    expectFinding(history([hUser('Chào')], { agent_status: 'running' }), 'flat/history-running-without-cursor', 'error', 0);
  });

  it('accepts running with last_event_id', () => {
    expectClean(history([hUser('Chào')], { agent_status: 'running', last_event_id: '7' }));
  });
});

describe('flat/history-chat-not-first', () => {
  it('reports a chat message that is not the first assistant message of its turn', () => {
    const result = history([hUser('Chào'), hText('Chào Thảo!', { message_type: 'chat' }), hText('Tổng kết', { message_type: 'chat' })]);
    expectFinding(result, 'flat/history-chat-not-first', 'info', 0, 'messages[2]');
  });

  it('accepts step messages after the chat one, and a chat message in the next turn', () => {
    expectClean(history([
      hUser('Chào'),
      hText('Chào Thảo!', { message_type: 'chat' }),
      hText('Tổng kết', { message_type: 'step' }),
      hUser('Cảm ơn'),
      hText('Không có gì!', { message_type: 'chat' }),
    ]));
  });
});
