// Every stream example of seeds 000 (groups) and 002 (todos), as a test of the view model a correct
// client shows. Where a seed gives only a schematic sequence, the events are built to match it.
import { describe, expect, it } from 'vitest';
import { groupHeaderText, WORKING_TEXT, type ViewItem } from '../../model/view';
import { renderText } from '../../model/render-text';
import writeTodosStream from './testdata/002-write-todos-stream.json';
import {
  expectClean,
  expectFinding,
  frameIndex,
  groupEnd,
  groupStart,
  itemOf,
  kinds,
  messageStart,
  messageStop,
  run,
  stream,
  textBlock,
  thinkingBlock,
  todo,
  toolResult,
  toolUse,
} from './test-support';

const SUMMARY = 'Tìm kiếm thông tin thị trường phiên 25/03/2026';
const news = { id: 'toolu_ws', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức thị trường mới nhất ngày 25/03/2026', input: { query: 'tin tức thị trường 25/03/2026' } };
const price = { id: 'toolu_ap', name: 'analyze_price', tool_content_message: 'Phân tích giá VNINDEX', input: { symbol: 'VNINDEX' } };
const plan = [
  todo('Lấy dữ liệu giá VNINDEX', 'Đang lấy dữ liệu giá VNINDEX', 'in_progress'),
  todo('Tìm kiếm tin tức mới nhất', 'Đang tìm kiếm tin tức mới nhất', 'pending'),
];

describe('seed 000: a typical turn', () => {
  // share_thought text → group(web_search) → group_end(summary) → final answer.
  const frames = stream([
    messageStart(),
    textBlock(0, 'Để mình kiểm tra...', { isPart: true }),
    groupStart(1),
    toolUse(1, news),
    toolResult(2, { tool_use_id: 'toolu_ws', content: '10 kết quả', status: 'success' }),
    groupEnd(3, SUMMARY),
    textBlock(3, 'VNINDEX hôm nay tăng 2.69%...', { isFinal: true, chunks: ['VNINDEX hôm nay ', 'tăng 2.69%...'] }),
    messageStop(),
  ]);

  it('renders standalone texts around one done group whose tool merged its result', () => {
    const result = run(frames);
    expectClean(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['text', 'group', 'text']);
    expect(itemOf(view.items, 0, 'text')).toMatchObject({ text: 'Để mình kiểm tra...', part: true, final: false, brand: true });
    const group = itemOf(view.items, 1, 'group');
    expect(group).toMatchObject({ summary: SUMMARY, done: true, open: false });
    expect(groupHeaderText(group)).toBe(SUMMARY);
    // The tool_result is merged into its tool_use and not rendered on its own.
    expect(kinds(group.items)).toEqual(['tool']);
    expect(itemOf(group.items, 0, 'tool')).toMatchObject({ toolId: 'toolu_ws', name: 'web_search', label: news.tool_content_message, status: 'success' });
    expect(itemOf(view.items, 2, 'text')).toMatchObject({ text: 'VNINDEX hôm nay tăng 2.69%...', final: true, part: false, brand: false });
    expect(view.streaming).toBe(false);
  });

  it('renders as text with the texts, the summary and the tool label in order', () => {
    const text = renderText(run(frames).view);
    const order = ['Để mình kiểm tra...', SUMMARY, news.tool_content_message, 'VNINDEX hôm nay tăng 2.69%...'].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0), text).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('seed 000: blocks inside a group (write_todos + web_search)', () => {
  // KNOWN CONFLICT: seed 000 shows a tool_result for write_todos inside the group, while seed 002
  // says write_todos has no tool_result; rule flat/todos-has-result follows 002. The example is
  // kept as 000 draws it, so exactly that warning is expected and nothing else.
  const frames = stream([
    messageStart(),
    groupStart(0),
    toolUse(0, { id: 'toolu_td', name: 'write_todos', tool_content_message: 'Lập kế hoạch phân tích', input: { todos: plan } }),
    toolUse(1, news),
    toolResult(2, { tool_use_id: 'toolu_td', status: 'success' }),
    toolResult(3, { tool_use_id: 'toolu_ws', status: 'success' }),
    groupEnd(4, SUMMARY),
    messageStop(),
  ]);

  it('warns only about the write_todos tool_result', () => {
    const result = run(frames);
    expect(result.rules).toEqual(['flat/todos-has-result']);
    expectFinding(result, 'flat/todos-has-result', 'warning', frameIndex(frames, { content_block: { tool_use_id: 'toolu_td' } }));
  });

  it('shows both tools in the group and the todo snapshot in the side panel', () => {
    const { view } = run(frames);
    const group = itemOf(view.items, 0, 'group');
    expect(group.items.map((i) => (i.kind === 'tool' ? i.name : i.kind))).toEqual(['write_todos', 'web_search']);
    expect(itemOf(group.items, 0, 'tool').todos).toEqual(plan);
    expect(view.todos).toEqual(plan);
  });
});

describe('seed 000: normal streaming flow', () => {
  const frames = stream([
    messageStart(),
    textBlock(0, 'Chào Thảo! Chờ mình cập nhật nhé.', { isPart: true }),
    groupStart(1),
    toolUse(1, news),
    toolUse(2, price),
    toolResult(3, { tool_use_id: 'toolu_ws', content: '10 kết quả' }),
    toolResult(4, { tool_use_id: 'toolu_ap', content: 'Tăng 2.69%' }),
    groupEnd(5, SUMMARY),
    textBlock(5, 'VNINDEX hôm nay tăng 2.69%...', { isFinal: true }),
    messageStop(),
  ]);
  /** The view as the client sees it right after the frame matching `partial`. */
  const viewAfter = (partial: Record<string, unknown>, nth = 1) =>
    run(frames.slice(0, frameIndex(frames, partial, nth) + 1), { finish: false }).view;
  const statuses = (items: readonly ViewItem[]) => items.map((i) => (i.kind === 'tool' ? i.status : i.kind));

  it('opens a running group with the working header at group_start', () => {
    const view = viewAfter({ type: 'group_start' });
    expect(view.streaming).toBe(true);
    const group = itemOf(view.items, 1, 'group');
    expect(group).toMatchObject({ done: false, open: true, items: [] });
    expect(groupHeaderText(group)).toBe(WORKING_TEXT);
  });

  it('adds running tools and heads the group with the newest label', () => {
    const group = itemOf(viewAfter({ content_block: { id: 'toolu_ap' } }).items, 1, 'group');
    expect(statuses(group.items)).toEqual(['pending', 'pending']);
    expect(groupHeaderText(group)).toBe('Phân tích giá VNINDEX');
  });

  it('turns a tool green when its result arrives', () => {
    const group = itemOf(viewAfter({ content_block: { tool_use_id: 'toolu_ws' } }).items, 1, 'group');
    expect(statuses(group.items)).toEqual(['success', 'pending']);
  });

  it('closes the group with its summary at group_end', () => {
    const group = itemOf(viewAfter({ type: 'group_end' }).items, 1, 'group');
    expect(group).toMatchObject({ done: true, open: false, summary: SUMMARY });
    expect(statuses(group.items)).toEqual(['success', 'success']);
    expect(groupHeaderText(group)).toBe(SUMMARY);
  });

  it('ends with the final answer standalone and no findings', () => {
    const result = run(frames);
    expectClean(result);
    expect(kinds(result.view.items)).toEqual(['text', 'group', 'text']);
    expect(result.view.streaming).toBe(false);
  });
});

describe('seed 000: grouping rules (section 5)', () => {
  it('keeps thinking and is_part texts inside the open group; a text that is not is_part closes it', () => {
    const frames = stream([
      messageStart(),
      groupStart(0),
      thinkingBlock(0, 'Cần giá và tin tức'),
      textBlock(1, 'Mình tìm tin tức trước nhé.', { isPart: true }),
      toolUse(2, news),
      toolResult(3, { tool_use_id: 'toolu_ws' }),
      textBlock(4, 'VNINDEX hôm nay tăng 2.69%...', { isFinal: true }),
      messageStop(),
    ]);
    const { view } = run(frames);
    expect(kinds(view.items)).toEqual(['group', 'text']);
    const group = itemOf(view.items, 0, 'group');
    expect(group.done).toBe(false);
    expect(group.items.map((i) => (i.kind === 'tool' ? i.name : i.kind === 'reasoning' || i.kind === 'text' ? `${i.kind}:${i.text}` : i.kind))).toEqual([
      'reasoning:Cần giá và tin tức',
      'text:Mình tìm tin tức trước nhé.',
      'web_search',
    ]);
    expect(itemOf(view.items, 1, 'text').final).toBe(true);
  });

  it('keeps a group that never ended open only while the turn streams', () => {
    const frames = stream([messageStart(), groupStart(0), toolUse(0, news), messageStop()]);
    const running = run(frames.slice(0, 4), { finish: false }).view;
    expect(running.streaming).toBe(true);
    expect(itemOf(running.items, 0, 'group')).toMatchObject({ done: false, open: true });
    const stopped = run(frames, { finish: false }).view;
    expect(stopped.streaming).toBe(false);
    expect(itemOf(stopped.items, 0, 'group')).toMatchObject({ done: false, open: false });
  });

  it('shows a cancelled tool as failed (red)', () => {
    const frames = stream([messageStart(), groupStart(0), toolUse(0, news), toolResult(1, { tool_use_id: 'toolu_ws', status: 'cancelled' }), groupEnd(2, SUMMARY), messageStop()]);
    expect(itemOf(itemOf(run(frames).view.items, 0, 'group').items, 0, 'tool').status).toBe('error');
  });
});

describe('seed 000: brand header in the stream', () => {
  it('shows the brand on the first text of each turn (message_start begins a turn)', () => {
    const turn = (first: string, last: string) => [messageStart(), textBlock(0, first, { isPart: true }), textBlock(1, last, { isFinal: true }), messageStop()];
    const { view } = run(stream([turn('Chào Thảo!', 'VNINDEX tăng 2.69%.'), turn('Để mình xem HPG.', 'HPG tăng 1.2%.')]));
    expect(view.items.map((i) => (i.kind === 'text' ? [i.text, i.brand] : i.kind))).toEqual([
      ['Chào Thảo!', true],
      ['VNINDEX tăng 2.69%.', false],
      ['Để mình xem HPG.', true],
      ['HPG tăng 1.2%.', false],
    ]);
  });
});

describe('seed 002: write_todos in the stream', () => {
  const snapshot = writeTodosStream[0]?.content_block?.input.todos;

  it('reads the seed snapshot (two items)', () => {
    expect(snapshot).toHaveLength(2);
  });

  it('takes the whole snapshot from content_block_start, with no delta and no tool_result', () => {
    const frames = stream([messageStart(), writeTodosStream, textBlock(2, 'Đang phân tích...', { isFinal: true }), messageStop()]);
    const result = run(frames);
    expectClean(result);
    expect(result.view.todos).toEqual(snapshot);
    const tool = itemOf(result.view.items, 0, 'tool');
    expect(tool).toMatchObject({ toolId: 'toolu_01', name: 'write_todos', label: 'Update Todos', todos: snapshot });
  });

  it('updates the side panel as soon as content_block_start arrives', () => {
    const frames = stream([messageStart(), writeTodosStream]);
    expect(run(frames.slice(0, 2), { finish: false }).view.todos).toEqual(snapshot);
  });

  it('keeps the latest top-level snapshot and ignores a sub-agent list', () => {
    const done = [
      todo('Lấy dữ liệu giá HPG', 'Đang lấy dữ liệu giá HPG', 'completed'),
      todo('Phân tích xu hướng', 'Đang phân tích xu hướng', 'completed'),
      todo('Viết báo cáo', 'Đang viết báo cáo', 'in_progress'),
    ];
    const subAgent = [todo('Đọc báo cáo tài chính', 'Đang đọc báo cáo tài chính', 'in_progress')];
    const frames = stream([
      messageStart(),
      writeTodosStream,
      groupStart(2),
      toolUse(2, { id: 'toolu_task', name: 'task', tool_content_message: 'Giao việc cho trợ lý phân tích', input: { description: 'Đọc BCTC HPG' } }),
      toolUse(3, { id: 'toolu_sub', name: 'write_todos', tool_content_message: 'Update Todos', parent_tool_use_id: 'toolu_task', input: { todos: subAgent } }),
      toolResult(4, { tool_use_id: 'toolu_task', content: 'Đã đọc xong' }),
      groupEnd(5, 'Đọc báo cáo tài chính'),
      toolUse(5, { id: 'toolu_02', name: 'write_todos', tool_content_message: 'Update Todos', input: { todos: done } }),
      textBlock(6, 'Đang viết báo cáo...', { isFinal: true }),
      messageStop(),
    ]);
    expect(run(frames.slice(0, frameIndex(frames, { content_block: { id: 'toolu_sub' } }) + 1), { finish: false }).view.todos).toEqual(snapshot);
    const result = run(frames);
    expectClean(result);
    expect(result.view.todos).toEqual(done);
    const sub = itemOf(result.view.items, 1, 'group').items.find((i) => i.kind === 'tool' && i.toolId === 'toolu_sub');
    expect(sub).toMatchObject({ parentToolId: 'toolu_task', todos: subAgent });
  });
});
