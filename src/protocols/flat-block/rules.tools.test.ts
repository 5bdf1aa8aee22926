// Tool rules of the catalogue (flat-block-protocol.md section 7, "Tools").
import { describe, expect, it } from 'vitest';
import {
  expectClean,
  expectFinding,
  expectNoRule,
  frameIndex,
  groupEnd,
  groupStart,
  itemOf,
  messageStart,
  messageStop,
  run,
  stream,
  textBlock,
  todo,
  toolResult,
  toolUse,
} from './test-support';

const search = { id: 'tc-1', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức' };
const price = { id: 'tc-2', name: 'analyze_price', tool_content_message: 'Phân tích giá VNINDEX' };

describe('flat/tool-result-orphan', () => {
  it('flags a tool_result whose tool_use_id matches no tool_use', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), toolResult(3, { tool_use_id: 'tc-9' }), groupEnd(4, 'Xong'), messageStop()]);
    const result = run(frames);
    expectFinding(result, 'flat/tool-result-orphan', 'error', 6);
    expect(result.rules).toEqual(['flat/tool-result-orphan']);
  });

  it('accepts a tool_result that matches an earlier tool_use', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, { ...search, id: 'tc-9' }), toolResult(3, { tool_use_id: 'tc-1' }), toolResult(4, { tool_use_id: 'tc-9' }), groupEnd(5, 'Xong'), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/tool-result-duplicate', () => {
  it('flags a second tool_result for the same tool_use_id', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), toolResult(3, { tool_use_id: 'tc-1' }), groupEnd(4, 'Xong'), messageStop()]);
    const result = run(frames);
    expectFinding(result, 'flat/tool-result-duplicate', 'error', 6);
    expect(result.rules).toEqual(['flat/tool-result-duplicate']);
  });

  it('accepts one result per tool_use', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, price), toolResult(3, { tool_use_id: 'tc-1' }), toolResult(4, { tool_use_id: 'tc-2' }), groupEnd(5, 'Xong'), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/tool-without-result', () => {
  it('flags a tool still without result when its group ends, once', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, price), toolResult(3, { tool_use_id: 'tc-1' }), groupEnd(4, 'Xong'), messageStop()]);
    const result = run(frames);
    const finding = expectFinding(result, 'flat/tool-without-result', 'warning', frameIndex(frames, { content_block: { id: 'tc-2' } }));
    expect(result.rules).toEqual(['flat/tool-without-result']);
    // Known as soon as the group ends, not only at the end of the input.
    expect(finding.at).toBe(frameIndex(frames, { type: 'group_end' }));
  });

  it('flags a tool outside any group still without result at message_stop', () => {
    const frames = stream([messageStart(), toolUse(0, search), textBlock(1, 'Kết quả', { isFinal: true }), messageStop()]);
    expect(expectFinding(run(frames), 'flat/tool-without-result', 'warning', 1).at).toBe(6);
  });

  it('accepts tools whose results arrive before the group ends', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, price), toolResult(3, { tool_use_id: 'tc-1' }), toolResult(4, { tool_use_id: 'tc-2' }), groupEnd(5, 'Xong'), messageStop()]);
    expectClean(run(frames));
  });

  it('flags every tool left without result among many, in the order they arrived, once each', () => {
    // Enough tools, most answered, that the list of waiting tools is compacted on the way.
    const uses = Array.from({ length: 60 }, (_, i) => toolUse(i, { ...search, id: `tc-${i}` }));
    const answered = uses.flatMap((_, i) => (i % 7 === 3 ? [] : [toolResult(60 + i, { tool_use_id: `tc-${i}` })]));
    const frames = stream([messageStart(), ...uses.slice(0, 30), ...answered.slice(0, 20), ...uses.slice(30), ...answered.slice(20), messageStop()]);
    const missing = run(frames).findings.filter((f) => f.rule === 'flat/tool-without-result');
    const unanswered = [3, 10, 17, 24, 31, 38, 45, 52, 59];
    expect(missing.map((f) => f.frames[0])).toStrictEqual(unanswered.map((i) => frameIndex(frames, { content_block: { id: `tc-${i}` } })));
  });

  it('does not expect a result from ask_user_question (flagged by its own rule instead)', () => {
    const ask = { id: 'q-1', name: 'ask_user_question', tool_content_message: 'Hỏi người dùng', input: { questions: [] } };
    const frames = stream([messageStart(), groupStart(1), toolUse(1, ask), groupEnd(2, 'Hỏi'), messageStop()]);
    expectNoRule(run(frames), 'flat/tool-without-result');
  });

  it('does not expect a result from a todo tool', () => {
    const todos = { todos: [todo('Lấy dữ liệu giá HPG', 'Đang lấy dữ liệu giá HPG', 'in_progress')] };
    const frames = stream([messageStart(), groupStart(1), toolUse(1, { id: 'toolu_01', name: 'write_todos', tool_content_message: 'Update Todos', input: todos }), groupEnd(2, 'Lập kế hoạch'), messageStop()]);
    expectClean(run(frames));
  });
});

describe('flat/tool-empty-label', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
  ])('reports a %s tool_content_message and labels the tool with the humanised name', (_name, label) => {
    const call = { id: 'tc-1', name: 'web_search', ...(label === undefined ? {} : { tool_content_message: label }) };
    const frames = stream([messageStart(), groupStart(1), toolUse(1, call), toolResult(2, { tool_use_id: 'tc-1' }), groupEnd(3, 'Xong'), messageStop()]);
    const result = run(frames);
    expectFinding(result, 'flat/tool-empty-label', 'info', 2);
    const tool = itemOf(itemOf(result.view.items, 0, 'group').items, 0, 'tool');
    expect(tool.label).toBe('Web search');
  });

  it('is silent when the tool has a label, which the UI shows', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolResult(2, { tool_use_id: 'tc-1' }), groupEnd(3, 'Xong'), messageStop()]);
    const result = run(frames);
    expectClean(result);
    expect(itemOf(itemOf(result.view.items, 0, 'group').items, 0, 'tool').label).toBe('Tìm kiếm tin tức');
  });
});

describe('flat/tool-use-duplicate-id', () => {
  it('flags a second tool_use with an id already used', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, { ...price, id: 'tc-1' }), toolResult(3, { tool_use_id: 'tc-1' }), groupEnd(4, 'Xong'), messageStop()]);
    expectFinding(run(frames), 'flat/tool-use-duplicate-id', 'error', 4);
  });

  it('accepts distinct ids', () => {
    const frames = stream([messageStart(), groupStart(1), toolUse(1, search), toolUse(2, price), toolResult(3, { tool_use_id: 'tc-1' }), toolResult(4, { tool_use_id: 'tc-2' }), groupEnd(5, 'Xong'), messageStop()]);
    const result = run(frames);
    expectNoRule(result, 'flat/tool-use-duplicate-id');
    expectClean(result);
  });
});
