// The page's side of a Gemini Interactions tool loop: an interaction that completed with status
// `requires_action` after `function_call` steps must be followed by a request with one
// `function_result` per `call_id` (a step of its own, or a part of a user turn or `user_input` step). A
// follow-up that names the interaction (`previous_interaction_id`) sends only the results; one that
// resends the history must also carry the calls unchanged before them.
import type { StreamedToolCall } from '../conversations';
import { entryParts } from '../conversations/gemini-interactions';
import { callDifference, checkResults, stableJson, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { GEMINI_INTERACTIONS_LOOP_RULES as R } from './rules';

export const interactionsLoop: LoopProtocol = {
  rules: R,
  asksForTools: (answer) => answer.finishReason === 'requires_action' && answer.toolCalls.length > 0,
  askedWith: 'status "requires_action"',
  checkFollowUp,
};

interface Found {
  part: Record<string, unknown>;
  path: string;
}

function checkFollowUp(followUp: FollowUp): void {
  const { parent, request } = followUp;
  const stored = request.previousResponseId !== undefined && request.previousResponseId === parent.answer.responseId;
  const at = request.newFrom;
  const carried = new Set<string>();
  const calls: Found[] = [];
  const results: ResultSeen[] = [];
  request.messages.forEach((entry: unknown, i) => {
    entryParts(entry).forEach((part, j) => {
      const path = j === 0 ? `input[${i}]` : `input[${i}].content[${j - 1}]`;
      if (part.type === 'function_call' && typeof part.id === 'string') {
        carried.add(part.id);
        if (i >= at) calls.push({ part, path });
      } else if (part.type === 'function_result' && i >= at) {
        results.push({ id: typeof part.call_id === 'string' ? part.call_id : '', path });
      }
    });
  });
  if (!stored) {
    const changed = callsDifference(parent.answer.toolCalls, calls);
    if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed function_call steps unchanged: ${changed}`, calls[0]?.path ?? `input[${at}]`);
  }
  const missingPath = request.messages.length > 0 ? `input[${Math.min(at, request.messages.length - 1)}]` : undefined;
  checkResults(followUp, R, results, { result: 'function_result', idField: 'call_id', ...(missingPath ? { missingPath } : {}) }, (id) => !stored && carried.has(id));
}

/** The first way the carried `function_call`s differ from the streamed ones, or undefined when they match. */
function callsDifference(streamed: readonly StreamedToolCall[], carried: readonly Found[]): string | undefined {
  if (carried.length !== streamed.length) return `the request has ${carried.length} new function_call(s), the stream gave ${streamed.length}`;
  for (const call of streamed) {
    const found = carried.find((c) => c.part.id === call.id)?.part;
    if (!found) return `function_call ${JSON.stringify(call.id)} is missing`;
    const args = typeof found.arguments === 'string' ? found.arguments : stableJson(found.arguments ?? {});
    const diff = callDifference(call, found.name, args);
    if (diff) return diff;
  }
  return undefined;
}
