// The flat-block fold: routes each frame to the stream, history or client-frame handler.
import type { Connection, DecodedFrame, Frame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { applyClientFrame } from './client-frames';
import { applyHistory, looksLikeHistory } from './history';
import { addRaw } from './raw';
import { parseEventId, type ParsedEventId } from './ids';
import { FlatState } from './state';
import { applyStreamEvent, streamEventKind } from './stream-events';
import { pageStopItem, TurnConnections } from '../shared/page-abort';

export function createFlatBlockFold(): ProtocolFold {
  return new FlatBlockFold();
}

/** A class rather than closures: a session is often short, so what each new fold allocates shows. */
class FlatBlockFold implements ProtocolFold {
  private state = new FlatState();
  private readonly connections = new TurnConnections();
  /**
   * Connections whose request subscribes to the replay (SSE: `?last_event_id=` or a Last-Event-ID header).
   * Made on the first such connection: most sessions have none.
   */
  private subscribing: Map<string, ParsedEventId> | undefined;

  connection(connection: Connection): void {
    const id = subscriptionCursor(connection);
    if (id !== undefined) (this.subscribing ??= new Map()).set(connection.id, parseEventId(id));
  }

  apply(decoded: DecodedFrame, sink: FindingSink): void {
    const frame = decoded.frame;
    if (this.subscribing !== undefined) this.subscribe(frame);
    const frameKind = frame.kind;
    if (frameKind !== 'message') {
      if (this.connections.lettingGo(frame)) return;
      // A connection's failure shows no item here; the page's own stop of a message still streaming
      // (after message_start, before message_stop) shows as its stop.
      const stop = pageStopItem(frame, () => this.state.view.id('error'), this.state.view.model.streaming);
      if (stop) this.state.view.model.items.push(stop);
      if (frameKind === 'close' || stop) this.state.view.setStreaming(false);
      return;
    }
    if (frame.direction === 'in') this.connections.carried(frame.connectionId);
    const jsonError = decoded.jsonError;
    if (jsonError !== undefined) {
      // A payload the capture cut short is not the server's fault: shown, not flagged.
      if (frame.direction === 'in' && !frame.truncated) sink.report('flat/invalid-event', `frame is not a JSON event: ${jsonError}`, [frame.index]);
      addRaw(this.state, frame);
      return;
    }
    const json = decoded.json;
    if (frame.direction === 'out') {
      applyClientFrame(this.state, json, frame, sink);
      return;
    }
    // Each field read once: a stream event's `type`, then its `messages` (mostly absent: no history).
    let type: unknown;
    let kind = -1;
    if (json !== null && typeof json === 'object') {
      if (Array.isArray(json)) {
        if (looksLikeHistory(json)) return this.history(json, frame, sink);
      } else {
        type = (json as { type?: unknown }).type;
        kind = streamEventKind(type);
        if (messagesOf(kind, json) !== undefined && looksLikeHistory(json)) return this.history(json, frame, sink);
      }
    }
    if (typeof type === 'string') {
      applyStreamEvent(this.state, json as Record<string, unknown>, type, kind, frame, sink);
      return;
    }
    sink.report('flat/unknown-event', 'a JSON frame without a string "type" is not a flat-block event', [frame.index]);
    addRaw(this.state, frame);
  }

  /**
   * A History API response means the page (re)loaded: the client throws its state away and rebuilds
   * from history, so frames from before the reload must not count against what follows.
   */
  private history(json: unknown, frame: Frame, sink: FindingSink): void {
    // A subscription whose replay has not begun resumes after the history's last_event_id, so it comes
    // after the history read even when a capture puts both at the same instant and the subscription
    // first (a HAR's History API response and WebSocket subscription): its replay is still checked.
    const pending = this.state.replay?.first === true ? this.state.replay : null;
    this.state = new FlatState();
    applyHistory(this.state, json, frame, sink);
    if (pending && this.state.replay === null) this.state.replay = pending;
  }

  /** The first frame of a connection whose request subscribes to the replay starts the replay checks. */
  private subscribe(frame: Frame): void {
    const subscribing = this.subscribing;
    const cursor = subscribing !== undefined && subscribing.size > 0 ? subscribing.get(frame.connectionId) : undefined;
    if (cursor) {
      subscribing?.delete(frame.connectionId);
      this.state.replay = { cursor, frame: frame.index, first: true };
    }
  }

  finish(): void {
    // End-of-input findings are tied to message_stop by the catalogue; a cut stream stays "streaming".
  }

  view(): ViewModel {
    return this.state.view.view();
  }
}

/**
 * `json.messages`, read at a site of its own for each event kind. One site for every event sees the
 * shapes of all of them, and V8 reads a property at a site that has seen many shapes through a shared
 * table, several times the cost of a site that has seen one or two (and the table's lines are cold
 * after each JSON.parse).
 */
function messagesOf(kind: number, json: { messages?: unknown }): unknown {
  switch (kind) {
    case 0:
      return json.messages;
    case 1:
      return json.messages;
    case 2:
      return json.messages;
    case 3:
      return json.messages;
    case 4:
      return json.messages;
    case 5:
      return json.messages;
    case 6:
      return json.messages;
    case 7:
      return json.messages;
    default:
      return json.messages;
  }
}

function subscriptionCursor(connection: Connection): string | undefined {
  const header = connection.requestHeaders?.['last-event-id'];
  if (header) return header;
  if (!connection.url) return undefined;
  try {
    return new URL(connection.url, 'http://127.0.0.1').searchParams.get('last_event_id') ?? undefined;
  } catch {
    return undefined;
  }
}
