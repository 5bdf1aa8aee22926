// Ordinary tool approval rules of the catalogue (flat-block-protocol.md sections 4 and 7).
import { describe, expect, it } from 'vitest';
import {
  approvalReply,
  approvalRequest,
  approvalResult,
  approvalTimeout,
  expectClean,
  expectFinding,
  groupEnd,
  groupStart,
  historyFrame,
  historyResponse,
  hToolCalls,
  hUser,
  messageStart,
  messageStop,
  question,
  questionRequest,
  run,
  stream,
  subscribe,
  textBlock,
  toolApprovalRequest,
  toolResult,
  toolUse,
  withEventIds,
  type Entry,
} from './test-support';

const KEY = 'sess-1_1';
const portfolio = { id: 'tc-1', name: 'get_portfolio_detail', tool_content_message: 'Xem chi tiết danh mục' };
const action = { name: 'get_portfolio_detail', args: { portfolio: 'Chiến lược 2026' } };

/**
 * tool_use → approval_request → reply → approval_result → tool_result, inside a group unless
 * `group: false`. With the group: the request's start is frame 4 and the reply frame 7.
 */
function approvalTurn(opts: { group?: boolean; request?: Entry; reply?: Entry; status?: string } = {}): Entry[] {
  const inGroup = opts.group !== false;
  return [
    messageStart(),
    inGroup ? [groupStart(1)] : [],
    toolUse(1, portfolio),
    opts.request ?? toolApprovalRequest(2, KEY, action),
    opts.reply ?? approvalReply(KEY, { decisions: [{ type: 'approve' }] }),
    approvalResult(3, KEY, { decisions: [{ type: opts.status === 'error' ? 'reject' : 'approve' }] }),
    toolResult(4, { tool_use_id: 'tc-1', status: opts.status ?? 'success' }),
    inGroup ? [groupEnd(5, 'Xem chi tiết danh mục')] : [],
    messageStop(),
  ];
}

describe('flat/approval-outside-group', () => {
  it('warns about an ordinary approval_request while no group is open', () => {
    // Without the group the request's start is frame 3 and its delta frame 4.
    expectFinding(run(stream(approvalTurn({ group: false }))), 'flat/approval-outside-group', 'warning', [3, 4]);
  });

  it('accepts the approval inside the open group', () => {
    expectClean(run(stream(approvalTurn())));
  });
});

describe('flat/reply-unknown-key', () => {
  it('flags a reply whose approval_key matches no pending request', () => {
    const reply = approvalReply('sess-1_9', { decisions: [{ type: 'approve' }] });
    expectFinding(run(stream(approvalTurn({ reply }))), 'flat/reply-unknown-key', 'error', 7);
  });

  it('accepts a reply to the pending request', () => {
    expectClean(run(stream(approvalTurn({ reply: approvalReply(KEY, { decisions: [{ type: 'approve' }] }) }))));
  });

  it('accepts a reply to the approval a History API response says is pending', () => {
    const pending = { approval_key: KEY, action_requests: [action], review_configs: [{ action_name: action.name, allowed_decisions: ['approve', 'reject'] }], timeout_seconds: 300 };
    const frames = stream([
      historyFrame(historyResponse([hUser('xem danh mục'), hToolCalls([portfolio], 'group_start', { summary: 'Xem chi tiết danh mục' })], { agent_status: 'running', last_event_id: '57', pending_approval: pending })),
      subscribe('57'),
      approvalReply(KEY, { decisions: [{ type: 'approve' }] }),
      withEventIds(58, [...approvalResult(3, KEY), ...toolResult(4, { tool_use_id: 'tc-1' }), groupEnd(5, 'Xem chi tiết danh mục'), messageStop()]),
    ]);
    expectClean(run(frames));
  });
});

describe('flat/approval-answered-with-answers', () => {
  it('flags answers sent to an ordinary approval', () => {
    const reply = approvalReply(KEY, { answers: { 'Xem chi tiết danh mục?': 'Có' } });
    expectFinding(run(stream(approvalTurn({ reply }))), 'flat/approval-answered-with-answers', 'error', 7);
  });

  it('accepts decisions, also as bare strings', () => {
    expectClean(run(stream(approvalTurn({ reply: approvalReply(KEY, { decisions: ['approve'] }) }))));
  });
});

