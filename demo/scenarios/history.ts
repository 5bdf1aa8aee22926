// A finished turn to reload afterwards: the page rebuilds it from the History API, which must show what
// was streamed. The buggy backend's history endpoint leaves out the group's second tool (its call and
// its result), so after the reload the group has one tool fewer than the page showed live.
import { groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse } from './events';
import type { Step } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'history',
  title: 'Reload after the answer',
  description: 'a group of three tools and the answer; press Reload when it has finished: history must show the same turn',
  userText: 'Tóm tắt phiên hôm nay giúp mình',
};

const STEPS = [
  { id: 'toolu_h_news', name: 'web_search', input: { query: 'tin tức chứng khoán 25/03/2026' }, label: 'Tìm kiếm tin tức thị trường', result: '12 bài viết' },
  { id: 'toolu_h_flow', name: 'get_foreign_flow', input: { exchange: 'HOSE' }, label: 'Lấy dữ liệu khối ngoại', result: 'Mua ròng 420 tỷ đồng' },
  { id: 'toolu_h_price', name: 'analyze_price', input: { symbol: 'VNINDEX' }, label: 'Phân tích giá VNINDEX', result: '1,318.42 (+2.69%)' },
] as const;

const tools = STEPS.flatMap((step, i) => [
  ...toolUse(2 + i * 2, { id: step.id, name: step.name, input: step.input, tool_content_message: step.label }),
  ...toolResult(3 + i * 2, { tool_use_id: step.id, status: 'success', content: step.result, tool_content_message: step.label }),
]);

const last = 2 + STEPS.length * 2;

export const events: readonly Step[] = [
  messageStart(),
  ...text(0, ['Mình tóm tắt phiên hôm nay nhé.'], { is_part: true }),
  groupStart(1),
  ...tools,
  groupEnd(last, 'Tổng hợp phiên 25/03/2026'),
  ...text(last + 1, ['VNINDEX tăng 2.69% lên 1,318 điểm; ', 'khối ngoại mua ròng 420 tỷ.'], { is_final: true }),
  messageStop(),
];

// The stream is the same; the buggy backend's History API drops a tool (see history.ts).
export const buggyEvents: readonly Step[] = events;
export const buggyHistory = 'drop-tool' as const;
export const brokenRules: readonly string[] = ['flat/history-differs-from-live'];
