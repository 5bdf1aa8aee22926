// XMLHttpRequest capture, as the fetch hook captures (many chat front ends send through axios, which
// uses XMLHttpRequest in browsers): streaming answers (text/event-stream, NDJSON), agent client
// messages sent as requests of their own, and JSON answers that may be History API responses.
// `open`, `setRequestHeader` and `send` are wrapped only to note what was asked (and when: `send`
// starts the request); the answer is read through native listeners, a stream each time taking the
// new slice of `responseText` since the last look.
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import type { Capture, ConnectionInfo, WatchedConnection } from './emitter';
import { looksLikeClientMessage, recordedWhenSent } from './client-message';
import { mayBeHistoryJson } from './history-shape';
import { apply, bare, call, nativeGetter, nativeMethod, NativeWeakMap, now, strIndexOf, strSlice, strTrim, toLowerCase, toUpperCase, weakGet, weakSet } from './natives';
import { wrapMethod, type Restore } from './native-mask';
import { classifyContentType, mediaType, type BodyKind } from './content-types';
import { splitterFor } from './body-tap';
import { getterOf, methodOf } from './health';
import { describeBody } from './http-info';
import type { StreamSplitter } from './sse-splitter';
import type { FramePayload } from './truncate';

const HEADERS_RECEIVED = 2;
const DONE = 4;
const ENDINGS = ['error', 'abort', 'timeout'] as const;

interface XhrState {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: FramePayload | undefined;
  /** When the page called send(). */
  startedAt: number | undefined;
  listening: boolean;
  /** The answer's headers were read (a synchronous request reports only DONE); its kind, from its Content-Type. */
  headersRead: boolean;
  kind: BodyKind | undefined;
  stream: { conn: WatchedConnection; splitter: StreamSplitter; seen: number; ended: boolean } | undefined;
  /** The body is an agent client message (client-message.ts). */
  clientMessage: boolean;
  /** Its connection, when it was recorded as it was sent; `answered` once its response completed or failed. */
  sent: WatchedConnection | undefined;
  answered: boolean;
}

