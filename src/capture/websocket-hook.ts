// WebSocket capture. The constructor is wrapped (a Proxy, so name, length, statics, prototype and
// `instanceof` stay the native ones) only to attach our own listeners to each new socket with the
// native addEventListener: that sees every incoming message whichever way the page listens, and even
// when it does not listen at all, without ever touching the page's listeners. `send` is wrapped to
// record what leaves, after the native call so its errors and effects are exactly the native ones.
import type { Capture, WatchedConnection } from './emitter';
import type { AnswerSockets } from './answer-sender';
import { apply, call, nativeGetter, nativeMethod, NativeWeakMap, weakGet, weakHas, weakSet } from './natives';
import { getterOf, methodOf } from './health';
import { wrapConstructor, wrapMethod, type Restore } from './native-mask';
import { isBlob, readBlobPayload, syncPayload } from './payload';

const OPEN = 1;

/** `answers`, when given, learns each socket so that an answer from the panel can be sent on it (answer-sender.ts). */
export function hookWebSocket(win: Window & typeof globalThis, capture: Capture, answers?: AnswerSockets): Restore {
  const Native = win.WebSocket;
  if (typeof Native !== 'function') return () => {};
  const proto = Native.prototype;
  const needed = [
    ['WebSocket', Native],
    ['WebSocket.prototype.send', methodOf(proto, 'send')],
    ['EventTarget.prototype.addEventListener', methodOf(win.EventTarget.prototype, 'addEventListener')],
    ['MessageEvent.prototype.data', getterOf(win.MessageEvent.prototype, 'data')],
    ['WebSocket.prototype.readyState', getterOf(proto, 'readyState')],
    ['WebSocket.prototype.url', getterOf(proto, 'url')],
  ] as const;
  if (!capture.health.require('WebSocket', needed)) return () => {};
  const health = capture.health;
  const addListener = nativeMethod(win.EventTarget.prototype, 'addEventListener')!;
  const readyState = nativeGetter(proto, 'readyState')!;
  const url = nativeGetter(proto, 'url')!;
  const messageData = nativeGetter(win.MessageEvent.prototype, 'data')!;
  const closeCode = nativeGetter(win.CloseEvent.prototype, 'code')!;
  const closeReason = nativeGetter(win.CloseEvent.prototype, 'reason')!;
  const sockets = new NativeWeakMap<object, WatchedConnection>();
  const listen = (socket: object, type: string, handler: (event: Event) => void) =>
    call(addListener, socket, type, (event: Event) => {
      try {
        // isTrusted is an unforgeable own property of each event: the page cannot fake it, so events
        // the page dispatches itself are not mistaken for traffic.
        if (event.isTrusted) handler(event);
      } catch {
        health.fail(); // counted; a failure of ours must not surface on the page
      }
    });

  const restoreCtor = wrapConstructor(win, 'WebSocket', (socket) => health.quietly(() => {
    const conn = capture.open('websocket', { url: url(socket) as string });
    weakSet(sockets, socket, conn);
    answers?.add(conn, socket);
    listen(socket, 'open', () => conn.frame({ direction: 'in', kind: 'open' }));
    listen(socket, 'message', (event) => record(conn, 'in', messageData(event)));
    listen(socket, 'error', () => conn.frame({ direction: 'in', kind: 'error' }));
    listen(socket, 'close', (event) => {
      answers?.remove(conn);
      conn.frame({ direction: 'in', kind: 'close', code: closeCode(event) as number, reason: closeReason(event) as string });
    });
  }));

  const restoreSend = wrapMethod(proto, 'send', (original, self, args) => {
    // Sending on a socket that is not open is a no-op natively (or throws while CONNECTING).
    let wasOpen = false;
    health.quietly(() => {
      wasOpen = self !== null && typeof self === 'object' && weakHas(sockets, self) && readyState(self) === OPEN;
    });
    const result = apply(original, self, args);
    // never let the hook change what send() does
    if (wasOpen && args.length > 0) health.quietly(() => record(weakGet(sockets, self as object)!, 'out', args[0]));
    return result;
  });

  return () => {
    restoreSend();
    restoreCtor();
  };
}

function record(conn: WatchedConnection, direction: 'in' | 'out', data: unknown): void {
  if (typeof data === 'string') return conn.text(direction, data);
  // null: a payload past the capture budget that was counted, not kept (payload-budget.ts).
  const payload = syncPayload(data, conn.grant);
  if (payload === null) return;
  if (payload) return conn.frame({ direction, kind: 'message', ...payload });
  if (!isBlob(data)) return;
  const later = readBlobPayload(data, conn.grant);
  if (later) conn.frameLater(direction, later);
}
