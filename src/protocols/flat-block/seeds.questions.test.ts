// The question flow of seed 001 and the in-group tool approval of seed 000, as the view model a
// correct client shows, from the seeds' own JSON where they give it.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../model/render-text';
import { NO_PREFERENCE, type ApprovalItem, type ViewItem } from '../../model/view';
import questionStream from './testdata/001-question-stream.json';
import seedReply from './testdata/001-answers-reply.json';
import multiSelectReply from './testdata/001-multi-select-answers.json';
import skipReply from './testdata/001-skip-answers.json';
import {
  allItems,
  approvalReply,
  approvalResult,
  approvalTimeout,
  expectClean,
  frameIndex,
  groupEnd,
  groupStart,
  itemOf,
  kinds,
  messageStart,
  messageStop,
  question,
  questionRequest,
  run,
  stream,
  textBlock,
  todo,
  toolApprovalRequest,
  toolResult,
  toolUse,
  type Entry,
} from './test-support';

const plan = [todo('Chuẩn bị câu hỏi', 'Đang chuẩn bị câu hỏi', 'in_progress'), todo('Phân tích giá', 'Đang phân tích giá', 'pending')];
const price = { id: 'toolu_ap', name: 'analyze_price', tool_content_message: 'Phân tích giá VNINDEX', input: { symbol: 'VNINDEX' } };

