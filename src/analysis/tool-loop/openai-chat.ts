// The page's side of an OpenAI Chat tool loop: after a stream that ends with finish_reason "tool_calls",
// the next request must repeat the assistant message with those calls and add exactly one `tool`
// message per call id.
import { z } from 'zod';
import type { StreamedToolCall } from '../conversations';
import { isRecord } from '../../protocols/shared/view-helpers';
import { carriedCallsDifference, checkResults, newAssistant, type CarriedCall, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { CHAT_LOOP_RULES, type LoopRuleIds } from './rules';

export type { LoopOptions, LoopReport } from './loop';

const CarriedCallSchema = z.looseObject({
  id: z.unknown().optional(),
  function: z.looseObject({ name: z.unknown().optional(), arguments: z.unknown().optional() }).nullish(),
});

export const openaiChatLoop: LoopProtocol = {
  rules: CHAT_LOOP_RULES,
  asksForTools: (answer) => answer.finishReason === 'tool_calls' && answer.toolCalls.length > 0,
  askedWith: 'finish_reason "tool_calls"',
  checkFollowUp: (followUp) => checkChatFollowUp(followUp, CHAT_LOOP_RULES),
};

/**
 * The follow-up's new messages: the assistant message with the calls, then one tool message per call.
 * Cohere v2 sends its follow-ups in the same fields (`tool_calls`, `role: "tool"`, `tool_call_id`).
 */
export function checkChatFollowUp(followUp: FollowUp, R: LoopRuleIds): void {
  const { parent, request } = followUp;
  const { at, assistant, missing } = newAssistant(followUp, 'the tool calls');
  const changed = assistant ? callsDifference(parent.answer.toolCalls, assistant.tool_calls) : missing;
  if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed tool calls unchanged: ${changed}`, `messages[${at}]`);

  const results: ResultSeen[] = [];
  for (let i = assistant ? at + 1 : at; i < request.messages.length; i++) {
    const m: unknown = request.messages[i];
    if (!isRecord(m) || m.role !== 'tool') break;
    results.push({ id: typeof m.tool_call_id === 'string' ? m.tool_call_id : '', path: `messages[${i}]` });
  }
  const words = { result: 'tool message', idField: 'tool_call_id' };
  checkResults(followUp, R, results, assistant ? { ...words, missingPath: `messages[${at}]` } : words);
}

/** The first way the carried `tool_calls` differ from the streamed ones (loop.ts), or undefined when they match. */
function callsDifference(streamed: readonly StreamedToolCall[], carried: unknown): string | undefined {
  if (!Array.isArray(carried)) return 'the assistant message has no tool_calls';
  return carriedCallsDifference(streamed, carried.map(carriedCall), { holder: 'the assistant message has', one: 'tool call', several: 'tool call(s)' });
}

/** A carried `tool_calls` entry as a call (one of another shape matches no id). */
function carriedCall(entry: unknown): CarriedCall {
  const parsed = CarriedCallSchema.safeParse(entry);
  if (!parsed.success) return { id: undefined, name: undefined, arguments: undefined };
  const fn = parsed.data.function;
  return { id: parsed.data.id, name: fn?.name, arguments: typeof fn?.arguments === 'string' ? fn.arguments : undefined };
}
