// The OpenAI Responses fold: stream events (SSE or WebSocket JSON frames) → the shared view model,
// checking §4.4 of other-protocols.md. One response at a time; a client request (`response.create`
// or a POST body), a new connection or a new response.created after a terminal event starts the next.
// apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { DecodedFrame, Frame } from '../../model/frame';
import { frameText } from '../../model/decode';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { argEvent } from './args';
import { partAdded, partDone, summaryPart, summaryText, textEvent } from './content';
import { itemAdded, itemDone } from './items';
import { itemFor } from './item-lookup';
import { shellEvent } from './shell';
import { noteClientReleases } from './client-releases';
import { applyLifecycle } from './lifecycle';
import { applyRequest } from './request';
import { RESPONSES_RULES as R } from './rules';
import { aiSdkObjection } from './ai-sdk-schema';
import {
  ResponsesEventSchema,
  isPlainEvent,
  eventCategory,
  type ArgEvent,
  type EventCategory,
  type ContentPartEvent,
  type OutputItemEvent,
  type ResponsesEvent,
  type ShellEvent,
  type StatusEvent,
  type SummaryPartEvent,
  type SummaryTextEvent,
  type TextEvent,
} from './schema';
import { checkSequence } from './sequence';
import { newResponse, type FoldState, type ResponseState } from './state';
import { describeIssues, isRecord, rawItem } from '../shared/view-helpers';
import { guardedApply } from '../shared/view-helpers';
import { abortedByPage, endingItem, TurnConnections } from '../shared/page-abort';

export function createOpenAIResponsesFold(): ProtocolFold {
  const state: FoldState = {
    model: { protocol: 'openai-responses', items: [], todos: null, streaming: true },
    count: 0,
    sawEvent: false,
    doneConnections: new Set(),
    afterDoneReported: false,
    requestSeen: false,
    calls: new Map(),
    approvals: new Map(),
    usage: {},
    resumedAfter: new Map(),
    lastFrame: 0,
    connections: new TurnConnections(),
  };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish(sink) {
      if (!state.sawEvent) {
        if (!state.connections.stoppedByPage) sink.report(R.incompleteStream, 'the stream carried no events ("request ended without sending any events")', []);
      } else if (state.response) endWithoutTerminal(state.response, sink, 'the stream ended', [state.lastFrame]);
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
    connection(connection) {
      // Background mode resumes a stream with `?starting_after=N`: events start at N + 1, after response.created.
      const after = resumeCursor(connection.url);
      if (after !== undefined) state.resumedAfter.set(connection.id, after);
      // A GET on a response's id streams a response that already exists: it was created on another
      // request, and its events may start at response.queued or anywhere later.
      else if (isResponseRead(connection.method, connection.url)) state.resumedAfter.set(connection.id, -1);
    },
  };
}

