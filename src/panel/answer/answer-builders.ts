// The reply a page's own UI sends for a pending approval or question, per protocol, as the panel sends
// it when the user answers from the panel. Pure: given the pending item, the user's choice and what the
// page itself last sent on the connection.
// - flat-block (spec section 4, and demo/public/forms.js): `{type: "approval", session_id,
//   approval_key, decisions}` with one decision per action request (`{type}`, or for edit
//   `{type: "edit", edited_action: {name, args}}`), or `answers: {"<question>": "<answer>"}`.
// - AG-UI: the next RunAgentInput, the page's last one with a new run id, the messages and state the
//   client holds after the interrupted run (ag-ui-run-messages.ts), and `resume: [{interruptId, status,
//   payload}]` (payload `{approved}` for a tool-call approval, the interrupt's answer otherwise).
// - OpenAI Responses (WebSocket mode): `response.create` with `previous_response_id` and an
//   `mcp_approval_response` per request.
import type { ApprovalItem, QuestionItem } from '../../model/view';
import { agUiRunMessages } from './ag-ui-run-messages';

/** Protocols whose replies travel on the socket the page holds open. */
export const ANSWERABLE_PROTOCOLS = new Set(['flat-block', 'ag-ui', 'openai-responses']);

export type Decision = 'approve' | 'edit' | 'reject';

export interface AnswerContext {
  protocol: string;
  /** The JSON of the last message the page itself sent on the connection before the request, if any. */
  lastPageMessage: unknown;
  /** The session id the page uses (flat-block), read from its messages or the stream. */
  sessionId?: string;
  /** The response the request came in (OpenAI Responses). */
  responseId?: string;
  /** AG-UI: the events the page received after its last message, in order (the interrupted run). */
  runEvents?: readonly unknown[];
  /** AG-UI: the agent state after those events, as the panel's fold holds it. */
  state?: unknown;
  /** A new run id (AG-UI); given so that tests can fix it. */
  newRunId?: () => string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reply to an approval, as JSON text; undefined when the protocol's reply cannot be made from what was captured. */
export function approvalReply(item: ApprovalItem, decision: Decision, ctx: AnswerContext, editedArgs?: unknown): string | undefined {
  switch (ctx.protocol) {
    case 'flat-block': {
      const decisions = item.actions.map((a) =>
        decision === 'edit' ? { type: 'edit', edited_action: { name: a.name, args: editedArgs === undefined ? a.args : editedArgs } } : { type: decision },
      );
      return JSON.stringify({ type: 'approval', ...(ctx.sessionId !== undefined && { session_id: ctx.sessionId }), approval_key: item.key, decisions });
    }
    case 'ag-ui':
      return agUiResume(item.key, decision === 'reject' ? { approved: false } : { approved: true }, ctx);
    case 'openai-responses': {
      const request = isRecord(ctx.lastPageMessage) ? ctx.lastPageMessage : {};
      return JSON.stringify({
        type: 'response.create',
        ...(typeof request.model === 'string' && { model: request.model }),
        ...(ctx.responseId !== undefined && { previous_response_id: ctx.responseId }),
        input: [{ type: 'mcp_approval_response', approval_request_id: item.key, approve: decision !== 'reject' }],
      });
    }
    default:
      return undefined;
  }
}

/** The reply to a question, as JSON text (answers keyed by the question's text). */
export function questionReply(item: QuestionItem, answers: Record<string, string>, ctx: AnswerContext): string | undefined {
  switch (ctx.protocol) {
    case 'flat-block':
      return JSON.stringify({ type: 'approval', ...(ctx.sessionId !== undefined && { session_id: ctx.sessionId }), approval_key: item.key, answers });
    case 'ag-ui': {
      // An AG-UI question is one interrupt: its answer is the payload.
      const answer = answers[item.questions[0]?.question ?? ''] ?? '';
      return agUiResume(item.key, { response: answer }, ctx);
    }
    default:
      return undefined;
  }
}

function agUiResume(interruptId: string, payload: unknown, ctx: AnswerContext): string | undefined {
  const last = ctx.lastPageMessage;
  // The next run continues the page's thread: without the page's own request there is no thread to name.
  if (!isRecord(last) || typeof last.threadId !== 'string') return undefined;
  const { resume: _earlier, ...rest } = last;
  void _earlier;
  const runId = (ctx.newRunId ?? randomRunId)();
  return JSON.stringify({
    ...rest,
    threadId: last.threadId,
    runId,
    ...(ctx.state !== undefined && { state: ctx.state }),
    messages: agUiRunMessages(last.messages, ctx.runEvents ?? []),
    resume: [{ interruptId, status: 'resolved', payload }],
  });
}

function randomRunId(): string {
  return `run-${crypto.randomUUID()}`;
}

/** Answers as the flat-block page sends them: several choices joined with ", ", a skipped question "[No preference]". */
export function joinAnswers(item: QuestionItem, chosen: ReadonlyMap<string, readonly string[]>): Record<string, string> {
  // No prototype: a question whose text is "__proto__" stays an answer.
  const answers = Object.create(null) as Record<string, string>;
  for (const q of item.questions) {
    const picked = (chosen.get(q.question) ?? []).filter((s) => s.trim() !== '');
    answers[q.question] = picked.length > 0 ? picked.join(', ') : '[No preference]';
  }
  return answers;
}
