// A plain turn: share_thought, one group of tools with a todo plan, then the final answer in several deltas.
import { groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse, writeTodos } from './events';
import type { StreamEvent, Step, Todo } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'normal',
  title: 'Normal turn',
  description: 'share_thought, a group (write_todos, web_search, analyze_price), group_end with summary, final answer',
  userText: 'Thị trường hôm nay thế nào?',
};

const thought = text(0, ['Chào Thảo! ', 'Để mình cập nhật ', 'tình hình thị trường hôm nay nhé.'], { is_part: true });

const PLAN = [
  ['Tìm tin tức thị trường', 'Đang tìm tin tức thị trường'],
  ['Phân tích giá VNINDEX', 'Đang phân tích giá VNINDEX'],
  ['Viết nhận định', 'Đang viết nhận định'],
] as const;
const todos = (done: number): Todo[] =>
  PLAN.map(([content, activeForm], i) => ({ content, activeForm, status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending' }));

const plan = writeTodos(2, 'toolu_n_todos', todos(0));
const planDone = writeTodos(7, 'toolu_n_todos_done', todos(2));

const tools: StreamEvent[] = [
  ...toolUse(3, {
    id: 'toolu_n_search',
    name: 'web_search',
    input: { query: 'thị trường chứng khoán Việt Nam 25/03/2026' },
    tool_content_message: 'Tìm kiếm tin tức thị trường mới nhất ngày 25/03/2026',
  }),
  ...toolResult(4, {
    tool_use_id: 'toolu_n_search',
    status: 'success',
    content: '10 kết quả: VNINDEX tăng mạnh nhờ nhóm ngân hàng và thép; khối ngoại mua ròng 420 tỷ đồng.',
    tool_content_message: 'Tìm kiếm tin tức thị trường mới nhất ngày 25/03/2026',
  }),
  ...toolUse(5, {
    id: 'toolu_n_price',
    name: 'analyze_price',
    input: { symbol: 'VNINDEX', period: '1d' },
    tool_content_message: 'Phân tích giá VNINDEX',
  }),
  ...toolResult(6, {
    tool_use_id: 'toolu_n_price',
    status: 'success',
    content: 'VNINDEX 1,318.42 (+2.69%), thanh khoản 24,500 tỷ đồng, vượt MA20.',
    tool_content_message: 'Phân tích giá VNINDEX',
  }),
];

const SUMMARY = 'Tìm kiếm thông tin thị trường phiên 25/03/2026';
const FINAL = [
  'VNINDEX hôm nay tăng 2.69% ',
  'lên 1,318 điểm, ',
  'dẫn dắt bởi nhóm ngân hàng và thép. ',
  'Thanh khoản đạt 24,500 tỷ đồng, khối ngoại mua ròng 420 tỷ. ',
  'Xu hướng ngắn hạn tích cực; in short, the market is in an uptrend.',
];

export const events: readonly Step[] = [
  messageStart(),
  ...thought,
  groupStart(1),
  ...plan,
  ...tools,
  ...planDone,
  groupEnd(8, SUMMARY),
  ...text(9, FINAL, { is_final: true }),
  messageStop(),
];

const [finalStart, firstDelta, ...finalRest] = text(11, FINAL, { is_final: true }) as [StreamEvent, StreamEvent, ...StreamEvent[]];

export const buggyEvents: readonly Step[] = [
  messageStart(),
  ...thought,
  groupStart(1),
  ...plan,
  ...tools,
  ...planDone,
  // A result for a call the stream never announced.
  ...toolResult(9, {
    tool_use_id: 'toolu_n_ghost',
    status: 'success',
    content: 'Dữ liệu khối ngoại: mua ròng 420 tỷ đồng.',
    tool_content_message: 'Lấy dữ liệu khối ngoại',
  }),
  // The group closes without the summary its header needs.
  groupEnd(10, ''),
  // The first chunk of the answer overtakes its content_block_start.
  firstDelta,
  finalStart,
  ...finalRest,
  messageStop(),
];

export const brokenRules: readonly string[] = [
  'flat/tool-result-orphan',
  'flat/group-end-missing-summary',
  'flat/block-delta-without-start',
];
