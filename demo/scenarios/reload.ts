// A long-running turn (about half a minute) with numbered events, made to be reloaded mid-group: the page
// restores the History API and subscribes with last_event_id, and the replay must continue the open group.
import { groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse, writeTodos } from './events';
import type { Step, StreamEvent, Todo } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'reload',
  title: 'Reload mid-run',
  description: 'a slow group of tools; press Reload while it runs: history + subscribe with last_event_id',
  userText: 'Rà soát toàn bộ thị trường phiên hôm nay giúp mình',
};

const STEPS = [
  { id: 'toolu_r_news', name: 'web_search', input: { query: 'tin tức chứng khoán 25/03/2026' }, label: 'Tìm kiếm tin tức thị trường', result: '12 bài viết: ngân hàng dẫn dắt, thép hồi phục' },
  { id: 'toolu_r_flow', name: 'get_foreign_flow', input: { exchange: 'HOSE' }, label: 'Lấy dữ liệu khối ngoại', result: 'Mua ròng 420 tỷ đồng, tập trung FPT, MBB' },
  { id: 'toolu_r_price', name: 'analyze_price', input: { symbol: 'VNINDEX' }, label: 'Phân tích giá VNINDEX', result: '1,318.42 (+2.69%), vượt MA20, RSI 64' },
  { id: 'toolu_r_sector', name: 'analyze_sector', input: { sectors: ['Ngân hàng', 'Thép', 'Bất động sản'] }, label: 'Phân tích dòng tiền theo ngành', result: 'Ngân hàng +3.1%, Thép +2.4%, BĐS +0.8%' },
] as const;

const plan = (done: number): Todo[] =>
  STEPS.map((step, i) => ({
    content: step.label,
    activeForm: `Đang ${step.label.charAt(0).toLowerCase()}${step.label.slice(1)}`,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));

/** Each tool: plan update, call, a slow wait, result. Indices 2.. in steps of 3. */
function toolSteps(): Step[] {
  return STEPS.flatMap((step, i): Step[] => {
    const at = 2 + i * 3;
    return [
      ...writeTodos(at, `toolu_r_todos${i + 1}`, plan(i)),
      ...toolUse(at + 1, { id: step.id, name: step.name, input: step.input, tool_content_message: step.label }),
      { pause: 3500 },
      ...toolResult(at + 2, { tool_use_id: step.id, status: 'success', content: step.result, tool_content_message: step.label }),
    ];
  });
}

const last = 2 + STEPS.length * 3;
const closing: StreamEvent[] = [
  ...writeTodos(last, 'toolu_r_todos_done', plan(STEPS.length)),
  groupEnd(last + 1, 'Rà soát thị trường phiên 25/03/2026'),
  ...text(last + 2, [
    'Phiên 25/03: VNINDEX tăng 2.69% lên 1,318 điểm. ',
    'Ngân hàng dẫn dắt (+3.1%), thép hồi phục (+2.4%). ',
    'Khối ngoại mua ròng 420 tỷ, tập trung FPT và MBB. ',
    'Xu hướng ngắn hạn tích cực.',
  ], { is_final: true }),
  messageStop(),
];

export const events: readonly Step[] = [
  messageStart(),
  ...text(0, ['Mình sẽ rà soát thị trường, ', 'việc này mất khoảng nửa phút. ', 'Thảo cứ bấm Reload bất cứ lúc nào.'], { is_part: true }),
  groupStart(1),
  ...toolSteps(),
  ...closing,
];

// The events are the same; the buggy backend's replay starts AT last_event_id instead of after it. History
// always ends on a content_block_stop, so the repeated event is a stop for a block that is no longer open.
export const buggyEvents: readonly Step[] = events;
export const buggyReplay = 'overlap' as const;
export const brokenRules: readonly string[] = ['flat/replay-overlap', 'flat/block-stop-without-start'];
