// XMLHttpRequest capture for streaming answers (text/event-stream, NDJSON): `open`,
// `setRequestHeader` and `send` are wrapped only to note what was asked; the answer is read through
// native listeners, each time taking the new slice of `responseText` since the last look.
import type { Capture, WatchedConnection } from './emitter';
import { call, nativeGetter, nativeMethod } from './natives';
import { wrapMethod, type Restore } from './native-mask';
import { classifyContentType, mediaType } from './content-types';
import { splitterFor } from './body-tap';
import type { StreamSplitter } from './sse-splitter';
import { cutText } from './truncate';

const HEADERS_RECEIVED = 2;
const DONE = 4;

interface XhrState {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  listening: boolean;
  stream?: { conn: WatchedConnection; splitter: StreamSplitter; seen: number; ended: boolean };
}

export function hookXhr(win: Window & typeof globalThis, capture: Capture): Restore {
  const Native = win.XMLHttpRequest;
  if (typeof Native !== 'function') return () => {};
  const proto = Native.prototype;
  const addListener = nativeMethod(win.EventTarget.prototype, 'addEventListener')!;
  const readyState = nativeGetter(proto, 'readyState')!;
  const responseType = nativeGetter(proto, 'responseType')!;
  const responseText = nativeGetter(proto, 'responseText')!;
  const responseURL = nativeGetter(proto, 'responseURL')!;
  const status = nativeGetter(proto, 'status')!;
  const getResponseHeader = nativeMethod(proto, 'getResponseHeader')!;
  const getAllResponseHeaders = nativeMethod(proto, 'getAllResponseHeaders')!;
  const states = new WeakMap<object, XhrState>();
  const stateOf = (self: unknown) => (self !== null && typeof self === 'object' ? states.get(self) : undefined);

  const readNew = (xhr: object, s: NonNullable<XhrState['stream']>) => {
    const text = responseText(xhr) as string;
    if (text.length > s.seen) {
      s.splitter.push(text.slice(s.seen));
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
          requestBody: state.requestBody,
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
    const guard = (fn: () => void) => () => {
      try {
        fn();
      } catch {
        // never surface hook failures on the page
      }
    };
    call(addListener, xhr, 'readystatechange', guard(() => onChange(xhr, states.get(xhr)!)));
    call(addListener, xhr, 'progress', guard(() => onChange(xhr, states.get(xhr)!)));
    for (const type of ['error', 'abort', 'timeout']) {
      call(addListener, xhr, type, guard(() => {
        const s = states.get(xhr)?.stream;
        if (s && !s.ended) {
          s.ended = true;
          s.conn.frame({ direction: 'in', kind: 'error', data: type });
        }
      }));
    }
  };

  const restores = [
    wrapMethod(proto, 'open', (original, self, args) => {
      const result = call(original, self, ...args); // validates the arguments natively first
      const previous = stateOf(self);
      states.set(self as object, {
        method: typeof args[0] === 'string' ? args[0].toUpperCase() : 'GET',
        url: typeof args[1] === 'string' ? args[1] : '[URL object]',
        requestHeaders: {},
        listening: previous?.listening ?? false,
      });
      return result;
    }),
    wrapMethod(proto, 'setRequestHeader', (original, self, args) => {
      const result = call(original, self, ...args);
      const state = stateOf(self);
      if (state && typeof args[0] === 'string' && typeof args[1] === 'string') {
        const name = args[0].toLowerCase();
        const prior = state.requestHeaders[name];
        state.requestHeaders[name] = prior === undefined ? args[1] : `${prior}, ${args[1]}`;
      }
      return result;
    }),
    wrapMethod(proto, 'send', (original, self, args) => {
      const state = stateOf(self);
      if (state) {
        try {
          const body = args[0];
          if (typeof body === 'string') state.requestBody = cutText(body).data;
          else if (body !== undefined && body !== null) state.requestBody = '[non-text body, not read]';
          listenOnce(self as object, state);
        } catch {
          // the native send below is what matters
        }
      }
      return call(original, self, ...args);
    }),
  ];
  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}

/** `getAllResponseHeaders()` text to a record (names are already lower-case). */
function parseHeaderBlock(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}
