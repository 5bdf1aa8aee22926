// The LangGraph Platform run stream fold: named SSE events (`metadata`, `values`, `updates`,
// `messages`, `messages/partial`, `tasks`, `checkpoints`, `custom`, `error`, `end`, …) → the shared view
// model, as useStream shows a thread: its messages by id (human turns, AI text and reasoning, tool calls
// with their arguments, tool results paired by `tool_call_id`), the interrupts as approvals or
// questions, the state as the thread's values. Streamed chunks (`messages`) grow a message; a whole
// message (`values`, `updates`, `messages/complete`, a thread state read) replaces it, as the SDK's
// state does. Events of subgraphs (`values|ns`) are checked but not drawn: useStream shows the root
// graph's messages. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { describeIssues, guardedApply, rawItem } from '../shared/view-helpers';
import { LANGGRAPH_RULES as R } from './rules';
import { EVENT_SCHEMAS, isLangGraphEvent, isPlainTuple, splitEventName } from './schema';
import { eventOf } from './event-name';
import type { State, Stream } from './fold-state';
import { applyEvent, applyThreadState } from './fold-events';
import { answerInterrupts } from './fold-interrupts';
import { settleAllIdlessCalls } from './fold-tools';
import { endingItem, TurnConnections } from '../shared/page-abort';

export function createLangGraphFold(): ProtocolFold {
  const state: State = {
    model: { protocol: 'langgraph', items: [], todos: null, streaming: true },
    messages: new Map(),
    calls: new Map(),
    interrupts: new Map(),
    connections: new Map(),
    streamedOn: new TurnConnections(),
    usage: new Map(),
    brandNext: true,
    idless: new Map(),
    streams: new Map(),
  };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      state.model.streaming = false;
      settleAllIdlessCalls(state, sink);
    },
    view: (): ViewModel => state.model,
    connection(connection) {
      state.connections.set(connection.id, connection);
    },
  };
}

function applyFrame(state: State, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.streamedOn.lettingGo(frame)) return;
    settleAllIdlessCalls(state, sink);
    // The run's stream ends at its `end` event.
    const item = endingItem(frame, `error-${frame.index}`, !(state.stream?.connectionId === frame.connectionId && state.stream.ended));
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message' || frame.direction === 'out') return;
  state.streamedOn.carried(frame.connectionId);
  const stream = streamOf(state, frame);
  if (decoded.jsonError !== undefined) {
    state.model.items.push(rawItem(frame));
    if (!frame.truncated) sink.report(R.invalidJson, `data is not JSON (${decoded.jsonError}); the SDK's JSON.parse throws here`, [frame.index]);
    return;
  }
  const name = eventOf(decoded);
  if (name === undefined) {
    sink.report(R.unknownEvent, 'an event without a name this version can tell from its data; shown raw', [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (name === 'thread-state' || name === 'thread-history') {
    applyThreadState(state, name === 'thread-history' && Array.isArray(decoded.json) ? decoded.json[0] : decoded.json, frame);
    return;
  }
  const { mode, namespace } = splitEventName(name);
  if (!isLangGraphEvent(mode)) {
    sink.report(R.unknownEvent, `event ${safeJson(name, { maxLength: 80 })} is not known to this version; shown raw`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (stream.ended && !stream.afterEndReported) {
    stream.afterEndReported = true;
    sink.report(R.eventAfterEnd, `a ${name} event after end on the same connection`, [frame.index]);
  }
  if (stream.events === 0 && mode !== 'metadata' && startsRun(state, frame)) sink.report(R.missingMetadata, `the run stream starts with ${name}, not metadata`, [frame.index]);
  stream.events++;
  if (stream.failed && mode !== 'end') {
    // useStream stopped reading at the error: the timeline shows the event, the view does not.
    if (!stream.afterErrorReported && DRAWN_MODES.has(mode)) {
      stream.afterErrorReported = true;
      sink.report(R.eventAfterError, `a ${name} event after the run's error event on the same connection; useStream stops reading at the error and never shows it`, [frame.index]);
    }
    return;
  }
  const parsed = mode === 'messages' && isPlainTuple(decoded.json) ? { success: true as const, data: decoded.json } : EVENT_SCHEMAS[mode].safeParse(decoded.json);
  if (!parsed.success) {
    sink.report(R.invalidEvent, `not a valid ${name} event: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  state.model.streaming = true;
  applyEvent(state, stream, mode, namespace, parsed.data, frame, sink);
}

/** The stream modes whose events the view draws (messages, state, interrupts, errors): lost when useStream stops reading. */
const DRAWN_MODES: ReadonlySet<string> = new Set(['values', 'updates', 'messages', 'messages/partial', 'messages/complete', 'tasks', 'checkpoints', 'error']);

function streamOf(state: State, frame: Frame): Stream {
  if (state.stream?.connectionId === frame.connectionId) return state.stream;
  // A connection whose frames resume after another's keeps what its stream has seen (its error, its
  // cleared interrupts, the messages its replay has started over).
  const known = state.streams.get(frame.connectionId);
  if (known) return (state.stream = known);
  // A connection's metadata may be known long before its first frame: its request answers the
  // interrupts raised before that frame, not those raised after it.
  const connection = state.connections.get(frame.connectionId);
  if (connection) answerInterrupts(state, connection);
  const stream: Stream = { connectionId: frame.connectionId, events: 0, ended: false, afterEndReported: false, clearedInterrupts: false, failed: false, afterErrorReported: false };
  // A join replaying the run from its first event: useStream's MessageTupleManager starts each message it sends again over.
  if (connection?.requestHeaders?.['last-event-id'] === '-1') stream.replaying = new Set(state.messages.keys());
  state.streams.set(frame.connectionId, stream);
  return (state.stream = stream);
}

/**
 * Whether the connection starts a run (so its stream starts with `metadata`): not a join
 * (`GET …/runs/{id}/stream`) and not a stream resumed after an event id.
 */
function startsRun(state: State, frame: Frame): boolean {
  const connection = state.connections.get(frame.connectionId);
  if (connection?.method !== undefined && connection.method.toUpperCase() === 'GET') return false;
  if (connection?.requestHeaders?.['last-event-id'] !== undefined) return false;
  return frame.eventId === undefined || frame.eventId === '0';
}
