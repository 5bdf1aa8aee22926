// The flat-block fold: routes each frame to the stream, history or client-frame handler.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { FindingSink } from '../../model/finding';
import type { ViewModel } from '../../model/view';
import type { ProtocolFold } from '../types';
import { applyClientFrame } from './client-frames';
import { applyHistory, looksLikeHistory } from './history';
import { addRaw } from './raw';
import { parseEventId, type ParsedEventId } from './ids';
import { FlatState } from './state';
import { applyStreamEvent } from './stream-events';

export function createFlatBlockFold(): ProtocolFold {
  return new FlatBlockFold();
}

/** A class rather than closures: a session is often short, so what each new fold allocates shows. */
class FlatBlockFold implements ProtocolFold {
  private state = new FlatState();
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
    const { frame, json } = decoded;
    const subscribing = this.subscribing;
    const cursor = subscribing !== undefined && subscribing.size > 0 ? subscribing.get(frame.connectionId) : undefined;
    if (cursor) {
      subscribing?.delete(frame.connectionId);
      this.state.replay = { cursor, frame: frame.index, first: true };
    }
    if (frame.kind === 'close') this.state.view.setStreaming(false);
    if (frame.kind !== 'message') return;
    if (decoded.jsonError !== undefined) {
      if (frame.direction === 'in') sink.report('flat/invalid-event', `frame is not a JSON event: ${decoded.jsonError}`, [frame.index]);
      addRaw(this.state, frame);
      return;
    }
    if (frame.direction === 'out') {
      applyClientFrame(this.state, json, frame, sink);
      return;
    }
    if (looksLikeHistory(json)) {
      // A History API response means the page (re)loaded: the client throws its state away and
      // rebuilds from history, so frames from before the reload must not count against what follows.
      this.state = new FlatState();
      applyHistory(this.state, json, frame, sink);
      return;
    }
    if (json && typeof json === 'object' && !Array.isArray(json) && typeof (json as { type?: unknown }).type === 'string') {
      applyStreamEvent(this.state, json as Record<string, unknown>, frame, sink);
      return;
    }
    sink.report('flat/unknown-event', 'a JSON frame without a string "type" is not a flat-block event', [frame.index]);
    addRaw(this.state, frame);
  }

  finish(): void {
    // End-of-input findings are tied to message_stop by the catalogue; a cut stream stays "streaming".
  }

  view(): ViewModel {
    return this.state.view.view();
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
