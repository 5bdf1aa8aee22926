// Stream-structure rules of the catalogue (flat-block-protocol.md section 7): each rule once with an
// input that breaks it and once with a near-identical input that does not.
import { describe, expect, it } from 'vitest';
import {
  blockDelta,
  blockStart,
  blockStop,
  expectClean,
  expectFinding,
  expectNoRule,
  frameIndex,
  groupEnd,
  groupStart,
  messageStart,
  messageStop,
  run,
  stream,
  allItems,
  textBlock,
  toolResult,
  toolUse,
} from './test-support';

const search = { id: 'tc-1', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức' };

describe('flat/block-delta-without-start', () => {
  it('flags a delta for an index that was never opened', () => {
    const frames = stream([messageStart(), blockDelta(1, { type: 'text_delta', text: 'mồ côi' }), messageStop()]);
    expectFinding(run(frames), 'flat/block-delta-without-start', 'error', 1);
  });

  it('flags a delta after the block at that index stopped', () => {
    const frames = stream([messageStart(), textBlock(1, 'Xin chào'), blockDelta(1, { type: 'text_delta', text: '!' }), messageStop()]);
    expectFinding(run(frames), 'flat/block-delta-without-start', 'error', 4);
  });

  it('accepts a delta inside its open block', () => {
    expectClean(run(stream([messageStart(), textBlock(1, 'Xin chào'), messageStop()])));
  });
});

describe('flat/block-stop-without-start', () => {
  it('flags a stop for an index with no open block', () => {
    const frames = stream([messageStart(), textBlock(0, 'Xin chào'), blockStop(1), messageStop()]);
    expectFinding(run(frames), 'flat/block-stop-without-start', 'error', 4);
  });

  it('accepts a stop that closes an open block', () => {
    expectClean(run(stream([messageStart(), textBlock(0, 'Xin chào'), textBlock(1, 'Tạm biệt'), messageStop()])));
  });
});

describe('flat/block-duplicate-start', () => {
  it('flags a second start for an index that is still open', () => {
    const frames = stream([
      messageStart(),
      blockStart(2, { type: 'text', text: '' }),
      blockStart(2, { type: 'text', text: '' }),
      blockStop(2),
      messageStop(),
    ]);
    expectFinding(run(frames), 'flat/block-duplicate-start', 'error', 2);
  });

  it('accepts reusing an index after its block stopped', () => {
    const frames = stream([
      messageStart(),
      blockStart(2, { type: 'text', text: '' }),
      blockStop(2),
      blockStart(2, { type: 'text', text: '' }),
      blockStop(2),
      messageStop(),
    ]);
    expectClean(run(frames));
  });
});

describe('flat/block-not-stopped', () => {
  it('flags a block still open at message_stop, pointing at its start', () => {
    const frames = stream([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: 'Đang' }), messageStop()]);
    expect(expectFinding(run(frames), 'flat/block-not-stopped', 'warning', 1).at).toBe(3);
  });

  it('accepts a block stopped before message_stop', () => {
    const frames = stream([messageStart(), blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: 'Đang' }), blockStop(0), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/group-end-without-start', () => {
  it('flags group_end with no open group', () => {
    const frames = stream([messageStart(), textBlock(0, 'Chào'), groupEnd(1, 'Xong'), messageStop()]);
    expectFinding(run(frames), 'flat/group-end-without-start', 'error', 4);
  });

  it('flags a second group_end for a group already closed', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), groupEnd(3, 'Xong'), groupEnd(3, 'Xong'), messageStop()]);
    expectFinding(run(frames), 'flat/group-end-without-start', 'error', 7);
  });

  it('accepts group_end that closes the open group', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), groupEnd(3, 'Xong'), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/group-start-while-open', () => {
  const firstGroup = [groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' })];
  const secondGroup = [
    groupStart(4),
    toolUse(4, { id: 'tc-2', name: 'analyze_price', tool_content_message: 'Phân tích giá' }),
    toolResult(5, { tool_use_id: 'tc-2' }),
    groupEnd(6, 'Phân tích xong'),
  ];

  it('flags group_start while the earlier group never ended', () => {
    const frames = stream([messageStart(), firstGroup, secondGroup, messageStop()]);
    expectFinding(run(frames), 'flat/group-start-while-open', 'warning', frameIndex(frames, { type: 'group_start', index: 4 }));
  });

  it('accepts group_start after the earlier group ended', () => {
    const frames = stream([messageStart(), firstGroup, groupEnd(3, 'Tìm xong'), secondGroup, messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/group-not-ended', () => {
  it('flags a group still open at message_stop, pointing at its group_start', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), messageStop()]);
    expect(expectFinding(run(frames), 'flat/group-not-ended', 'warning', 1).at).toBe(6);
  });

  it('accepts a group ended before message_stop', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), groupEnd(3, 'Xong'), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/group-end-missing-summary', () => {
  const body = [groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' })];

  it.each([
    ['without a summary field', undefined],
    ['with an empty summary', ''],
  ])('flags group_end %s', (_name, summary) => {
    const frames = stream([messageStart(), body, groupEnd(3, summary), messageStop()]);
    expectFinding(run(frames), 'flat/group-end-missing-summary', 'warning', 6);
  });

  it('accepts group_end with a summary', () => {
    expectClean(run(stream([messageStart(), body, groupEnd(3, 'Tìm kiếm thông tin thị trường'), messageStop()])));
  });
});

