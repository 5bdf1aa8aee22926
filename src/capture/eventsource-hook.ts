// EventSource capture. Like WebSocket, the constructor is a Proxy that attaches native listeners to
// each new instance: `open`, `error` and unnamed (`message`) events. Named SSE events are dispatched
// under their own type and only exist for types someone listens to, so addEventListener is watched
// too: when the page listens to a new type on an EventSource, we listen to that type as well. Named
// events the page never listens to are invisible from the page, and so to us.
import type { Capture, WatchedConnection } from './emitter';
import { CLOSED_BY_PAGE } from '../model/frame';
import { apply, bare, call, nativeGetter, nativeMethod, NativeWeakMap, weakGet, weakSet } from './natives';
import { getterOf, methodOf } from './health';
import { wrapConstructor, wrapMethod, type Restore } from './native-mask';

const CLOSED = 2;

/** The event types we listen to on every EventSource, as a prototype-less set. */
function ownTypes(): Record<string, true> {
  const types = bare<Record<string, true>>();
  types.open = true;
  types.error = true;
  types.message = true;
  return types;
}

export function hookEventSource(win: Window & typeof globalThis, capture: Capture): Restore {
  const Native = win.EventSource;
  if (typeof Native !== 'function') return () => {};
  const proto = Native.prototype;
  const needed = [
    ['EventSource', Native],
    ['EventSource.prototype.close', methodOf(proto, 'close')],
    ['EventTarget.prototype.addEventListener', methodOf(win.EventTarget.prototype, 'addEventListener')],
    ['MessageEvent.prototype.data', getterOf(win.MessageEvent.prototype, 'data')],
    ['EventSource.prototype.readyState', getterOf(proto, 'readyState')],
  ] as const;
  if (!capture.health.require('EventSource', needed)) return () => {};
  const health = capture.health;
  const addListener = nativeMethod(win.EventTarget.prototype, 'addEventListener')!;
  const url = nativeGetter(proto, 'url')!;
  const readyState = nativeGetter(proto, 'readyState')!;
  const messageData = nativeGetter(win.MessageEvent.prototype, 'data')!;
  const lastEventId = nativeGetter(win.MessageEvent.prototype, 'lastEventId')!;
  const sources = new NativeWeakMap<object, { conn: WatchedConnection; types: Record<string, true> }>();
  const watchedOf = (self: unknown) => (self !== null && typeof self === 'object' ? weakGet(sources, self) : undefined);

  const listen = (source: object, type: string, handler: (event: Event) => void) =>
    call(addListener, source, type, (event: Event) => {
      try {
        // isTrusted is an unforgeable own property of each event: the page cannot fake it, so events
        // the page dispatches itself are not mistaken for traffic.
        if (event.isTrusted) handler(event);
      } catch {
        health.fail(); // counted, never surfaced on the page
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

  const restoreCtor = wrapConstructor(win, 'EventSource', (source) => health.quietly(() => {
    const conn = capture.open('eventsource', { url: url(source) as string, method: 'GET' });
    weakSet(sources, source, { conn, types: ownTypes() });
    listen(source, 'open', () => conn.frame({ direction: 'in', kind: 'open' }));
    tapType(source, conn, 'message');
    listen(source, 'error', () => {
      conn.frame({ direction: 'in', kind: 'error' });
      // After a fatal error the browser gives up reconnecting; the connection is over.
      if (readyState(source) === CLOSED) conn.frame({ direction: 'in', kind: 'close' });
    });
  }));

  const restoreAdd = wrapMethod(win.EventTarget.prototype, 'addEventListener', (original, self, args) => {
    // The page's own call below is what matters; ours is counted if it fails.
    health.quietly(() => {
      const watched = watchedOf(self);
      const type = args[0];
      if (watched && typeof type === 'string' && !watched.types[type]) {
        watched.types[type] = true;
        tapType(self as object, watched.conn, type);
      }
    });
    return apply(original, self, args);
  });

  const restoreClose = wrapMethod(proto, 'close', (original, self, args) => {
    let watched: { conn: WatchedConnection } | undefined;
    health.quietly(() => {
      const w = watchedOf(self);
      if (w && readyState(self) !== CLOSED) watched = w;
    });
    const result = apply(original, self, args);
    if (watched) health.quietly(() => watched!.conn.frame({ direction: 'in', kind: 'close', data: CLOSED_BY_PAGE, reason: CLOSED_BY_PAGE }));
    return result;
  });

  return () => {
    restoreClose();
    restoreAdd();
    restoreCtor();
  };
}
