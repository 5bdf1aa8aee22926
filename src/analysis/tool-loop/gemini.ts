// The page's side of a Gemini function-call loop: after a response with `functionCall` parts, the next
// request's `contents` must repeat the model content with those calls (and their thought signatures),
// then a content whose `functionResponse` parts answer each call exactly once. Calls without an id
// are matched by name, in order.
import type { StreamedToolCall } from '../conversations';
import { partsOf, type GeminiCall } from '../conversations/gemini';
import { isRecord } from '../../protocols/shared/view-helpers';
import { safeJson } from '../../model/safe-text';
import { callDifference, checkResults, stableJson, type FollowUp, type LoopProtocol, type ResultSeen } from './loop';
import { GEMINI_LOOP_RULES as R } from './rules';

export const geminiLoop: LoopProtocol = {
  rules: R,
  // Gemini says STOP after function calls too: the calls themselves ask the page to act.
  asksForTools: (answer) => answer.toolCalls.length > 0 && (answer.finishReason === undefined || answer.finishReason === 'STOP'),
  askedWith: 'functionCall parts',
  checkFollowUp,
};

function checkFollowUp(followUp: FollowUp): void {
  const { parent, request } = followUp;
  const at = request.newFrom;
  const first: unknown = request.messages[at];
  const model = isRecord(first) && first.role === 'model' ? first : undefined;
  const changed = model
    ? callsDifference(parent.answer.toolCalls, partsOf(model))
    : `contents[${at}] is not the model content with the function calls (its role is ${isRecord(first) && first.role !== undefined ? safeJson(first.role, { maxLength: 80 }) : 'missing'})`;
  if (changed) followUp.report(R.toolCallsChanged, `the follow-up does not carry the streamed function calls unchanged: ${changed}`, `contents[${at}]`);

  const resultsAt = model ? at + 1 : at;
  const results: ResultSeen[] = [];
  const calls = parent.answer.toolCalls;
  const byName = new Map<string, number>();
  partsOf(request.messages[resultsAt]).forEach((part, j) => {
    if (!isRecord(part) || !isRecord(part.functionResponse)) return;
    const fr = part.functionResponse;
    const name = typeof fr.name === 'string' ? fr.name : '';
    const n = (byName.get(name) ?? 0) + 1;
    byName.set(name, n);
    // Without an id a response answers the n-th call of its name.
    const id = typeof fr.id === 'string' ? fr.id : (calls.filter((c) => c.name === name)[n - 1]?.id ?? `${name}#${n}`);
    results.push({ id, path: `contents[${resultsAt}].parts[${j}]` });
  });
  const missingPath = resultsAt < request.messages.length ? `contents[${resultsAt}]` : `contents[${at}]`;
  checkResults(followUp, R, results, { result: 'functionResponse', idField: 'id (or name)', missingPath });
}

/** The first way the carried `functionCall` parts differ from the streamed ones, or undefined when they match. */
function callsDifference(streamed: readonly StreamedToolCall[], parts: readonly unknown[]): string | undefined {
  const carried = parts.filter((p): p is Record<string, unknown> => isRecord(p) && isRecord(p.functionCall));
  if (carried.length !== streamed.length) return `the model content has ${carried.length} functionCall part(s), the stream gave ${streamed.length}`;
  const byName = new Map<string, number>();
  for (const part of carried) {
    const fc = part.functionCall as Record<string, unknown>;
    const name = typeof fc.name === 'string' ? fc.name : '';
    const n = (byName.get(name) ?? 0) + 1;
    byName.set(name, n);
    const call = (typeof fc.id === 'string' ? streamed.find((c) => c.id === fc.id) : undefined) ?? streamed.filter((c) => c.name === name)[n - 1];
    if (!call) return `functionCall ${JSON.stringify(name)} matches no streamed call`;
    const diff = callDifference(call, name, stableJson(fc.args ?? {}));
    if (diff) return diff;
    const signature = (call as GeminiCall).signature;
    if (signature !== undefined && part.thoughtSignature !== signature) {
      return `functionCall ${JSON.stringify(name)} ${part.thoughtSignature === undefined ? 'lacks' : 'changed'} the thoughtSignature the stream gave it`;
    }
  }
  return undefined;
}
