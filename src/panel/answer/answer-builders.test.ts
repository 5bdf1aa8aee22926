import { describe, expect, it } from 'vitest';
import type { ApprovalItem, QuestionItem } from '../../model/view';
import { isAnswerText } from '../../bridge/answer-messages';
import { approvalReply, joinAnswers, questionReply } from './answer-builders';

const approval: ApprovalItem = { kind: 'approval', id: 'a1', frames: [4], key: 'sess-1_1', actions: [{ name: 'get_portfolio_detail', args: { account: 'A-1' } }], allowed: { get_portfolio_detail: ['approve', 'edit', 'reject'] } };
const question: QuestionItem = {
  kind: 'question',
  id: 'q1',
  frames: [7],
  key: 'sess-1_2',
  questions: [
    { question: 'Which market?', multiSelect: false, options: [{ label: 'VN' }, { label: 'Khác', input: true }] },
    { question: 'Which sectors?', multiSelect: true, options: [{ label: 'Banks' }, { label: 'Steel' }] },
    { question: 'Anything else?', multiSelect: false, options: [{ label: 'Khác', input: true }] },
  ],
  state: 'waiting',
  resolved: false,
};

describe('the replies the panel sends', () => {
  it('writes the flat-block approval reply the demo page sends, one decision per action', () => {
    const ctx = { protocol: 'flat-block', lastPageMessage: { type: 'user_message', session_id: 'sess-1' }, sessionId: 'sess-1' };
    expect(JSON.parse(approvalReply(approval, 'approve', ctx)!)).toEqual({ type: 'approval', session_id: 'sess-1', approval_key: 'sess-1_1', decisions: [{ type: 'approve' }] });
    expect(JSON.parse(approvalReply(approval, 'reject', ctx)!).decisions).toEqual([{ type: 'reject' }]);
    expect(JSON.parse(approvalReply(approval, 'edit', ctx, { account: 'B-2' })!).decisions).toEqual([{ type: 'edit', edited_action: { name: 'get_portfolio_detail', args: { account: 'B-2' } } }]);
    expect(isAnswerText(approvalReply(approval, 'edit', ctx)!)).toBe(true);
  });

  it('writes the flat-block question reply: several choices joined with ", ", a skipped one "[No preference]"', () => {
    const answers = joinAnswers(question, new Map([['Which market?', ['VN']], ['Which sectors?', ['Banks', 'Steel']]]));
    expect(answers).toEqual({ 'Which market?': 'VN', 'Which sectors?': 'Banks, Steel', 'Anything else?': '[No preference]' });
    const text = questionReply(question, answers, { protocol: 'flat-block', lastPageMessage: undefined, sessionId: 'sess-1' })!;
    expect(JSON.parse(text)).toEqual({ type: 'approval', session_id: 'sess-1', approval_key: 'sess-1_2', answers });
    expect(isAnswerText(text)).toBe(true);
  });

  it('writes the next AG-UI run: the page’s last RunAgentInput with a new run id and a resume entry', () => {
    const last = { threadId: 'thread-1', runId: 'run-1', state: { n: 1 }, messages: [{ id: 'u1', role: 'user', content: 'Delete draft.txt' }], tools: [], context: [], forwardedProps: {} };
    const ctx = { protocol: 'ag-ui', lastPageMessage: last, newRunId: () => 'run-2' };
    const agApproval: ApprovalItem = { ...approval, key: 'int-1', actions: [{ name: 'delete_file', args: { filename: 'draft.txt' } }] };
    const text = approvalReply(agApproval, 'reject', ctx)!;
    expect(JSON.parse(text)).toEqual({ ...last, runId: 'run-2', resume: [{ interruptId: 'int-1', status: 'resolved', payload: { approved: false } }] });
    expect(isAnswerText(text)).toBe(true);
    const agQuestion: QuestionItem = { ...question, key: 'int-2', questions: [{ question: 'Which file?', multiSelect: false, options: [{ label: 'Answer', input: true }] }] };
    expect(JSON.parse(questionReply(agQuestion, { 'Which file?': 'notes.md' }, ctx)!).resume).toEqual([{ interruptId: 'int-2', status: 'resolved', payload: { response: 'notes.md' } }]);
    // The interrupted run's messages and the state after it travel in the resume, as the client sends them.
    const runEvents = [
      { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'delete_file' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"filename":"draft.txt"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    ];
    const resumedText = approvalReply(agApproval, 'approve', { ...ctx, runEvents, state: { n: 2 } })!;
    expect(isAnswerText(resumedText)).toBe(true);
    const resumed = JSON.parse(resumedText) as { messages: unknown[]; state: unknown };
    expect(resumed.state).toEqual({ n: 2 });
    expect(resumed.messages).toEqual([...last.messages, { id: 'c1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'delete_file', arguments: '{"filename":"draft.txt"}' } }] }]);
    // Without the page's own request there is no thread to continue.
    expect(approvalReply(agApproval, 'approve', { protocol: 'ag-ui', lastPageMessage: undefined })).toBeUndefined();
  });

  it('writes the OpenAI Responses WebSocket reply: response.create with an mcp_approval_response', () => {
    const item: ApprovalItem = { ...approval, key: 'mcpr_1' };
    const text = approvalReply(item, 'approve', { protocol: 'openai-responses', lastPageMessage: { type: 'response.create', model: 'gpt-5' }, responseId: 'resp_1' })!;
    expect(JSON.parse(text)).toEqual({ type: 'response.create', model: 'gpt-5', previous_response_id: 'resp_1', input: [{ type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true }] });
    expect(isAnswerText(text)).toBe(true);
  });

  it('lets nothing else through the answer path', () => {
    expect(isAnswerText('{"type":"user_message","session_id":"s","text":"hi"}')).toBe(false);
    expect(isAnswerText('{"type":"approval","approval_key":"k"}')).toBe(false);
    expect(isAnswerText('{"threadId":"t","runId":"r","messages":[]}')).toBe(false);
    expect(isAnswerText('{"type":"response.create","input":[{"role":"user","content":"hi"}]}')).toBe(false);
    expect(isAnswerText('not json')).toBe(false);
  });
});
