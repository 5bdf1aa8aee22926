// "Answer from the panel", the page's end: the relay hands over, on the private channel, a reply the
// user clicked in the panel (checked at every hop before, see bridge/answer-messages.ts); this sends it
// on the page's own WebSocket, the object the hook saw constructed, through the native `send` saved at
// start-up (never the page's `socket.send`, which the page may have replaced, and never through our own
// wrapper, which would record it as the page's). The frame is recorded marked `sentBy: "inspector"`.
// A socket that is not open gets nothing. Only the relay holds the channel (see relay/trust.ts): a page
// script can neither send through this nor make a frame carry the mark.
import type { WatchedConnection } from './emitter';
import type { Health } from './health';
import { bare, call, hasOwn, nativeGetter, nativeMethod, strIndexOf, strSlice } from './natives';

const OPEN = 1;

export interface AnswerSockets {
  /** A socket the hook watches, under its connection's id. */
  add(connection: WatchedConnection, socket: object): void;
  /** The socket closed: it can no longer be answered on. */
  remove(connection: WatchedConnection): void;
  /** Handles an answer event from the channel (its detail is answer-messages.ts's answerDetail). */
  onAnswer(event: Event): void;
}

type Entry = { connection: WatchedConnection; socket: object };

/** Read now, at document_start, from the window's own prototypes. Undefined when they are not there. */
export function createAnswerSockets(win: Window & typeof globalThis, health: Health): AnswerSockets | undefined {
  const Native = win.WebSocket;
  const Custom = win.CustomEvent;
  if (typeof Native !== 'function' || typeof Custom !== 'function') return undefined;
  const send = nativeMethod(Native.prototype, 'send');
  const readyState = nativeGetter(Native.prototype, 'readyState');
  const detailOf = nativeGetter(Custom.prototype, 'detail');
  if (!send || !readyState || !detailOf) return undefined;
  // Prototype-less: a connection id is never looked up on Object.prototype.
  const sockets = bare<Record<string, Entry>>();
  return {
    add(connection, socket) {
      sockets[connection.id] = { connection, socket };
    },
    remove(connection) {
      delete sockets[connection.id];
    },
    onAnswer(event) {
      health.quietly(() => {
        const detail = detailOf(event);
        if (typeof detail !== 'string') return;
        const cut = strIndexOf(detail, '\n');
        if (cut <= 0) return;
        const id = strSlice(detail, 0, cut);
        const data = strSlice(detail, cut + 1);
        if (!hasOwn(sockets, id)) return;
        const entry = sockets[id]!;
        if (readyState(entry.socket) !== OPEN) return;
        call(send, entry.socket, data);
        entry.connection.frame({ direction: 'out', kind: 'message', data, sentBy: 'inspector' });
      });
    },
  };
}
