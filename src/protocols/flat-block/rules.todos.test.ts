// Todo rules of the catalogue (flat-block-protocol.md sections 3 and 7, "Todos").
import { describe, expect, it } from 'vitest';
import {
  blockDelta,
  blockStart,
  blockStop,
  expectClean,
  expectFinding,
  groupEnd,
  groupStart,
  messageStart,
  messageStop,
  run,
  stream,
  todo,
  toolResult,
  toolUse,
  type Json,
} from './test-support';

const fetchDone = todo('Lấy dữ liệu giá HPG', 'Đang lấy dữ liệu giá HPG', 'completed');
const analyseNow = todo('Phân tích xu hướng', 'Đang phân tích xu hướng', 'in_progress');
const reportLater = todo('Viết báo cáo', 'Đang viết báo cáo', 'pending');

/** A turn with one write_todos call in a group; the call's tool_use start is frame 2. */
function todoTurn(input: unknown, extra: Json[] = []): Json[] {
  return [
    messageStart(),
    groupStart(1),
    ...toolUse(1, { id: 'toolu_01', name: 'write_todos', tool_content_message: 'Update Todos', input }),
    ...extra,
    groupEnd(3, 'Lập kế hoạch'),
    messageStop(),
  ];
}

describe('flat/todos-invalid', () => {
  it.each<[string, unknown]>([
    ['input.todos missing', {}],
    ['input.todos not an array', { todos: 'Lấy dữ liệu giá HPG' }],
    ['an item without content', { todos: [{ activeForm: 'Đang lấy dữ liệu', status: 'pending' }] }],
    ['an item without activeForm', { todos: [{ content: 'Lấy dữ liệu', status: 'pending' }] }],
    ['an item without status', { todos: [{ content: 'Lấy dữ liệu', activeForm: 'Đang lấy dữ liệu' }] }],
    ['a status outside the three values', { todos: [fetchDone, todo('Viết báo cáo', 'Đang viết báo cáo', 'done')] }],
  ])('flags %s', (_name, input) => {
    expectFinding(run(stream(todoTurn(input))), 'flat/todos-invalid', 'error', 2);
  });

  it('accepts a well-formed snapshot', () => {
    expectClean(run(stream(todoTurn({ todos: [fetchDone, analyseNow, reportLater] }))));
  });

  it('applies to any tool whose name contains "todo"', () => {
    const frames = stream([messageStart(), toolUse(0, { id: 't1', name: 'update_todo_list', tool_content_message: 'Cập nhật', input: { todos: 'x' } }), messageStop()]);
    expectFinding(run(frames), 'flat/todos-invalid', 'error', 1);
  });
});

describe('flat/todos-multiple-in-progress', () => {
  it('flags two items in progress', () => {
    const input = { todos: [analyseNow, todo('Viết báo cáo', 'Đang viết báo cáo', 'in_progress')] };
    expectFinding(run(stream(todoTurn(input))), 'flat/todos-multiple-in-progress', 'error', 2);
  });

  it('accepts one item in progress', () => {
    expectClean(run(stream(todoTurn({ todos: [analyseNow, reportLater] }))));
  });
});

describe('flat/todos-empty-text', () => {
  it.each([
    ['content', todo('', 'Đang viết báo cáo', 'pending')],
    ['activeForm', todo('Viết báo cáo', '', 'pending')],
  ])('flags an empty %s', (_name, item) => {
    expectFinding(run(stream(todoTurn({ todos: [fetchDone, item] }))), 'flat/todos-empty-text', 'error', 2);
  });

  it('accepts items whose texts are filled', () => {
    expectClean(run(stream(todoTurn({ todos: [fetchDone, reportLater] }))));
  });
});

describe('flat/todos-delta', () => {
  it('flags a content_block_delta for a todo tool block', () => {
    const frames = stream([
      messageStart(),
      blockStart(0, { type: 'tool_use', id: 'toolu_01', name: 'write_todos', tool_content_message: 'Update Todos', input: { todos: [analyseNow] } }),
      blockDelta(0, { type: 'input_json_delta', partial_json: '{"todos": []}' }),
      blockStop(0),
      messageStop(),
    ]);
    expectFinding(run(frames), 'flat/todos-delta', 'warning', 2);
  });

  it('accepts the whole input in content_block_start followed by the stop', () => {
    const frames = stream([
      messageStart(),
      blockStart(0, { type: 'tool_use', id: 'toolu_01', name: 'write_todos', tool_content_message: 'Update Todos', input: { todos: [analyseNow] } }),
      blockStop(0),
      messageStop(),
    ]);
    const result = run(frames);
    expectClean(result);
    expect(result.view.todos).toEqual([analyseNow]);
  });
});

describe('flat/todos-has-result', () => {
  it('flags a tool_result for a todo tool in the stream', () => {
    const frames = stream(todoTurn({ todos: [analyseNow] }, toolResult(2, { tool_use_id: 'toolu_01' })));
    expectFinding(run(frames), 'flat/todos-has-result', 'warning', 4);
  });

  it('accepts a todo tool without tool_result', () => {
    expectClean(run(stream(todoTurn({ todos: [analyseNow] }))));
  });
});
