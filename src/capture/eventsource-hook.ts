// EventSource capture. Like WebSocket, the constructor is a Proxy that attaches native listeners to
// each new instance: `open`, `error` and unnamed (`message`) events. Named SSE events are dispatched
// under their own type and only exist for types someone listens to, so addEventListener is watched
// too: when the page listens to a new type on an EventSource, we listen to that type as well. Named
// events the page never listens to are invisible from the page, and so to us.
import type { Capture, WatchedConnection } from './emitter';
import { call, nativeGetter, nativeMethod } from './natives';
import { wrapConstructor, wrapMethod, type Restore } from './native-mask';

const CLOSED = 2;
const OWN_TYPES = new Set(['open', 'error', 'message']);

export function hookEventSource(win: Window & typeof globalThis, capture: Capture): Restore {
  const Native = win.EventSource;
  if (typeof Native !== 'function') return () => {};
  const proto = Native.prototype;
  const addListener = nativeMethod(win.EventTarget.prototype, 'addEventListener')!;
  const url = nativeGetter(proto, 'url')!;
  const readyState = nativeGetter(proto, 'readyState')!;
  const messageData = nativeGetter(win.MessageEvent.prototype, 'data')!;
  const lastEventId = nativeGetter(win.MessageEvent.prototype, 'lastEventId')!;
  const sources = new WeakMap<object, { conn: WatchedConnection; types: Set<string> }>();

  const listen = (source: object, type: string, handler: (event: Event) => void) =>
    call(addListener, source, type, (event: Event) => {
      try {
        // isTrusted is an unforgeable own property of each event: the page cannot fake it, so events
        // the page dispatches itself are not mistaken for traffic.
        if (event.isTrusted) handler(event);
      } catch {
        // never surface hook failures on the page
      }
    });
  const tapType = (source: object, conn: WatchedConnection, type: string) =>
    listen(source, type, (event) => {
      const id = lastEventId(event) as string;
      conn.frame({
        direction: 'in',
        kind: 'message',
        data: messageData(event) as string,
        eventName: type === 'message' ? undefined : type,
        eventId: id === '' ? undefined : id,
      });
    });

  const restoreCtor = wrapConstructor(win, 'EventSource', (source) => {
    const conn = capture.open('eventsource', { url: url(source) as string, method: 'GET' });
    sources.set(source, { conn, types: new Set(OWN_TYPES) });
    listen(source, 'open', () => conn.frame({ direction: 'in', kind: 'open' }));
    tapType(source, conn, 'message');
    listen(source, 'error', () => {
      conn.frame({ direction: 'in', kind: 'error' });
      // After a fatal error the browser gives up reconnecting; the connection is over.
      if (readyState(source) === CLOSED) conn.frame({ direction: 'in', kind: 'close' });
    });
  });

  const restoreAdd = wrapMethod(win.EventTarget.prototype, 'addEventListener', (original, self, args) => {
    const watched = self !== null && typeof self === 'object' ? sources.get(self) : undefined;
    const type = args[0];
    if (watched && typeof type === 'string' && !watched.types.has(type)) {
      try {
        watched.types.add(type);
        tapType(self as object, watched.conn, type);
      } catch {
        // the page's own call below is what matters
      }
    }
    return call(original, self, ...args);
  });

  const restoreClose = wrapMethod(proto, 'close', (original, self, args) => {
    const watched = self !== null && typeof self === 'object' ? sources.get(self) : undefined;
    const wasOpen = watched !== undefined && readyState(self) !== CLOSED;
    const result = call(original, self, ...args);
    if (wasOpen) watched.conn.frame({ direction: 'in', kind: 'close', reason: 'closed by the page' });
    return result;
  });

  return () => {
    restoreClose();
    restoreAdd();
    restoreCtor();
  };
}
