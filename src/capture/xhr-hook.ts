// XMLHttpRequest capture for streaming answers (text/event-stream, NDJSON): `open`,
// `setRequestHeader` and `send` are wrapped only to note what was asked (and when: `send` starts the
// request); the answer is read through native listeners, each time taking the new slice of
// `responseText` since the last look.
import type { Capture, WatchedConnection } from './emitter';
import { apply, bare, call, nativeGetter, nativeMethod, NativeWeakMap, now, strIndexOf, strSlice, strTrim, toLowerCase, toUpperCase, weakGet, weakSet } from './natives';
import { wrapMethod, type Restore } from './native-mask';
import { classifyContentType, mediaType } from './content-types';
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
  stream: { conn: WatchedConnection; splitter: StreamSplitter; seen: number; ended: boolean } | undefined;
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

  const onChange = (xhr: object, state: XhrState) => {
    const rs = readyState(xhr) as number;
    if (rs === HEADERS_RECEIVED && !state.stream) {
      const contentType = call<string | null>(getResponseHeader, xhr, 'content-type');
      // Ask for the AI SDK header only on text/plain: Chrome logs a console error for unexposed headers.
      const aiDataStream = mediaType(contentType) === 'text/plain' ? call<string | null>(getResponseHeader, xhr, 'x-vercel-ai-data-stream') : null;
      const kind = classifyContentType(contentType, aiDataStream);
      const type = responseType(xhr);
      if ((kind === 'sse' || kind === 'ndjson') && (type === '' || type === 'text')) {
        const conn = capture.open(kind === 'sse' ? 'sse' : 'xhr', {
          url: (responseURL(xhr) as string) || state.url,
          method: state.method,
          requestHeaders: state.requestHeaders,
          ...(state.requestBody && { requestBody: state.requestBody.data }),
          ...(state.requestBody?.truncated && { requestBodyTruncated: state.requestBody.truncated }),
          ...(state.startedAt !== undefined && { startedAt: state.startedAt }),
          responseAt: now(),
          status: status(xhr) as number,
          responseHeaders: parseHeaderBlock(call<string>(getAllResponseHeaders, xhr)),
        });
        state.stream = { conn, splitter: splitterFor(kind, conn), seen: 0, ended: false };
      }
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

  const listenOnce = (xhr: object, state: XhrState) => {
    if (state.listening) return;
    state.listening = true;
    const guarded = (fn: () => void) => () => health.quietly(fn);
    call(addListener, xhr, 'readystatechange', guarded(() => onChange(xhr, weakGet(states, xhr)!)));
    call(addListener, xhr, 'progress', guarded(() => onChange(xhr, weakGet(states, xhr)!)));
    for (let i = 0; i < ENDINGS.length; i++) {
      const type = ENDINGS[i]!;
      call(addListener, xhr, type, guarded(() => {
        const s = weakGet(states, xhr)?.stream;
        if (s && !s.ended) {
          s.ended = true;
          s.conn.frame({ direction: 'in', kind: 'error', data: type });
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
          stream: undefined,
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
        state.requestBody = describeBody(args[0]);
        listenOnce(self as object, state);
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
