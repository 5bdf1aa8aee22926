// Seed 000's reload ("F5") flows: history first, then the stream replay joins the same block array.
import { describe, expect, it } from 'vitest';
import {
  approvalReply,
  approvalResult,
  allItems,
  expectClean,
  expectNoErrorsOrWarnings,
  frameIndex,
  groupEnd,
  historyFrame,
  historyResponse,
  hText,
  hToolCalls,
  hToolMessage,
  hUser,
  itemOf,
  kinds,
  messageStop,
  run,
  stream,
  subscribe,
  textBlock,
  toolApprovalRequest,
  toolResult,
  withEventIds,
} from './test-support';

const SUMMARY = 'Tìm kiếm thông tin thị trường phiên 25/03/2026';
const news = { id: 'tc-1', name: 'web_search', tool_content_message: 'Tìm kiếm tin tức mới nhất' };
const price = { id: 'tc-2', name: 'analyze_price', tool_content_message: 'Lấy dữ liệu giá và thanh khoản' };
const chat = hText('Chào Thảo! Chờ mình cập nhật nhé.', { message_type: 'chat' });

describe('seed 000: F5 while the agent runs', () => {
  // History blocks [user, text, group_start, tool1, tool2] (group open); the stream replays
  // [tool_result1, tool_result2, group_end, text] right after last_event_id.
  const frames = stream([
    historyFrame(historyResponse(
      [hUser('thị trường hôm nay'), chat, hToolCalls([news, price], 'group_start', { message_type: 'step', summary: 'Tìm kiếm tin tức mới nhất' })],
      { agent_status: 'running', last_event_id: '41' },
    )),
    subscribe('41'),
    withEventIds(42, [
      ...toolResult(3, { tool_use_id: 'tc-1', content: '10 kết quả' }),
      ...toolResult(4, { tool_use_id: 'tc-2', content: 'Thanh khoản 25.000 tỷ' }),
      groupEnd(5, SUMMARY),
      ...textBlock(5, 'VNINDEX hôm nay tăng 2.69%...', { isFinal: true }),
      messageStop(),
    ]),
  ]);

  it('renders the history with the group still open and its tools running', () => {
    const { view } = run(frames.slice(0, 1), { finish: false });
    expect(kinds(view.items)).toEqual(['user', 'text', 'group']);
    const group = itemOf(view.items, 2, 'group');
    expect(group).toMatchObject({ done: false, open: true });
    expect(group.items.map((i) => (i.kind === 'tool' ? i.status : i.kind))).toEqual(['pending', 'pending']);
  });

  it('continues the same group with the replayed results and closes it', () => {
    const result = run(frames);
    expectClean(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['user', 'text', 'group', 'text']);
    const group = itemOf(view.items, 2, 'group');
    expect(group).toMatchObject({ summary: SUMMARY, done: true, open: false });
    expect(group.items.map((i) => (i.kind === 'tool' ? [i.toolId, i.status] : i.kind))).toEqual([['tc-1', 'success'], ['tc-2', 'success']]);
    expect(itemOf(view.items, 3, 'text').text).toBe('VNINDEX hôm nay tăng 2.69%...');
  });
});

describe('seed 000: F5 after the agent finished', () => {
  it('renders history only, every group done and collapsed', () => {
    const result = run(stream([historyFrame(historyResponse([
      hUser('thị trường hôm nay'),
      chat,
      hToolCalls([news], 'group_start', { message_type: 'step', summary: 'Tìm kiếm tin tức' }),
      hToolMessage('tc-1', 'web_search', 'group_end', { summary: 'Tìm kiếm tin tức' }),
      hToolCalls([price], 'group_start', { message_type: 'step', summary: 'Phân tích thanh khoản' }),
      hToolMessage('tc-2', 'analyze_price', 'group_end', { summary: 'Phân tích thanh khoản' }),
      hText('VNINDEX hôm nay tăng 2.69%...', { message_type: 'step', is_final: true }),
    ], { agent_status: 'idle' }))]), { finish: false });
    expectClean(result);
    const { view } = result;
    expect(view.streaming).toBe(false);
    expect(kinds(view.items)).toEqual(['user', 'text', 'group', 'group', 'text']);
    for (const at of [2, 3]) expect(itemOf(view.items, at, 'group')).toMatchObject({ done: true, open: false });
  });
});

describe('seed 000: F5 with a pending approval', () => {
  const KEY = 'sess-1_1';
  const portfolio = { id: 'tc-p', name: 'get_portfolio_detail', tool_content_message: 'Xem chi tiết danh mục' };
  const action = { name: 'get_portfolio_detail', args: { portfolio: 'Chiến lược 2026' } };
  const frames = stream([
    historyFrame(historyResponse(
      [hUser('xem danh mục của mình'), chat, hToolCalls([portfolio], 'group_start', { message_type: 'step', summary: 'Xem chi tiết danh mục' })],
      {
        agent_status: 'running',
        last_event_id: '57',
        pending_approval: { approval_key: KEY, action_requests: [action], review_configs: [{ action_name: action.name, allowed_decisions: ['approve', 'edit', 'reject'] }], timeout_seconds: 300 },
      },
    )),
    subscribe('57'),
    withEventIds(58, toolApprovalRequest(2, KEY, action)),
    approvalReply(KEY, { decisions: [{ type: 'approve' }] }),
    withEventIds(61, [
      ...approvalResult(3, KEY, { decisions: [{ type: 'approve' }] }),
      ...toolResult(4, { tool_use_id: 'tc-p', content: '5 mã' }),
      groupEnd(5, 'Xem chi tiết danh mục'),
      ...textBlock(5, 'Danh mục của Thảo gồm 5 mã.', { isFinal: true }),
      messageStop(),
    ]),
  ]);

  it('shows the open group with the approval inside it', () => {
    const waiting = run(frames.slice(0, frameIndex(frames, { type: 'content_block_stop', index: 2 }) + 1), { finish: false });
    expectNoErrorsOrWarnings(waiting);
    const { view } = waiting;
    const group = itemOf(view.items, 2, 'group');
    expect(group).toMatchObject({ done: false, open: true });
    expect(kinds(group.items)).toEqual(['tool', 'approval']);
    expect(itemOf(group.items, 1, 'approval')).toMatchObject({ key: KEY });
  });

  it('after approve, continues with approval_result, tool_result and group_end', () => {
    const result = run(frames);
    expectClean(result);
    const group = itemOf(result.view.items, 2, 'group');
    expect(group).toMatchObject({ done: true, open: false });
    expect(kinds(group.items)).toEqual(['tool', 'approval']);
    expect(itemOf(group.items, 0, 'tool').status).toBe('success');
    expect(itemOf(group.items, 1, 'approval').outcome?.type).toMatch(/^(decided|applied)$/);
    // One approval UI, although both history and the stream describe the request.
    expect(allItems(result.view.items).filter((i) => i.kind === 'approval')).toHaveLength(1);
  });
});