export function hookXhr(win: Window & typeof globalThis, capture: Capture): Restore {
  const Native = win.XMLHttpRequest;
  if (typeof Native !== 'function') return () => {};
  const proto = Native.prototype;
  const health = capture.health;
  const needed = [
    ['XMLHttpRequest.prototype.open', methodOf(proto, 'open')],
    ['XMLHttpRequest.prototype.send', methodOf(proto, 'send')],
    ['XMLHttpRequest.prototype.setRequestHeader', methodOf(proto, 'setRequestHeader')],
    ['XMLHttpRequest.prototype.getResponseHeader', methodOf(proto, 'getResponseHeader')],
    ['XMLHttpRequest.prototype.responseText', getterOf(proto, 'responseText')],
    ['EventTarget.prototype.addEventListener', methodOf(win.EventTarget.prototype, 'addEventListener')],
  ] as const;
  if (!health.require('XMLHttpRequest', needed)) return () => {};
  const addListener = nativeMethod(win.EventTarget.prototype, 'addEventListener')!;
  const readyState = nativeGetter(proto, 'readyState')!;
  const responseType = nativeGetter(proto, 'responseType')!;
  const responseText = nativeGetter(proto, 'responseText')!;
  const responseURL = nativeGetter(proto, 'responseURL')!;
  const status = nativeGetter(proto, 'status')!;
  const getResponseHeader = nativeMethod(proto, 'getResponseHeader')!;
  const getAllResponseHeaders = nativeMethod(proto, 'getAllResponseHeaders')!;
  const states = new NativeWeakMap<object, XhrState>();
  const stateOf = (self: unknown) => (self !== null && typeof self === 'object' ? weakGet(states, self) : undefined);

  const readNew = (xhr: object, s: NonNullable<XhrState['stream']>) => {
    const text = responseText(xhr) as string;
    if (text.length > s.seen) {
      s.splitter.push(strSlice(text, s.seen));
      s.seen = text.length;
    }
  };

  /** What is known of the request and, once its headers came, of its response. */
  const infoOf = (xhr: object, state: XhrState, responded: boolean): ConnectionInfo => {
    const info = bare<ConnectionInfo>();
    info.url = (responded && (responseURL(xhr) as string)) || state.url;
    info.method = state.method;
    info.requestHeaders = state.requestHeaders;
    if (state.requestBody) {
      info.requestBody = state.requestBody.data;
      if (state.requestBody.truncated) info.requestBodyTruncated = state.requestBody.truncated;
    }
    if (state.startedAt !== undefined) info.startedAt = state.startedAt;
    if (responded) {
      info.responseAt = now();
      info.status = status(xhr) as number;
      info.responseHeaders = parseHeaderBlock(call<string>(getAllResponseHeaders, xhr));
    }
    return info;
  };

  const onChange = (xhr: object, state: XhrState) => {
    const rs = readyState(xhr) as number;
    if (rs >= HEADERS_RECEIVED && !state.headersRead) {
      state.headersRead = true;
      const contentType = call<string | null>(getResponseHeader, xhr, 'content-type');
      // Ask for the AI SDK header only on text/plain: Chrome logs a console error for unexposed headers.
      const aiDataStream = mediaType(contentType) === 'text/plain' ? call<string | null>(getResponseHeader, xhr, 'x-vercel-ai-data-stream') : null;
      const kind = classifyContentType(contentType, aiDataStream);
      state.kind = kind;
      const type = responseType(xhr);
      if ((kind === 'sse' || kind === 'ndjson') && (type === '' || type === 'text')) {
        const conn = capture.open(kind === 'sse' ? 'sse' : 'xhr', infoOf(xhr, state, true));
        state.stream = { conn, splitter: splitterFor(kind, conn), seen: 0, ended: false };
      }
    }
    // Status 0 at DONE is a request that failed or was aborted: no response to record. The ending
    // event that comes next marks a message that was sent.
    if (rs === DONE && !state.answered && (status(xhr) as number) !== 0) {
      state.answered = true;
      answered(xhr, state);
    }
    const s = state.stream;
    if (!s || s.ended || rs < HEADERS_RECEIVED) return;
    readNew(xhr, s);
    if (rs === DONE) {
      s.ended = true;
      s.splitter.end();
      s.conn.frame({ direction: 'in', kind: 'close' });
    }
  };

  /** A request that is not a stream completed: its client message and its JSON answer, as fetch's. */
  const answered = (xhr: object, state: XhrState) => {
    if (state.sent) {
      // The message went out when it was sent; its record now gets the response's status and headers.
      state.sent.update(infoOf(xhr, state, true));
      return;
    }
    if (state.stream) return;
    if (state.clientMessage && state.requestBody) {
      capture.open('http-json', infoOf(xhr, state, true)).frame({ direction: 'out', kind: 'message', data: state.requestBody.data });
    }
    const type = responseType(xhr);
    if (state.kind !== 'json' || (type !== '' && type !== 'text')) return;
    const text = responseText(xhr) as string;
    // Characters never outnumber bytes; the hub bounds the JSON's bytes again.
    if (text.length <= MAX_FRAME_BYTES && mayBeHistoryJson(text)) {
      capture.open('http-json', infoOf(xhr, state, true)).frame({ direction: 'in', kind: 'message', data: text });
    }
  };

  const listenOnce = (xhr: object, state: XhrState) => {
    if (state.listening) return;
    state.listening = true;
    const guarded = (fn: () => void) => () => health.quietly(fn);
    call(addListener, xhr, 'readystatechange', guarded(() => onChange(xhr, weakGet(states, xhr)!)));
    call(addListener, xhr, 'progress', guarded(() => onChange(xhr, weakGet(states, xhr)!)));
    for (let i = 0; i < ENDINGS.length; i++) {
      const type = ENDINGS[i]!;
      call(addListener, xhr, type, guarded(() => {
        const state = weakGet(states, xhr);
        const s = state?.stream;
        if (s && !s.ended) {
          s.ended = true;
          s.conn.frame({ direction: 'in', kind: 'error', data: type });
        }
        // The page sees the same failure; the message it sent is marked as never answered.
        if (state?.sent && !state.answered) {
          state.answered = true;
          state.sent.frame({ direction: 'in', kind: 'error', data: type });
        }
      }));
    }
  };

  const restores = [
    wrapMethod(proto, 'open', (original, self, args) => {
      const result = apply(original, self, args); // validates the arguments natively first
      health.quietly(() => {
        const previous = stateOf(self);
        // Every field there from the start, so none is ever looked up or assigned on Object.prototype.
        const state: XhrState = {
          method: typeof args[0] === 'string' ? toUpperCase(args[0]) : 'GET',
          url: typeof args[1] === 'string' ? args[1] : '[URL object]',
          requestHeaders: bare<Record<string, string>>(),
          requestBody: undefined,
          startedAt: undefined,
          listening: previous?.listening ?? false,
          headersRead: false,
          kind: undefined,
          stream: undefined,
          clientMessage: false,
          sent: undefined,
          answered: false,
        };
        weakSet(states, self as object, state);
      });
      return result;
    }),
    wrapMethod(proto, 'setRequestHeader', (original, self, args) => {
      const result = apply(original, self, args);
      health.quietly(() => {
        const state = stateOf(self);
        if (state && typeof args[0] === 'string' && typeof args[1] === 'string') {
          const name = toLowerCase(args[0]);
          const prior = state.requestHeaders[name];
          state.requestHeaders[name] = prior === undefined ? args[1] : prior + ', ' + args[1];
        }
      });
      return result;
    }),
    wrapMethod(proto, 'send', (original, self, args) => {
      // The native send below is what matters; what we note first is counted if it fails.
      health.quietly(() => {
        const state = stateOf(self);
        if (!state) return;
        state.startedAt = now();
        const body = describeBody(args[0]);
        state.requestBody = body;
        listenOnce(self as object, state);
        // Recorded before the native send: the reply must come before whatever the server does with it.
        state.clientMessage = body !== undefined && looksLikeClientMessage(body.data);
        if (state.clientMessage && recordedWhenSent(body!.data, state.requestHeaders.accept)) {
          const conn = capture.open('http-json', infoOf(self as object, state, false));
          conn.frame({ direction: 'out', kind: 'message', data: body!.data, ...(body!.truncated && { truncated: body!.truncated }) });
          state.sent = conn;
        }
      });
      return apply(original, self, args);
    }),
  ];
  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}

/** `getAllResponseHeaders()` text to a record (names are already lower-case). */
function parseHeaderBlock(block: string): Record<string, string> {
  const out = bare<Record<string, string>>();
  let start = 0;
  while (start < block.length) {
    let end = strIndexOf(block, '\r\n', start);
    if (end === -1) end = block.length;
    const colon = strIndexOf(block, ':', start);
    if (colon > start && colon < end) out[toLowerCase(strTrim(strSlice(block, start, colon)))] = strTrim(strSlice(block, colon + 1, end));
    start = end + 2;
  }
  return out;
}
