// The page's side of an OpenAI Responses tool loop: a response with `function_call` items must be
// followed by a request with one `function_call_output` per `call_id`. A follow-up that names the
// response (`previous_response_id`) sends only the outputs; one that resends the conversation must
// also carry the calls unchanged before their outputs.
import { isRecord } from '../../protocols/shared/view-helpers';
import { RESPONSES_CALL_OUTPUTS } from '../conversations/openai-responses';
import { callDifference, checkResults, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { RESPONSES_LOOP_RULES as R } from './rules';

const OUTPUT_TYPES: ReadonlySet<string> = new Set(RESPONSES_CALL_OUTPUTS.values());

export const openaiResponsesLoop: LoopProtocol = {
  rules: R,
  asksForTools: (answer) => answer.finishReason === 'completed' && answer.toolCalls.length > 0,
  askedWith: 'function_call items',
  checkFollowUp,
};

function checkFollowUp(followUp: FollowUp): void {
  const { parent, request } = followUp;
  const stored = request.previousResponseId !== undefined && request.previousResponseId === parent.answer.responseId;
  const at = request.newFrom;
  const carried = new Set<string>();
  const results: ResultSeen[] = [];
  let firstCall: number | undefined;
  const calls: { index: number; item: Record<string, unknown> }[] = [];
  request.messages.forEach((item: unknown, i) => {
    if (!isRecord(item) || typeof item.call_id !== 'string') return;
    const type = typeof item.type === 'string' ? item.type : '';
    if (RESPONSES_CALL_OUTPUTS.has(type)) {
      carried.add(item.call_id);
      if (i >= at) {
        firstCall ??= i;
        calls.push({ index: i, item });
      }
    } else if (OUTPUT_TYPES.has(type) && i >= at) {
      results.push({ id: item.call_id, path: `input[${i}]` });
    }
  });
  if (!stored) {
    const changed = callsDifference(followUp, calls.map((c) => c.item));
    if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed function_call items unchanged: ${changed}`, `input[${firstCall ?? at}]`);
  }
  const missingPath = request.messages.length > 0 ? `input[${Math.min(firstCall ?? at, request.messages.length - 1)}]` : undefined;
  checkResults(followUp, R, results, { result: 'function_call_output', idField: 'call_id', ...(missingPath ? { missingPath } : {}) }, (id) => !stored && carried.has(id));
}

function callsDifference(followUp: FollowUp, carried: readonly Record<string, unknown>[]): string | undefined {
  const streamed = followUp.parent.answer.toolCalls;
  if (carried.length !== streamed.length) return `the request has ${carried.length} new call item(s), the response gave ${streamed.length}`;
  for (const call of streamed) {
    const item = carried.find((c) => c.call_id === call.id);
    if (!item) return `call ${JSON.stringify(call.id)} is missing`;
    const args = typeof item.arguments === 'string' ? item.arguments : typeof item.input === 'string' ? item.input : undefined;
    const diff = callDifference(call, item.name, args);
    if (diff) return diff;
  }
  return undefined;
}
