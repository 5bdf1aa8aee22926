// The page's side of an OpenAI Responses tool loop: a response with `function_call` items must be
// followed by a request with one `function_call_output` per `call_id`. A follow-up that names the
// response (`previous_response_id`) sends only the outputs; one that resends the conversation must
// also carry the calls unchanged before their outputs.
import { isRecord } from '../../protocols/shared/view-helpers';
import { RESPONSES_CALL_OUTPUTS } from '../conversations/openai-responses';
import { carriedCallsDifference, checkResults, type CarriedCall, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
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
    const changed = carriedCallsDifference(parent.answer.toolCalls, itemCalls(calls.map((c) => c.item)), { holder: 'the request has', one: 'call', several: 'new call item(s)', source: 'the response' });
    if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed function_call items unchanged: ${changed}`, `input[${firstCall ?? at}]`);
  }
  const missingPath = request.messages.length > 0 ? `input[${Math.min(firstCall ?? at, request.messages.length - 1)}]` : undefined;
  checkResults(followUp, R, results, { result: 'function_call_output', idField: 'call_id', ...(missingPath ? { missingPath } : {}) }, (id) => !stored && carried.has(id));
}

/** The carried call items as calls: `call_id`, name, and `arguments` (function) or `input` (custom tool). */
function itemCalls(items: readonly Record<string, unknown>[]): CarriedCall[] {
  return items.map((item) => ({ id: item.call_id, name: item.name, arguments: typeof item.arguments === 'string' ? item.arguments : typeof item.input === 'string' ? item.input : undefined }));
}
