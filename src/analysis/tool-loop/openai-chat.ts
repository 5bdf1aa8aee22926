// The page's side of an OpenAI Chat tool loop, checked across the requests of one conversation: after
// a stream that ends with finish_reason "tool_calls", the next request must repeat the assistant message
// with those calls and add exactly one `tool` message per call id.
import { z } from 'zod';
import type { Conversation, ConversationRequest, StreamedToolCall } from '../conversations';
import { isRecord } from '../../protocols/shared/view-helpers';
import { CHAT_LOOP_RULES as R, DEFAULT_MAX_ROUND_TRIPS } from './rules';

export interface LoopReport {
  (request: ConversationRequest, rule: string, message: string, frames: number[], path?: string): void;
}

export interface LoopOptions {
  /** Tool round trips in a row past which `openai-chat/loop-too-deep` is reported. */
  maxRoundTrips?: number;
}

const CarriedCallSchema = z.looseObject({
  id: z.unknown().optional(),
  function: z.looseObject({ name: z.unknown().optional(), arguments: z.unknown().optional() }).nullish(),
});

export function checkChatConversation(conversation: Conversation, report: LoopReport, options: LoopOptions = {}): void {
  const max = options.maxRoundTrips ?? DEFAULT_MAX_ROUND_TRIPS;
  const { requests } = conversation;
  const depth: number[] = [];
  requests.forEach((request, position) => {
    // A request sent again (a retry) leaves the loop to the new one.
    const followedUp = requests.some((r) => r.continues === position || r.repeats === position);
    if (asksForTools(request) && !followedUp) {
      const names = request.answer.toolCalls.map((c) => c.name || '?').join(', ');
      report(request, R.stalled, `the stream ended with finish_reason "tool_calls" (${names}) and no later request carried the tool results: the tool loop stopped here`, [request.answer.finishFrame ?? request.firstFrame]);
    }
    const parent = request.continues === undefined ? undefined : requests[request.continues];
    if (!parent || parent.answer.toolCalls.length === 0) {
      depth[position] = 0;
      return;
    }
    depth[position] = (depth[request.continues ?? 0] ?? 0) + 1;
    checkFollowUp(parent, request, report);
    if (depth[position] === max + 1) {
      report(request, R.tooDeep, `${max + 1} tool round trips in a row without a new user message (bound ${max}): the loop may not end`, [request.firstFrame]);
    }
  });
}

function asksForTools(request: ConversationRequest): boolean {
  return request.answer.finishReason === 'tool_calls' && request.answer.toolCalls.length > 0;
}

/** The follow-up's new messages: the assistant message with the calls, then one tool message per call. */
function checkFollowUp(parent: ConversationRequest, followUp: ConversationRequest, report: LoopReport): void {
  const calls = parent.answer.toolCalls;
  const at = followUp.newFrom;
  const frames = [followUp.firstFrame, ...(parent.answer.finishFrame !== undefined ? [parent.answer.finishFrame] : [])];
  const first: unknown = followUp.messages[at];
  const assistant = isRecord(first) && first.role === 'assistant' ? first : undefined;
  const changed = assistant ? callsDifference(calls, assistant.tool_calls) : `messages[${at}] is not the assistant message with the tool calls (its role is ${JSON.stringify(isRecord(first) ? first.role : undefined) ?? 'missing'})`;
  if (changed) report(followUp, R.toolCallsChanged, `the follow-up does not carry the streamed tool calls unchanged: ${changed}`, frames, `messages[${at}]`);

  const results = new Map<string, number[]>();
  for (let i = assistant ? at + 1 : at; i < followUp.messages.length; i++) {
    const m: unknown = followUp.messages[i];
    if (!isRecord(m) || m.role !== 'tool') break;
    const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : '';
    if (!calls.some((c) => c.id === id)) {
      report(followUp, R.unknownToolCallId, `tool message with tool_call_id ${JSON.stringify(id)} matches no tool call of the answer (${calls.map((c) => c.id).join(', ')})`, frames, `messages[${i}]`);
      continue;
    }
    let list = results.get(id);
    if (!list) results.set(id, (list = []));
    list.push(i);
  }
  for (const call of calls) {
    const found = results.get(call.id) ?? [];
    if (found.length === 1) continue;
    const what = found.length === 0 ? 'has no tool message' : `has ${found.length} tool messages (messages[${found.join('], messages[')}])`;
    const path = found.length === 0 ? (assistant ? `messages[${at}]` : undefined) : `messages[${found[1] ?? at}]`;
    report(followUp, R.resultCount, `tool call ${JSON.stringify(call.id)} (${call.name || '?'}) ${what}; exactly one result per call id is needed`, frames, path);
  }
}

/** The first way the carried `tool_calls` differ from the streamed ones, or undefined when they match. */
function callsDifference(streamed: readonly StreamedToolCall[], carried: unknown): string | undefined {
  if (!Array.isArray(carried)) return 'the assistant message has no tool_calls';
  if (carried.length !== streamed.length) return `the assistant message has ${carried.length} tool call(s), the stream gave ${streamed.length}`;
  for (const call of streamed) {
    const match = carried.map((c) => CarriedCallSchema.safeParse(c)).find((p) => p.success && p.data.id === call.id);
    if (!match?.success) return `tool call ${JSON.stringify(call.id)} is missing`;
    const fn = match.data.function;
    if (fn?.name !== call.name) return `tool call ${JSON.stringify(call.id)} has name ${JSON.stringify(fn?.name) ?? 'missing'}, the stream gave ${JSON.stringify(call.name)}`;
    if (typeof fn.arguments !== 'string' || normalJson(fn.arguments) !== normalJson(call.arguments)) {
      return `tool call ${JSON.stringify(call.id)} has arguments ${JSON.stringify(fn.arguments) ?? 'missing'}, the stream gave ${JSON.stringify(call.arguments)}`;
    }
  }
  return undefined;
}

/** Arguments re-serialised the way clients do (parse, then stringify); text that is not JSON as is. */
function normalJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
