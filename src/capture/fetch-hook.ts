// fetch capture. Streaming bodies (SSE, NDJSON and kin) are tapped on their way to the page; JSON
// answers shaped like an agent History API response are read once from a clone. Everything else
// passes through untouched. The page gets a Response that is `instanceof Response` and reports the
// native url, redirected, type, status and headers.
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import type { Capture, ConnectionInfo } from './emitter';
import { call, construct, nativeMethod, thenNative } from './natives';
import { wrapGetter, wrapMethod, type Restore } from './native-mask';
import { classifyContentType } from './content-types';
import { streamNatives, splitterFor, tapBody, type StreamNatives } from './body-tap';
import { describeRequestBody, headersToRecord, headerValue, httpNatives, type HttpNatives } from './http-info';
import { readHistoryJson } from './json-capture';

interface Original {
  url: string;
  redirected: boolean;
  type: string;
}

export function hookFetch(win: Window & typeof globalThis, capture: Capture): Restore {
  const http = httpNatives(win);
  const streams = streamNatives(win);
  const NativeRequest = win.Request;
  const NativeResponse = win.Response;
  if (typeof win.fetch !== 'function' || !http || !streams) return () => {};
  const nativeClone = nativeMethod(NativeResponse.prototype, 'clone')!;
  // The Responses we built around a tapped body, with the values the network response had: a
  // constructed Response would otherwise say url '', type 'default', redirected false.
  const rebuilt = new WeakMap<object, Original>();
  const originalOf = (self: unknown) => (self !== null && typeof self === 'object' ? rebuilt.get(self) : undefined);

  const restores: Restore[] = [
    wrapGetter(NativeResponse.prototype, 'url', (get, self) => originalOf(self)?.url ?? call(get, self)),
    wrapGetter(NativeResponse.prototype, 'redirected', (get, self) => originalOf(self)?.redirected ?? call(get, self)),
    wrapGetter(NativeResponse.prototype, 'type', (get, self) => originalOf(self)?.type ?? call(get, self)),
    wrapMethod(NativeResponse.prototype, 'clone', (original, self, args) => {
      const copy = call<object>(original, self, ...args);
      const o = originalOf(self);
      if (o) rebuilt.set(copy, o);
      return copy;
    }),
    wrapMethod(win, 'fetch', (original, self, args) => {
      let request: Request;
      try {
        // fetch(input, init) itself starts by constructing a Request from its arguments; doing it here
        // lets us read the method, URL and headers as sent without running page getters twice.
        if (args.length === 0) throw new TypeError('no arguments');
        request = construct(NativeRequest, [args[0], args[1]]) as Request;
      } catch {
        return call(original, self, ...args); // the native call reports the error in its own words
      }
      const bodyText = describeRequestBody(args[1], http.requestMethod(request) as string);
      const pending = call<Promise<Response>>(original, self, request);
      return thenNative(pending, (response) => {
        try {
          return inspect(response, request, bodyText);
        } catch {
          return response;
        }
      });
    }),
  ];

  function inspect(response: Response, request: Request, requestBody: string | undefined): Response {
    const h = http!;
    const type = h.responseType(response) as string;
    if (type !== 'basic' && type !== 'cors' && type !== 'default') return response; // opaque: no body to see
    const headers = h.responseHeaders(response);
    const kind = classifyContentType(headerValue(h, headers, 'content-type'), headerValue(h, headers, 'x-vercel-ai-data-stream'));
    const info = (): ConnectionInfo => connectionInfo(h, request, response, requestBody);
    // An agent client message sent as a request of its own (an approval reply to a question asked
    // over SSE, a subscription): kept as an outgoing frame so the reply is checked with its stream.
    if (kind !== 'sse' && kind !== 'ndjson' && requestBody !== undefined && looksLikeClientMessage(requestBody)) {
      capture.open('http-json', info()).frame({ direction: 'out', kind: 'message', data: requestBody });
    }
    if (!kind) return response;
    if (kind === 'json') {
      const length = Number(headerValue(h, h.responseHeaders(response), 'content-length') ?? 0);
      if (length <= MAX_FRAME_CHARS && h.responseBody(response)) {
        readHistoryJson(call<Response>(nativeClone, response), h, (text) => capture.open('http-json', info()).frame({ direction: 'in', kind: 'message', data: text }));
      }
      return response;
    }
    const body = h.responseBody(response) as ReadableStream<Uint8Array> | null;
    if (!body) return response;
    const conn = capture.open(kind === 'sse' ? 'sse' : 'fetch-stream', info());
    const tap = tapBody(streams as StreamNatives, body, splitterFor(kind, conn), conn);
    const copy = construct(NativeResponse, [
      tap.readable,
      { status: h.responseStatus(response), statusText: h.responseStatusText(response), headers: h.responseHeaders(response) },
    ]) as Response;
    rebuilt.set(copy, { url: h.responseUrl(response) as string, redirected: h.responseRedirected(response) as boolean, type });
    tap.start();
    return copy;
  }

  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}

/** Substring checks only: nothing is parsed in the page. */
function looksLikeClientMessage(body: string): boolean {
  if (body.length > MAX_FRAME_CHARS) return false;
  return body.includes('"approval_key"') || body.includes('"last_event_id"');
}

function connectionInfo(h: HttpNatives, request: Request, response: Response, requestBody: string | undefined): ConnectionInfo {
  const info: ConnectionInfo = {
    url: (h.responseUrl(response) as string) || (h.requestUrl(request) as string),
    method: h.requestMethod(request) as string,
    requestHeaders: headersToRecord(h, h.requestHeaders(request)),
    status: h.responseStatus(response) as number,
    responseHeaders: headersToRecord(h, h.responseHeaders(response)),
  };
  if (requestBody !== undefined) info.requestBody = requestBody;
  return info;
}
