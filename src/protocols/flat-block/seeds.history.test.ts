// The History API examples of seeds 000, 001 and 002, as the view model a correct client shows.
// History responses are frame 0 on the `history` connection.
import { describe, expect, it } from 'vitest';
import type { Question } from '../../model/view';
import splitMessage from './testdata/000-split-message.json';
import groupClosed from './testdata/000-group-closed.json';
import historyExample from './testdata/000-history-response.json';
import resolvedQuestion from './testdata/001-resolved-question.json';
import twoQuestions from './testdata/001-history-two-questions.json';
import workspaceTodos from './testdata/002-workspace-todos.json';
import todoMessage from './testdata/002-history-tool-use.json';
import {
  expectNoErrorsOrWarnings,
  historyFrame,
  historyResponse,
  hText,
  hUser,
  itemOf,
  kinds,
  question,
  run,
  stream,
  type Json,
} from './test-support';

const history = (response: unknown, options: { finish?: boolean } = {}) => run(stream([historyFrame(response)]), options);

describe('seed 000: one AI message split into flat messages', () => {
  // 000's three messages (chat text, tool_calls opening a group, the tool's result as group_item)
  // are the start of a turn still running: the group stays open for the stream to continue.
  const response = historyResponse([hUser('VNINDEX hôm nay thế nào?'), ...splitMessage], { agent_status: 'running', last_event_id: '12' });

  it('renders the chat text with the brand and the open group with the finished tool', () => {
    const result = history(response, { finish: false });
    expectNoErrorsOrWarnings(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['user', 'text', 'group']);
    expect(itemOf(view.items, 0, 'user').text).toBe('VNINDEX hôm nay thế nào?');
    expect(itemOf(view.items, 1, 'text')).toMatchObject({ text: 'Để mình kiểm tra...', part: true, brand: true, historyPath: 'messages[1]' });
    const group = itemOf(view.items, 2, 'group');
    expect(group).toMatchObject({ summary: 'Phân tích giá VNINDEX', done: false, open: true });
    expect(kinds(group.items)).toEqual(['tool']);
    expect(itemOf(group.items, 0, 'tool')).toMatchObject({ toolId: 'tc-1', name: 'analyze_price', label: 'Phân tích giá VNINDEX', status: 'success' });
  });
});

describe('seed 000: a single-item group (group_closed)', () => {
  it('renders a done group holding the one thinking item', () => {
    const result = history(historyResponse([hUser('Suy nghĩ giúp mình'), groupClosed, hText('Xong rồi.', { is_final: true })]), { finish: false });
    expectNoErrorsOrWarnings(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['user', 'group', 'text']);
    const group = itemOf(view.items, 1, 'group');
    expect(group).toMatchObject({ summary: 'Suy nghĩ', done: true, open: false });
    expect(kinds(group.items)).toEqual(['reasoning']);
    expect(itemOf(group.items, 0, 'reasoning').text).toBe('...');
  });
});

describe('seed 000: Example History Response (a bare array of messages)', () => {
  it('renders user, share_thought, one done group of two finished tools, final answer', () => {
    const result = history(historyExample);
    // write_todos answered by a tool message and tool_calls without `input` are normal in history.
    expect(result.rules).toEqual([]);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['user', 'text', 'group', 'text']);
    expect(itemOf(view.items, 0, 'user').text).toBe('thị trường hôm nay');
    expect(itemOf(view.items, 1, 'text')).toMatchObject({ text: 'Chào Thảo! Chờ mình cập nhật nhé.', part: true });
    const group = itemOf(view.items, 2, 'group');
    expect(group).toMatchObject({ summary: 'Phân tích giá VNINDEX', done: true, open: false });
    expect(group.items.map((i) => (i.kind === 'tool' ? [i.name, i.label, i.status] : i.kind))).toEqual([
      ['write_todos', 'Lập kế hoạch phân tích', 'success'],
      ['analyze_price', 'Phân tích giá VNINDEX', 'success'],
    ]);
    expect(itemOf(view.items, 3, 'text')).toMatchObject({ text: 'VNINDEX hôm nay tăng 2.69%...', final: true, brand: false });
    // No snapshot anywhere: no input on write_todos and no workspace.
    expect(view.todos).toBeNull();
  });
});