describe('flat/event-outside-message', () => {
  it('flags a content block after message_stop and before the next message_start', () => {
    const frames = stream([messageStart(), textBlock(0, 'Một'), messageStop(), textBlock(0, 'Hai')]);
    expectFinding(run(frames), 'flat/event-outside-message', 'error', [5, 6, 7]);
  });

  it('flags a group marker after message_stop', () => {
    const frames = stream([messageStart(), textBlock(0, 'Một'), messageStop(), groupStart(1)]);
    expectFinding(run(frames), 'flat/event-outside-message', 'error', 5);
  });

  it('accepts the next turn once a new message_start arrives', () => {
    expectClean(run(stream([messageStart(), textBlock(0, 'Một'), messageStop(), messageStart(), textBlock(0, 'Hai'), messageStop()])));
  });

  it('accepts a replay that starts in the middle of a message', () => {
    const frames = stream([toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), textBlock(3, 'Kết quả', { isFinal: true }), messageStop()]);
    expectNoRule(run(frames), 'flat/event-outside-message');
  });
});

describe('flat/unknown-event', () => {
  it('reports an event type the protocol does not define', () => {
    const frames = stream([messageStart(), { type: 'usage_report', tokens: 12 }, textBlock(0, 'Chào'), messageStop()]);
    expectFinding(run(frames), 'flat/unknown-event', 'info', 1);
  });

  it('is silent when every event type is defined', () => {
    expectClean(run(stream([messageStart(), textBlock(0, 'Chào'), messageStop()])));
  });

  it('knows the error event and shows it as an error item', () => {
    const result = run(stream([messageStart(), { type: 'error', error: { type: 'overloaded_error', message: 'Hệ thống quá tải' } }, messageStop()]));
    expectNoRule(result, 'flat/unknown-event');
    expectNoRule(result, 'flat/invalid-event');
    expect(result.view.items.filter((i) => i.kind === 'error').map((i) => i.frames[0])).toEqual([1]);
  });
});

describe('flat/invalid-event', () => {
  it('flags a content_block_start without an index', () => {
    const frames = stream([messageStart(), { type: 'content_block_start', content_block: { type: 'text', text: 'Chào' } }, messageStop()]);
    expectFinding(run(frames), 'flat/invalid-event', 'error', 1);
  });

  it('flags a frame that is not JSON, and keeps it in the view', () => {
    const frames = stream([messageStart(), { raw: 'data: {oops' }, textBlock(0, 'Chào'), messageStop()]);
    const result = run(frames);
    expectFinding(result, 'flat/invalid-event', 'error', 1);
    // Never drop a frame silently: something in the view still points at it.
    expect(allItems(result.view.items).some((i) => i.frames.includes(1))).toBe(true);
  });

  it('accepts text deltas with or without the Anthropic-style type', () => {
    const frames = stream([
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'VNINDEX ' }),
      blockDelta(0, { text: 'tăng 2.69%' }),
      blockStop(0),
      messageStop(),
    ]);
    const result = run(frames);
    expectClean(result);
    expect(result.view.items.map((i) => (i.kind === 'text' ? i.text : i.kind))).toEqual(['VNINDEX tăng 2.69%']);
  });

  it('accepts the same block with its index', () => {
    const frames = stream([messageStart(), blockStart(0, { type: 'text', text: 'Chào' }), blockStop(0), messageStop()]);
    expectClean(run(frames));
  });
});
