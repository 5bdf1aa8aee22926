// The page's side of a Gemini Interactions tool loop: an interaction that completed with status
// `requires_action` after `function_call` steps must be followed by a request with one
// `function_result` per `call_id` (a step of its own, or a part of a user turn or `user_input` step). A
// follow-up that names the interaction (`previous_interaction_id`) sends only the results; one that
// resends the history must also carry the calls unchanged before them.
import { entryParts } from '../conversations/gemini-interactions';
import { carriedCallsDifference, checkResults, stableJson, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
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
    const carriedCalls = calls.map(({ part }) => ({ id: part.id, name: part.name, arguments: typeof part.arguments === 'string' ? part.arguments : stableJson(part.arguments ?? {}) }));
    const changed = carriedCallsDifference(parent.answer.toolCalls, carriedCalls, { holder: 'the request has', one: 'function_call', several: 'new function_call(s)' });
    if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed function_call steps unchanged: ${changed}`, calls[0]?.path ?? `input[${at}]`);
  }
  const missingPath = request.messages.length > 0 ? `input[${Math.min(at, request.messages.length - 1)}]` : undefined;
  checkResults(followUp, R, results, { result: 'function_result', idField: 'call_id', ...(missingPath ? { missingPath } : {}) }, (id) => !stored && carried.has(id));
}