/** `GET …/responses/{id}` (with or without `?stream=true`), not the create call `POST …/responses`. */
function isResponseRead(method: string | undefined, url: string | undefined): boolean {
  return method?.toUpperCase() === 'GET' && url !== undefined && /\/responses\/[^/?#]+\/?(?:[?#]|$)/.test(url);
}

function resumeCursor(url: string | undefined): number | undefined {
  const m = url === undefined ? null : /[?&]starting_after=(\d+)/.exec(url);
  return m ? Number(m[1]) : undefined;
}

/** A response that started but got no terminal event is a failed turn, not a success (R9, R13). */
function endWithoutTerminal(resp: ResponseState, sink: FindingSink, why: string, frames: number[]): void {
  if (resp.terminal || resp.incompleteReported) return;
  resp.incompleteReported = true;
  sink.report(R.incompleteStream, `${why} before response.completed / failed / incomplete; the turn did not finish`, frames);
  if (resp.errorFrame !== undefined) sink.report(R.errorWithoutFailed, 'an error event was not followed by response.failed', [resp.errorFrame]);
}

function applyFrame(state: FoldState, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (state.connections.lettingGo(frame)) return;
    const resp = state.response;
    // The turn ends at a terminal event (completed, failed, incomplete), an error event or `[DONE]`.
    const ended = state.doneConnections.has(frame.connectionId) || (resp?.connectionId === frame.connectionId && (resp.terminal !== undefined || resp.errorFrame !== undefined));
    const item = endingItem(frame, `error-${frame.index}`, !ended);
    if (resp && resp.connectionId === frame.connectionId) {
      if (abortedByPage(frame)) resp.incompleteReported = true;
      else endWithoutTerminal(resp, sink, frame.kind === 'close' ? `the connection closed${frame.data ? ` (${frame.data.slice(0, 80)})` : ''}` : 'the connection failed', [frame.index]);
    }
    if (item) state.model.items.push(item);
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message') return;
  state.lastFrame = frame.index;
  if (frame.direction === 'out') {
    if (state.response) endWithoutTerminal(state.response, sink, 'a new request was sent', [frame.index]);
    state.requestSeen = true;
    if (decoded.json !== undefined) applyRequest(state, decoded.json, frame);
    return;
  }
  state.connections.carried(frame.connectionId);
  if (state.doneConnections.has(frame.connectionId)) {
    if (!state.afterDoneReported) {
      state.afterDoneReported = true;
      sink.report(R.dataAfterDone, 'data after `data: [DONE]` on the same connection', [frame.index]);
    }
    state.model.items.push(rawItem(frame));
    return;
  }
  if (decoded.jsonError !== undefined) {
    if (frameText(frame).trim() === '[DONE]') {
      state.doneConnections.add(frame.connectionId);
      state.model.streaming = false;
      return;
    }
    state.sawEvent = true;
    state.model.items.push(rawItem(frame));
    // A frame the capture cut short is not the server's fault: show it, but do not flag it as bad JSON.
    if (!frame.truncated) sink.report(R.invalidJson, `payload is neither JSON nor [DONE] (${decoded.jsonError}); a malformed frame fails the turn`, [frame.index]);
    return;
  }
  state.sawEvent = true;
  const json = decoded.json;
  if (!isRecord(json) || typeof json.type !== 'string') {
    sink.report(R.invalidEvent, 'expected a JSON object with a string "type"', [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (frame.eventName !== undefined && frame.eventName !== json.type) {
    sink.report(R.eventNameMismatch, `SSE event name "${frame.eventName}" differs from the data type "${json.type}"`, [frame.index]);
  }
  const resp = responseFor(state, frame, json.type, sink, json.sequence_number);
  checkSequence(resp, json.sequence_number, json.type, frame, sink);
  const category = eventCategory(json.type);
  if (category === undefined) {
    sink.report(R.unknownEvent, `unknown event type "${json.type}"; shown raw (openai-node would throw "Unhandled response stream event")`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  let event = json as ResponsesEvent;
  if (!isPlainEvent(json, category)) {
    const parsed = ResponsesEventSchema.safeParse(json);
    if (!parsed.success) {
      sink.report(R.invalidEvent, `${json.type} is malformed: ${describeIssues(parsed.error.issues)}`, [frame.index]);
      state.model.items.push(rawItem(frame));
      return;
    }
    event = parsed.data;
  }
  // An event openai-node reads and the AI SDK's OpenAI provider rejects: reported, still applied.
  const objection = aiSdkObjection(json);
  if (objection !== undefined) sink.report(R.invalidEvent, `${json.type}: ${objection}`, [frame.index]);
  noteClientReleases(state, event.type, frame, sink);
  checkOrder(resp, event.type, frame, sink);
  dispatch(state, resp, event, category, frame, sink);
}

/**
 * The response a frame belongs to, a new one when a stream (re)starts. A new response is a continuation
 * (created elsewhere, so no response.created to expect) when its connection resumes one
 * (`starting_after`, a GET on its id) or its first event's sequence_number is above 0: the events
 * before it are not this stream's.
 */
function responseFor(state: FoldState, frame: Frame, type: string, sink: FindingSink, sequence: unknown): ResponseState {
  const cur = state.response;
  const sameStream = cur && cur.connectionId === frame.connectionId && !state.requestSeen;
  if (cur && sameStream && !(type === 'response.created' && (cur.created || cur.terminal))) return cur;
  if (cur) endWithoutTerminal(cur, sink, type === 'response.created' ? 'a new response.created arrived' : 'a new connection started', [frame.index]);
  state.requestSeen = false;
  state.response = newResponse(state, frame.connectionId);
  const firstOnConnection = !(cur && cur.connectionId === frame.connectionId);
  const after = state.resumedAfter.get(frame.connectionId);
  if (after !== undefined && firstOnConnection) {
    state.response.created = true;
    if (after >= 0) state.response.lastSeq = after;
  } else if (typeof sequence === 'number' && sequence > 0 && type !== 'response.created') {
    // The sequence-gap check still says (as info) that the events before it are not in the capture.
    state.response.created = true;
  }
  return state.response;
}

function checkOrder(resp: ResponseState, type: string, frame: Frame, sink: FindingSink): void {
  if (type === 'keepalive') return;
  if (resp.terminal && !resp.afterTerminalReported) {
    resp.afterTerminalReported = true;
    sink.report(R.eventAfterTerminal, `${type} after ${resp.terminal}; nothing may follow the terminal event`, [frame.index, resp.terminalFrame ?? frame.index]);
  }
  if (!resp.created && type !== 'response.created' && type !== 'error' && !resp.orderReported) {
    resp.orderReported = true;
    sink.report(R.firstEventNotCreated, `got ${type} before response.created ("expected 'response.created' event, got ${type}")`, [frame.index]);
  }
}

function dispatch(state: FoldState, resp: ResponseState, ev: ResponsesEvent, category: EventCategory, frame: Frame, sink: FindingSink): void {
  // The union parse has validated the event against its family's schema; the casts name that family.
  const added = ev.type.endsWith('.added');
  switch (category) {
    case 'output-item':
      return added ? itemAdded(state, resp, ev as OutputItemEvent, frame, sink) : itemDone(state, resp, ev as OutputItemEvent, frame, sink);
    case 'content-part':
      return added ? partAdded(state, resp, ev as ContentPartEvent, frame, sink) : partDone(resp, ev as ContentPartEvent, frame, sink);
    case 'text':
      return textEvent(resp, ev as TextEvent, frame, sink);
    case 'summary-part':
      return summaryPart(state, resp, ev as SummaryPartEvent, frame, sink);
    case 'summary-text':
      return summaryText(resp, ev as SummaryTextEvent, frame, sink);
    case 'args':
      return argEvent(state, resp, ev as ArgEvent, frame, sink);
    case 'status':
      return statusEvent(resp, ev as StatusEvent, frame, sink);
    case 'shell':
      return shellEvent(resp, ev as ShellEvent, frame, sink);
    default:
      return applyLifecycle(state, resp, ev, frame, sink);
  }
}

/** Hosted-tool progress: the item must exist and be of the family the event names. */
function statusEvent(resp: ResponseState, ev: StatusEvent, frame: Frame, sink: FindingSink): void {
  const family = ev.type.slice('response.'.length, ev.type.lastIndexOf('.'));
  const item = itemFor(resp, ev, [family], frame, sink);
  if (!item?.view) return;
  item.view.frames.push(frame.index);
  if (ev.type.endsWith('.failed') && item.view.kind === 'tool') item.view.status = 'error';
}