describe('seed 001: ask_user_question outside groups', () => {
  // The request is 001's approval_request start/delta/stop as given (index 3, key "session-id_1").
  // 001's reply example uses the key "abc-123_1", which belongs to another session; the reply here
  // keeps its answers and uses the key of the request it answers.
  const reply = approvalReply('session-id_1', { answers: seedReply.answers }, 'session-id');
  const frames = stream([
    messageStart(),
    textBlock(0, 'Để mình hỏi Thảo vài câu nhé.', { isPart: true }),
    groupStart(1),
    // 001 draws a tool_result for write_todos here too; seed 002 says it has none, so none is sent.
    toolUse(1, { id: 'toolu_td', name: 'write_todos', tool_content_message: 'Chuẩn bị câu hỏi', input: { todos: plan } }),
    groupEnd(2, 'Chuẩn bị câu hỏi'),
    questionStream,
    reply,
    groupStart(4),
    toolUse(4, price),
    toolResult(5, { tool_use_id: 'toolu_ap', content: 'Tăng 2.69%' }),
    groupEnd(6, 'Phân tích giá VNINDEX'),
    textBlock(6, 'Với mục tiêu cổ tức bền vững...', { isFinal: true }),
    messageStop(),
  ]);
  const asked = questionStream[1]?.delta?.action_requests[0]?.args.questions ?? [];

  it('shows the waiting question after the closed group, not inside it', () => {
    const view = run(frames.slice(0, frameIndex(frames, { type: 'content_block_stop', index: 3 }) + 1), { finish: false }).view;
    expect(kinds(view.items)).toEqual(['text', 'group', 'question']);
    expect(itemOf(view.items, 1, 'group')).toMatchObject({ done: true, summary: 'Chuẩn bị câu hỏi' });
    const q = itemOf(view.items, 2, 'question');
    expect(q).toMatchObject({ key: 'session-id_1', state: 'waiting', timeoutSeconds: 600, resolved: false });
    expect(q.questions.map((x) => x.question)).toEqual(['Thảo muốn tập trung vào mục tiêu nào?', 'Thời gian nắm giữ dự kiến?']);
    expect(q.questions[0]).toMatchObject({ header: 'Mục tiêu chính', multiSelect: false });
    expect(q.questions[0]?.options.map((o) => o.label)).toEqual(asked[0]?.options.map((o) => o.label));
    expect(q.questions[0]?.options[2]).toMatchObject({ label: 'Khác', input: true });
  });

  it('records the answers and opens a new group for the tools that follow', () => {
    const result = run(frames);
    expectClean(result);
    const { view } = result;
    expect(kinds(view.items)).toEqual(['text', 'group', 'question', 'group', 'text']);
    expect(itemOf(view.items, 2, 'question')).toMatchObject({ state: 'answered', answers: seedReply.answers });
    const second = itemOf(view.items, 3, 'group');
    expect(second).toMatchObject({ done: true, summary: 'Phân tích giá VNINDEX' });
    expect(itemOf(second.items, 0, 'tool')).toMatchObject({ name: 'analyze_price', status: 'success' });
    expect(allItems(view.items).filter((i) => i.kind === 'question')).toHaveLength(1);
    expect(view.todos).toEqual(plan);
  });

  it('renders as text with each question followed by its answer', () => {
    const text = renderText(run(frames).view);
    const order = [
      'Thảo muốn tập trung vào mục tiêu nào?',
      'Cổ tức bền vững (Recommended)',
      'Thời gian nắm giữ dự kiến?',
      'Trên 3 năm',
      'Phân tích giá VNINDEX',
    ].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0), text).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

/** A question turn: the request, the client's answers, the final text. */
function answered(questions: unknown, answers: Record<string, string>): Entry[] {
  return [messageStart(), questionRequest(0, 'sess-1_2', questions), approvalReply('sess-1_2', { answers }), textBlock(1, 'Cảm ơn!', { isFinal: true }), messageStop()];
}

describe('seed 001: answers', () => {
  it('joins multi-select answers with ", "', () => {
    // 001's multi-select example answers "Nhóm ngành quan tâm?" with two labels.
    const sectors = question('Nhóm ngành quan tâm?', ['Ngân hàng', 'Thép (Steel)', 'Bất động sản'], { multiSelect: true });
    const result = run(stream(answered([sectors], multiSelectReply.answers)));
    expectClean(result);
    expect(itemOf(result.view.items, 0, 'question')).toMatchObject({ state: 'answered', answers: { 'Nhóm ngành quan tâm?': 'Ngân hàng, Thép (Steel)' } });
  });

  it('answers a skipped question with "[No preference]"', () => {
    // 001's skip example: the skipped question's answer, beside one that was answered.
    const skipped = question('Câu hỏi bị bỏ qua?', ['Có', 'Không']);
    const goal = question('Thảo muốn tập trung vào mục tiêu nào?', ['Cổ tức bền vững (Recommended)', 'Tăng trưởng dài hạn']);
    const answers = { 'Thảo muốn tập trung vào mục tiêu nào?': 'Tăng trưởng dài hạn', ...skipReply.answers };
    const result = run(stream(answered([goal, skipped], answers)));
    expectClean(result);
    expect(itemOf(result.view.items, 0, 'question').answers?.['Câu hỏi bị bỏ qua?']).toBe(NO_PREFERENCE);
  });

  it('marks a question nobody answered in time as timed out', () => {
    const goal = question('Thảo muốn tập trung vào mục tiêu nào?', ['Cổ tức bền vững (Recommended)']);
    const result = run(stream([messageStart(), questionRequest(0, 'sess-1_3', [goal]), approvalTimeout(1, 'sess-1_3'), textBlock(2, 'Mình sẽ chọn cổ tức.', { isFinal: true }), messageStop()]));
    expectClean(result);
    expect(itemOf(result.view.items, 0, 'question')).toMatchObject({ state: 'timeout' });
  });
});

describe('seed 000: tool approval inside a group', () => {
  const KEY = 'sess-1_1';
  const portfolio = { id: 'toolu_pf', name: 'get_portfolio_detail', tool_content_message: 'Xem chi tiết danh mục', input: { portfolio: 'Chiến lược 2026' } };
  const request = toolApprovalRequest(2, KEY, { name: 'get_portfolio_detail', args: { portfolio: 'Chiến lược 2026' } });
  /** tool_use → approval_request → `outcome` → tool_result(status) → group_end, inside one group. */
  const turn = (outcome: Entry[], status: 'success' | 'error'): Entry[] => [
    messageStart(),
    groupStart(1),
    toolUse(1, portfolio),
    request,
    outcome,
    toolResult(4, { tool_use_id: 'toolu_pf', status }),
    groupEnd(5, 'Xem chi tiết danh mục'),
    textBlock(5, status === 'success' ? 'Danh mục của Thảo gồm 5 mã.' : 'Mình sẽ phân tích theo cách khác.', { isFinal: true }),
    messageStop(),
  ];
  const groupOf = (items: readonly ViewItem[]) => itemOf(items, 0, 'group');
  /** A client decision, reported either as the decision itself or as applied by approval_result. */
  const expectDecided = (approval: ApprovalItem, decision: string) => {
    expect(['decided', 'applied']).toContain(approval.outcome?.type);
    if (approval.outcome?.type === 'decided') expect(approval.outcome.decisions).toEqual([decision]);
  };

  it('shows the pending tool and the approval inside the running group', () => {
    const frames = stream(turn([], 'success'));
    const view = run(frames.slice(0, frameIndex(frames, { type: 'content_block_stop', index: 2 }) + 1), { finish: false }).view;
    const group = groupOf(view.items);
    expect(group).toMatchObject({ open: true, done: false });
    expect(kinds(group.items)).toEqual(['tool', 'approval']);
    expect(itemOf(group.items, 0, 'tool').status).toBe('pending');
    const approval = itemOf(group.items, 1, 'approval');
    expect(approval).toMatchObject({ key: KEY, timeoutSeconds: 300, allowed: { get_portfolio_detail: ['approve', 'edit', 'reject'] } });
    expect(approval.actions).toEqual([{ name: 'get_portfolio_detail', args: { portfolio: 'Chiến lược 2026' } }]);
    expect(approval.outcome).toBeUndefined();
  });

  it('approve: the tool turns green and the group closes', () => {
    const result = run(stream(turn([approvalReply(KEY, { decisions: [{ type: 'approve' }] }), approvalResult(3, KEY, { decisions: [{ type: 'approve' }] })], 'success')));
    expectClean(result);
    const group = groupOf(result.view.items);
    expect(group).toMatchObject({ done: true, open: false });
    expect(kinds(group.items)).toEqual(['tool', 'approval']);
    expect(itemOf(group.items, 0, 'tool').status).toBe('success');
    expectDecided(itemOf(group.items, 1, 'approval'), 'approve');
  });

  it('reject: the tool turns red and the group closes', () => {
    const result = run(stream(turn([approvalReply(KEY, { decisions: [{ type: 'reject' }] }), approvalResult(3, KEY, { decisions: [{ type: 'reject' }] })], 'error')));
    expectClean(result);
    const group = groupOf(result.view.items);
    expect(group.done).toBe(true);
    expect(itemOf(group.items, 0, 'tool').status).toBe('error');
    expectDecided(itemOf(group.items, 1, 'approval'), 'reject');
  });

  it('timeout: the agent rejects by itself, the tool turns red', () => {
    const result = run(stream(turn([approvalTimeout(3, KEY)], 'error')));
    expectClean(result);
    const group = groupOf(result.view.items);
    expect(itemOf(group.items, 0, 'tool').status).toBe('error');
    expect(itemOf(group.items, 1, 'approval').outcome).toEqual({ type: 'timeout' });
  });
});