describe('flat/decision-not-allowed', () => {
  const request = toolApprovalRequest(2, KEY, { ...action, allowed: ['approve', 'reject'] });

  it.each([
    ['an object decision', { type: 'edit', args: { portfolio: 'Tăng trưởng' } }],
    ['a bare string decision', 'edit'],
  ])('flags %s outside allowed_decisions', (_name, decision) => {
    const reply = approvalReply(KEY, { decisions: [decision] });
    expectFinding(run(stream(approvalTurn({ request, reply }))), 'flat/decision-not-allowed', 'error', 7);
  });

  it('accepts an allowed decision', () => {
    const reply = approvalReply(KEY, { decisions: [{ type: 'reject' }] });
    expectClean(run(stream(approvalTurn({ request, reply, status: 'error' }))));
  });
});

describe('flat/reply-after-timeout', () => {
  /** The request at 1 s, the reply `replyAt` ms after the stream began. */
  function timed(request: Entry, replyAt: number, reply: Entry = approvalReply(KEY, { decisions: [{ type: 'approve' }] })) {
    return approvalTurn({ request: { at: 1_000, event: request }, reply: { at: replyAt, event: reply } });
  }

  it('warns about a reply later than timeout_seconds', () => {
    const request = toolApprovalRequest(2, KEY, { ...action, timeout_seconds: 60 });
    expectFinding(run(stream(timed(request, 62_000))), 'flat/reply-after-timeout', 'warning', 7);
  });

  it('accepts a reply within timeout_seconds', () => {
    const request = toolApprovalRequest(2, KEY, { ...action, timeout_seconds: 60 });
    expectClean(run(stream(timed(request, 60_000))));
  });

  it('uses 300 s for an ordinary tool without timeout_seconds', () => {
    const request = toolApprovalRequest(2, KEY, { ...action, timeout_seconds: null });
    expectFinding(run(stream(timed(request, 302_000))), 'flat/reply-after-timeout', 'warning', 7);
    expectClean(run(stream(timed(request, 299_000))));
  });

  it('uses 600 s for a question without timeout_seconds', () => {
    const q = question('Thời gian nắm giữ dự kiến?', ['Trên 3 năm', '1-3 năm']);
    const turn = (replyAt: number): Entry[] => [
      messageStart(),
      { at: 1_000, event: questionRequest(0, KEY, [q], { timeout_seconds: null }) },
      { at: replyAt, event: approvalReply(KEY, { answers: { 'Thời gian nắm giữ dự kiến?': 'Trên 3 năm' } }) },
      textBlock(1, 'Cảm ơn!', { isFinal: true }),
      messageStop(),
    ];
    expectClean(run(stream(turn(500_000))));
    expectFinding(run(stream(turn(602_000))), 'flat/reply-after-timeout', 'warning', 4);
  });
});

describe('flat/approval-without-outcome', () => {
  const request = approvalRequest(1, KEY, {
    action_requests: [action],
    review_configs: [{ action_name: 'get_portfolio_detail', allowed_decisions: ['approve', 'reject'] }],
    timeout_seconds: 300,
  });

  it('warns about a request followed by message_stop with no outcome', () => {
    const frames = stream([messageStart(), groupStart(1), request, groupEnd(2, 'Chờ xác nhận'), messageStop()]);
    expect(expectFinding(run(frames), 'flat/approval-without-outcome', 'warning', [2, 3]).at).toBe(6);
  });

  it.each<[string, Entry]>([
    ['a reply', approvalReply(KEY, { decisions: [{ type: 'reject' }] })],
    ['an approval_result', approvalResult(2, KEY, { decisions: [{ type: 'reject' }] })],
    ['an approval_timeout', approvalTimeout(2, KEY)],
  ])('accepts a request with %s before message_stop', (_name, outcome) => {
    expectClean(run(stream([messageStart(), groupStart(1), request, outcome, groupEnd(3, 'Chờ xác nhận'), messageStop()])));
  });
});
