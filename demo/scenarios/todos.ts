// A plan that progresses: several write_todos snapshots (one in_progress at a time) and a sub-agent's own
// list, which carries parent_tool_use_id and must not replace the top-level list.
import { groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse, writeTodos } from './events';
import type { StreamEvent, Step, Todo } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'todos',
  title: 'Todo list',
  description: 'write_todos snapshots progressing through a plan, plus a sub-agent list with parent_tool_use_id',
  userText: 'Phân tích giúp mình cổ phiếu HPG',
};

const PLAN = [
  ['Lấy dữ liệu giá HPG', 'Đang lấy dữ liệu giá HPG'],
  ['Phân tích xu hướng kỹ thuật', 'Đang phân tích xu hướng kỹ thuật'],
  ['So sánh với nhóm thép', 'Đang so sánh với nhóm thép'],
  ['Viết báo cáo tổng hợp', 'Đang viết báo cáo tổng hợp'],
] as const;

/** The plan with the first `done` items completed and the next one in progress. */
function snapshot(done: number): Todo[] {
  return PLAN.map(([content, activeForm], i) => ({
    content,
    activeForm,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}

const SUB_AGENT = 'toolu_t_agent';
const subAgentTodos: Todo[] = [
  { content: 'Tính MA20, MA50', activeForm: 'Đang tính MA20, MA50', status: 'completed' },
  { content: 'Xác định vùng hỗ trợ', activeForm: 'Đang xác định vùng hỗ trợ', status: 'in_progress' },
];

function turn(bug: boolean): Step[] {
  const second = snapshot(1);
  // Buggy backend: forgets to complete the first item before starting the second.
  if (bug) second[0] = { ...second[0]!, status: 'in_progress' };
  const [thirdStart, thirdStop] = writeTodos(11, 'toolu_t_todos3', snapshot(2)) as [StreamEvent, StreamEvent];
  return [
    messageStart(),
    ...text(0, ['Mình sẽ lập kế hoạch ', 'rồi phân tích HPG từng bước.'], { is_part: true }),
    groupStart(1),
    ...writeTodos(2, 'toolu_t_todos1', snapshot(0)),
    ...toolUse(3, { id: 'toolu_t_price', name: 'get_stock_price', input: { symbol: 'HPG' }, tool_content_message: 'Lấy dữ liệu giá HPG' }),
    ...toolResult(4, { tool_use_id: 'toolu_t_price', status: 'success', content: 'HPG 28,350 (+1.6%), KLGD 32.4 triệu cp', tool_content_message: 'Lấy dữ liệu giá HPG' }),
    ...writeTodos(5, 'toolu_t_todos2', second),
    ...toolUse(6, { id: SUB_AGENT, name: 'task', input: { description: 'Phân tích kỹ thuật HPG', subagent_type: 'technical-analyst' }, tool_content_message: 'Giao phân tích kỹ thuật cho trợ lý' }),
    ...writeTodos(7, 'toolu_t_sub_todos', subAgentTodos, SUB_AGENT),
    ...toolUse(8, { id: 'toolu_t_ma', name: 'calc_indicators', input: { symbol: 'HPG', indicators: ['MA20', 'MA50'] }, tool_content_message: 'Tính chỉ báo kỹ thuật HPG', parent_tool_use_id: SUB_AGENT }),
    ...toolResult(9, { tool_use_id: 'toolu_t_ma', status: 'success', content: 'MA20 27,900; MA50 26,800', tool_content_message: 'Tính chỉ báo kỹ thuật HPG' }),
    ...toolResult(10, { tool_use_id: SUB_AGENT, status: 'success', content: 'Xu hướng tăng, hỗ trợ 27,500, kháng cự 29,800', tool_content_message: 'Giao phân tích kỹ thuật cho trợ lý' }),
    thirdStart,
    // Buggy backend: streams the todo input as a delta like an ordinary tool's arguments.
    ...(bug ? [{ type: 'content_block_delta', index: 11, delta: { type: 'input_json_delta', partial_json: '' } }] : []),
    thirdStop,
    ...toolUse(12, { id: 'toolu_t_peers', name: 'compare_peers', input: { symbols: ['HPG', 'HSG', 'NKG'] }, tool_content_message: 'So sánh HPG với HSG, NKG' }),
    ...toolResult(13, { tool_use_id: 'toolu_t_peers', status: 'success', content: 'P/E: HPG 11.2, HSG 13.5, NKG 15.1', tool_content_message: 'So sánh HPG với HSG, NKG' }),
    ...writeTodos(14, 'toolu_t_todos4', snapshot(3)),
    ...writeTodos(15, 'toolu_t_todos5', snapshot(4)),
    // Buggy backend: answers the todo call with a tool_result, which write_todos never has.
    ...(bug ? toolResult(16, { tool_use_id: 'toolu_t_todos5', status: 'success', content: 'Updated todo list', tool_content_message: 'Cập nhật kế hoạch' }) : []),
    groupEnd(17, 'Phân tích cổ phiếu HPG'),
    ...text(18, [
      'HPG đang trong xu hướng tăng: ',
      'giá 28,350 nằm trên MA20 và MA50, ',
      'hỗ trợ 27,500, kháng cự 29,800. ',
      'P/E 11.2 thấp hơn HSG và NKG — định giá hấp dẫn trong nhóm thép.',
    ], { is_final: true }),
    messageStop(),
  ];
}

export const events: readonly Step[] = turn(false);
export const buggyEvents: readonly Step[] = turn(true);
export const brokenRules: readonly string[] = ['flat/todos-multiple-in-progress', 'flat/todos-delta', 'flat/todos-has-result'];
