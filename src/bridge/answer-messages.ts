// "Answer from the panel": a reply the user clicked in the panel's rendering travels panel → hub →
// relay → page hook, which sends it on the page's own WebSocket. Each hop checks it against these
// schemas before passing it on: the message must be one of the replies the protocols define for a
// pending request (a flat-block approval or question reply, an AG-UI run that resumes interrupts, an
// OpenAI Responses `response.create` carrying MCP approval responses), so nothing else can be made to
// travel this way, whoever sent it.
import { z } from 'zod';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { MAX_FRAME_CHARS } from './page-messages';
import { LIMITS } from './page-messages.schema';

/** The longest answer (its JSON text): the hook cuts frames at this size, so a longer one could not be shown whole. */
export const MAX_ANSWER_CHARS = MAX_FRAME_CHARS;

const key = z.string().min(1).max(10_000);

/** flat-block (spec section 4): `{type: "approval", session_id, approval_key, decisions | answers}`. */
const DecisionSchema = z.union([
  z.enum(['approve', 'edit', 'reject']),
  z.looseObject({ type: z.enum(['approve', 'edit', 'reject']) }),
]);
export const FlatReplySchema = z.union([
  z.strictObject({ type: z.literal('approval'), session_id: key.optional(), approval_key: key, decisions: z.array(DecisionSchema).min(1).max(100) }),
  z.strictObject({ type: z.literal('approval'), session_id: key.optional(), approval_key: key, answers: z.record(z.string().max(10_000), z.string().max(100_000)) }),
]);

/** AG-UI: a RunAgentInput (its SDK's own schema) that resumes at least one interrupt. */
export const AgUiResumeSchema = RunAgentInputSchema.refine((input) => Array.isArray(input.resume) && input.resume.length > 0, 'resumes no interrupt');

/** OpenAI Responses WebSocket mode: `response.create` whose input answers MCP approval requests. */
const McpApprovalResponseSchema = z.looseObject({
  type: z.literal('mcp_approval_response'),
  approval_request_id: key,
  approve: z.boolean(),
});
export const ResponsesApprovalSchema = z.looseObject({
  type: z.literal('response.create'),
  input: z.array(McpApprovalResponseSchema).min(1).max(100),
});

/** Whether `text` is the JSON text of one of the replies above. Never throws. */
export function isAnswerText(text: string): boolean {
  if (text.length > MAX_ANSWER_CHARS) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return FlatReplySchema.safeParse(value).success || ResponsesApprovalSchema.safeParse(value).success || AgUiResumeSchema.safeParse(value).success;
}

const AnswerTextSchema = z.string().max(MAX_ANSWER_CHARS).refine(isAnswerText, 'not a reply the protocols define');

/** Panel → hub: send `data` on the page's socket `connectionId` (the hub's id). */
export const PanelAnswerSchema = z.strictObject({
  type: z.literal('answer'),
  answerId: z.number().int().nonnegative(),
  connectionId: z.string().min(1).max(LIMITS.id * 2),
  data: AnswerTextSchema,
});
export type PanelAnswer = z.infer<typeof PanelAnswerSchema>;

/** Hub → relay: the same, with the hook's own id of the connection. */
export const RelayAnswerSchema = z.strictObject({
  type: z.literal('answer'),
  connectionId: z.string().min(1).max(LIMITS.id),
  data: AnswerTextSchema,
});
export type RelayAnswer = z.infer<typeof RelayAnswerSchema>;

/**
 * Hub → panel: the hub has the answer (it follows with a refusal, or the page sends it). Without it the
 * panel cannot tell an answer the hub is still passing on from one lost on a port that was closing
 * while the service worker stopped.
 */
export const AnswerReceivedSchema = z.strictObject({
  type: z.literal('answerReceived'),
  answerId: z.number().int().nonnegative(),
});
export type AnswerReceived = z.infer<typeof AnswerReceivedSchema>;

/** Hub → panel: an answer that was not passed on, and why. */
export const AnswerRefusedSchema = z.strictObject({
  type: z.literal('answerRefused'),
  answerId: z.number().int().nonnegative(),
  reason: z.string().max(500),
});
export type AnswerRefused = z.infer<typeof AnswerRefusedSchema>;

/**
 * Relay → hook, the `detail` of an ANSWER_EVENT on the private channel: the hook's connection id, a
 * line break, the message. One string, which crosses from the relay's world to the page's as it is
 * (an object would need cloning into the page's world, and Firefox hides it from the page otherwise).
 */
export function answerDetail(connectionId: string, data: string): string {
  return connectionId + '\n' + data;
}