describe('seed 000: brand header on the first chat message of each turn only', () => {
  it('marks the chat messages, not the step ones', () => {
    const result = history(historyResponse([
      hUser('thị trường hôm nay'),
      hText('Chào Thảo! Chờ mình cập nhật nhé.', { message_type: 'chat', content: [{ type: 'text', text: 'Chào Thảo! Chờ mình cập nhật nhé.', is_part: true }] }),
      hText('VNINDEX hôm nay tăng 2.69%...', { message_type: 'step' }),
      hUser('còn HPG?'),
      hText('HPG tăng 1.2%.', { message_type: 'chat' }),
    ]));
    expectNoErrorsOrWarnings(result);
    const texts = result.view.items.flatMap((i) => (i.kind === 'text' ? [[i.text, i.brand]] : []));
    expect(texts).toEqual([
      ['Chào Thảo! Chờ mình cập nhật nhé.', true],
      ['VNINDEX hôm nay tăng 2.69%...', false],
      ['HPG tăng 1.2%.', true],
    ]);
  });
});

describe('seed 001: a resolved question in history', () => {
  it('renders the resolved question with its submitted answers outside any group', () => {
    const result = history(historyResponse([hUser('Tư vấn giúp mình'), resolvedQuestion, hText('Cảm ơn!', { is_final: true })]));
    expectNoErrorsOrWarnings(result);
    expect(kinds(result.view.items)).toEqual(['user', 'question', 'text']);
    const q = itemOf(result.view.items, 1, 'question');
    expect(q).toMatchObject({ resolved: true, state: 'answered', answers: resolvedQuestion.content[0]?.submittedAnswers });
    expect(q.questions.map((x) => x.question)).toEqual(['Thảo muốn tập trung vào mục tiêu nào?', 'Thời gian nắm giữ dự kiến?']);
  });
});

describe('seed 001: full history with two questions', () => {
  // 001 elides each question as "..." in this example; they are replaced by real question objects
  // whose texts are the answer keys the example uses ("Q1", "Q2").
  const asked: Record<string, Question> = {
    'Chuẩn bị câu hỏi lần 1': question('Q1', ['A1', 'B1']) as Question,
    'Chuẩn bị câu hỏi lần 2': question('Q2', ['A2', 'B2']) as Question,
  };
  let round = 0;
  const messages = (twoQuestions as Json[]).map((m) => {
    const block = (m.content as Json[] | undefined)?.[0];
    if (block?.type !== 'approval_request') return m;
    const q = Object.values(asked)[round++] as Question;
    const actions = (block.actionRequests as Json[]).map((a) => ({ ...a, args: { ...(a.args as Json), questions: [q] } }));
    return { ...m, content: [{ ...block, actionRequests: actions }] };
  });

  it('renders two done groups, each followed by its resolved question, then the final text', () => {
    const result = history(messages);
    expectNoErrorsOrWarnings(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['user', 'group', 'question', 'group', 'question', 'text']);
    for (const [at, summary, q, a] of [[1, 'Chuẩn bị câu hỏi lần 1', 'Q1', 'A1'], [3, 'Chuẩn bị câu hỏi lần 2', 'Q2', 'A2']] as const) {
      const group = itemOf(view.items, at, 'group');
      expect(group).toMatchObject({ summary, done: true, open: false });
      expect(group.items.map((i) => (i.kind === 'tool' ? `${i.name}:${i.status}` : i.kind))).toEqual(['reasoning', 'write_todos:success']);
      const resolved = itemOf(view.items, at + 1, 'question');
      expect(resolved).toMatchObject({ resolved: true, state: 'answered', answers: { [q]: a } });
      expect(resolved.questions.map((x) => x.question)).toEqual([q]);
    }
    expect(itemOf(view.items, 5, 'text')).toMatchObject({ text: 'Cảm ơn! Tổng kết...', final: true });
  });
});

describe('seed 002: todos in history', () => {
  // 002 shows the write_todos message without display_type; section 6 requires one, so it is
  // given "content" here.
  const response = historyResponse(
    [hUser('Phân tích HPG'), { ...todoMessage, display_type: 'content' }, hText('Báo cáo HPG đã xong.', { is_final: true })],
    { workspace: workspaceTodos.workspace },
  );

  it('restores the side panel from workspace.todos, not from the message snapshot', () => {
    const result = history(response);
    expectNoErrorsOrWarnings(result);
    expect(result.view.todos).toEqual(workspaceTodos.workspace.todos);
  });

  it('renders the write_todos call with the snapshot it carried', () => {
    const { view } = history(response);
    expect(kinds(view.items)).toEqual(['user', 'tool', 'text']);
    expect(itemOf(view.items, 1, 'tool')).toMatchObject({ toolId: 'toolu_01', name: 'write_todos', todos: todoMessage.content[0]?.input.todos });
  });
});
