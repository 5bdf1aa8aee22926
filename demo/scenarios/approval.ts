// An ordinary tool approval inside the open group: tool_use → approval_request → the user's decision →
// approval_result → tool_result → group_end → final answer. Reject and timeout end the tool with an error.
import {
  SESSION, approvalRequest, approvalResult, approvalTimeout, groupEnd, groupStart, messageStart, messageStop, text, toolResult, toolUse,
} from './events';
import type { Step, StreamEvent } from './events';
import type { ScenarioMeta } from './types';

export const meta: ScenarioMeta = {
  id: 'approval',
  title: 'Tool approval',
  description: 'get_portfolio_detail waits for approve / edit / reject inside its group, then the group ends',
  userText: 'Danh mục Chiến lược 2026 của mình đang thế nào?',
};

const KEY = `${SESSION}_1`;
const LABEL = 'Xem chi tiết danh mục';
const ARGS = { portfolio_name: 'Chiến lược 2026' };

const opening: StreamEvent[] = [
  messageStart(),
  ...text(0, ['Để mình xem ', 'danh mục của Thảo nhé.'], { is_part: true }),
  groupStart(1),
  ...toolUse(2, { id: 'toolu_a_market', name: 'get_market_overview', input: { exchange: 'HOSE' }, tool_content_message: 'Cập nhật tổng quan thị trường' }),
  ...toolResult(3, { tool_use_id: 'toolu_a_market', status: 'success', content: 'VNINDEX 1,318.42 (+2.69%)', tool_content_message: 'Cập nhật tổng quan thị trường' }),
];

const portfolioCall = [
  ...toolUse(5, { id: 'toolu_a_portfolio', name: 'get_portfolio_detail', input: ARGS, tool_content_message: LABEL }),
  ...approvalRequest(6, KEY, {
    action_requests: [{ name: 'get_portfolio_detail', args: ARGS }],
    review_configs: [{ action_name: 'get_portfolio_detail', allowed_decisions: ['approve', 'edit', 'reject'] }],
    timeout_seconds: 300,
  }),
];

const PORTFOLIO = 'Chiến lược 2026: FPT 35%, MBB 25%, HPG 20%, tiền mặt 20%; lãi 12.4% từ đầu năm';

/** The tool's result; the buggy backend sends it twice. */
function result(status: 'success' | 'error', content: string, duplicate: boolean): StreamEvent[] {
  const fields = { tool_use_id: 'toolu_a_portfolio', status, content, tool_content_message: LABEL };
  return duplicate ? [...toolResult(8, fields), ...toolResult(9, fields)] : toolResult(8, fields);
}

const answered = (closeGroup: boolean, answer: readonly string[]): StreamEvent[] => [
  ...(closeGroup ? [groupEnd(10, LABEL)] : []),
  ...text(11, answer, { is_final: true }),
];

const GOOD = ['Danh mục Chiến lược 2026 ', 'đang lãi 12.4% từ đầu năm. ', 'FPT chiếm tỷ trọng lớn nhất (35%); ', 'có thể cân nhắc chốt lời một phần.'];
const NONE = ['Mình chưa xem được danh mục ', 'nên chỉ nhận định chung: thị trường đang tích cực.'];

/** In the buggy variant the group is already closed, so no group_end follows the decision. */
function outcomes(buggy: boolean): Step {
  return {
    await: KEY,
    kind: 'approval',
    approve: [...approvalResult(7, KEY, 'approve'), ...result('success', PORTFOLIO, buggy), ...answered(!buggy, GOOD)],
    edit: [...approvalResult(7, KEY, 'edit'), ...result('success', PORTFOLIO, buggy), ...answered(!buggy, GOOD)],
    reject: [...approvalResult(7, KEY, 'reject'), ...result('error', 'Người dùng từ chối', buggy), ...answered(!buggy, NONE)],
    timeout: [...approvalTimeout(7, KEY), ...result('error', 'Hết thời gian chờ phê duyệt', buggy), ...answered(!buggy, NONE)],
  };
}

export const events: readonly Step[] = [...opening, ...portfolioCall, outcomes(false), messageStop()];

export const buggyEvents: readonly Step[] = [
  ...opening,
  // The group is closed before the call that needs approval, so the approval lands outside any group…
  groupEnd(4, 'Cập nhật tổng quan thị trường'),
  ...portfolioCall,
  // …and every outcome sends the tool_result twice.
  outcomes(true),
  messageStop(),
];

export const brokenRules: readonly string[] = ['flat/approval-outside-group', 'flat/tool-result-duplicate'];
