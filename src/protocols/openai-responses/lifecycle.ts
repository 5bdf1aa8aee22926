// Response lifecycle events (created, queued, in_progress, completed, failed, incomplete), errors
// and keepalives.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { RESPONSES_RULES as R } from './rules';
import { PAGE_RUN_CALLS, TERMINAL_TYPES, type ResponsesEvent } from './schema';
import type { FoldState, ItemState, ResponseState } from './state';
import { flattenUsage, isRecord } from '../shared/view-helpers';
import { reconcileCompleted } from './completed-output';

export function applyLifecycle(state: FoldState, resp: ResponseState, ev: ResponsesEvent, frame: Frame, sink: FindingSink): void {
  if (ev.type === 'keepalive' || ev.type.startsWith('response.audio')) return;
  if (ev.type === 'error') return errorEvent(state, resp, ev, frame, sink);
  if (!('response' in ev) || !isRecord(ev.response)) return;
  const response = ev.response;
  checkResponseId(resp, response.id, ev.type, frame, sink);
  if (ev.type === 'response.created') {
    resp.created = true;
    state.model.streaming = true;
    return;
  }
  if (!TERMINAL_TYPES.has(ev.type)) return;
  const open = [...resp.items.values()].filter((i) => !i.done).sort((a, b) => a.outputIndex - b.outputIndex);
  // openai ≥ 7.33 completes an item left open from the completed response's output, by its id, and
  // throws without it: at every response.completed, a second one too.
  const listed = ev.type === 'response.completed' && open.length > 0 ? outputIds(response.output) : undefined;
  const unheld = listed !== undefined ? open.filter((i) => i.id === undefined || !listed.has(i.id)) : [];
  if (unheld.length > 0) {
    sink.report(R.completedWithOpenItems, `response.completed while output item(s) ${unheld.map((i) => i.outputIndex).join(', ')} had no output_item.done and its output does not hold them: openai ≥ 7.33 throws ("Cannot complete response with unfinished output items")`, [frame.index, ...unheld.map((i) => i.addedFrame)]);
  }
  if (resp.terminal) return;
  resp.terminal = ev.type;
  resp.terminalFrame = frame.index;
  state.model.streaming = false;
  if (unheld.length === 0 && open.length > 0) openAtTerminal(open, ev.type, frame, sink);
  // A call no client takes from the output is not running: it reads "its arguments never finished".
  for (const item of ev.type === 'response.completed' ? unheld : open) {
    if (PAGE_RUN_CALLS.has(item.type) && item.view?.kind === 'tool' && item.view.status === 'pending') item.view.unfinished = frame.index;
  }
  if (resp.incompleteItemFrame !== undefined && ev.type !== 'response.incomplete') {
    sink.report(R.itemStatus, `an item ended incomplete but the response ended with ${ev.type}; expected response.incomplete`, [frame.index, resp.incompleteItemFrame]);
  }
  if (resp.errorFrame !== undefined && ev.type !== 'response.failed') {
    sink.report(R.errorWithoutFailed, `an error event was followed by ${ev.type}, expected response.failed`, [frame.index, resp.errorFrame]);
  }
  if (isRecord(response.usage)) {
    // Straight into the totals: the same keys in the same order as assigning a flattened copy.
    flattenUsage(response.usage, state.usage);
    state.model.usage = state.usage;
  }
  if (ev.type === 'response.completed') {
    reconcileCompleted(state, resp, response.output, frame, sink);
    if (resp.lastText) resp.lastText.final = true;
    return;
  }
  const error = isRecord(response.error) ? response.error : undefined;
  const details = isRecord(response.incomplete_details) ? response.incomplete_details : undefined;
  const why = typeof error?.message === 'string' ? error.message : typeof details?.reason === 'string' ? details.reason : 'no reason given';
  if (ev.type !== 'response.failed') {
    sink.report(R.responseNotCompleted, `the response ended as ${ev.type.slice('response.'.length)}: ${why}`, [frame.index]);
    return;
  }
  // One rule for a stream that reports its own failure: an error event, or response.failed alone.
  if (resp.errorFrame === undefined) sink.report(R.errorEvent, `the response failed (${why})`, [frame.index]);
  state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message: why });
}

function errorEvent(state: FoldState, resp: ResponseState, ev: ResponsesEvent, frame: Frame, sink: FindingSink): void {
  // The SDK types say {code, message}; the wire nests it as {error: {type, code, message}}.
  const nested = 'error' in ev && isRecord(ev.error) ? ev.error : undefined;
  const message = (typeof nested?.message === 'string' ? nested.message : 'message' in ev && typeof ev.message === 'string' ? ev.message : '') || 'error';
  const code = typeof nested?.code === 'string' ? nested.code : 'code' in ev && typeof ev.code === 'string' ? ev.code : undefined;
  const text = code ? `${code}: ${message}` : message;
  resp.errorFrame = frame.index;
  sink.report(R.errorEvent, `the stream reports a failure (${text})`, [frame.index]);
  state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message: text });
}

/**
 * Items still open at a terminal event that does not leave them out. A call response.completed holds is
 * one openai runs from the output and the AI SDK never emits (call-not-done); the rest break the nesting.
 */
function openAtTerminal(open: readonly ItemState[], type: string, frame: Frame, sink: FindingSink): void {
  const calls = type === 'response.completed' ? open.filter((i) => PAGE_RUN_CALLS.has(i.type)) : [];
  for (const call of calls) {
    const name = call.view?.kind === 'tool' ? ` "${call.view.name}"` : '';
    sink.report(R.callNotDone, `${call.type}${name} at output_index ${call.outputIndex} got no output_item.done before response.completed: the AI SDK's OpenAI provider emits a call only at its output_item.done, so it never emits this one and nothing runs it; openai 6 and 7 take it from the completed output, as shown here`, [frame.index, call.addedFrame]);
  }
  const rest = open.filter((i) => !calls.includes(i));
  if (rest.length > 0) sink.report(R.lifecycleOrder, `${type} while output item(s) ${rest.map((i) => i.outputIndex).join(', ')} were not done`, [frame.index]);
}

/** One response keeps one id: openai ≥ 7.33 compares every lifecycle event's with the first. */
function checkResponseId(resp: ResponseState, id: unknown, type: string, frame: Frame, sink: FindingSink): void {
  if (typeof id !== 'string') return;
  if (resp.responseId === undefined) {
    resp.responseId = id;
    return;
  }
  if (id === resp.responseId || resp.responseIdReported) return;
  resp.responseIdReported = true;
  sink.report(R.responseIdChanged, `${type} carries response id "${id}", but this response began as "${resp.responseId}": openai ≥ 7.33 throws ("Lifecycle response identity changed"); openai 6 read on`, [frame.index]);
}

/** The ids of a terminal response's output items. */
function outputIds(output: unknown): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(output)) return ids;
  for (const item of output) if (isRecord(item) && typeof item.id === 'string') ids.add(item.id);
  return ids;
}
