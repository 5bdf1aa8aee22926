// fetch capture. Streaming bodies (SSE, NDJSON and kin) are tapped on their way to the page; JSON
// answers shaped like an agent History API response are read once from a clone. Everything else
// passes through untouched. The page gets a Response that is `instanceof Response` and reports the
// native url, redirected, type, status and headers.
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { describeError, type Capture, type ConnectionInfo, type WatchedConnection } from './emitter';
import { apply, bare, call, construct, nativeMethod, NativeWeakMap, now, thenNative, weakGet, weakSet } from './natives';
import { getterOf, methodOf } from './health';
import type { FramePayload } from './truncate';
import { wrapGetter, wrapMethod, type Restore } from './native-mask';
import { classifyContentType } from './content-types';
import { looksLikeClientMessage, recordedWhenSent } from './client-message';
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
  const health = capture.health;
  const res = NativeResponse.prototype;
  const needed = [
    ['fetch', win.fetch],
    ['Request', NativeRequest],
    ['Response', NativeResponse],
    ['Response.prototype.clone', methodOf(res, 'clone')],
    ['Response.prototype.body', getterOf(res, 'body')],
    ['Response.prototype.headers', getterOf(res, 'headers')],
    ['Headers.prototype.get', methodOf(win.Headers.prototype, 'get')],
    ['Headers.prototype.forEach', methodOf(win.Headers.prototype, 'forEach')],
    ['ReadableStream', streams.ReadableStream],
    ['ReadableStream.prototype.getReader', streams.getReader],
    ['ReadableStreamDefaultReader.prototype.read', streams.read],
    ['TextDecoder.prototype.decode', streams.decode],
  ] as const;
  if (!health.require('fetch', needed)) return () => {};
  const nativeClone = nativeMethod(res, 'clone')!;
  // The Responses we built around a tapped body, with the values the network response had: a
  // constructed Response would otherwise say url '', type 'default', redirected false.
  const rebuilt = new NativeWeakMap<object, Original>();
  const originalOf = (self: unknown) => (self !== null && typeof self === 'object' ? weakGet(rebuilt, self) : undefined);

  const restores: Restore[] = [
    wrapGetter(NativeResponse.prototype, 'url', (get, self) => originalOf(self)?.url ?? call(get, self)),
    wrapGetter(NativeResponse.prototype, 'redirected', (get, self) => originalOf(self)?.redirected ?? call(get, self)),
    wrapGetter(NativeResponse.prototype, 'type', (get, self) => originalOf(self)?.type ?? call(get, self)),
    wrapMethod(NativeResponse.prototype, 'clone', (original, self, args) => {
      const copy = apply(original, self, args) as object;
      health.quietly(() => {
        const o = originalOf(self);
        if (o) weakSet(rebuilt, copy, o);
      });
      return copy;
    }),
    wrapMethod(win, 'fetch', (original, self, args) => {
      const startedAt = now();
      let request: Request;
      try {
        // fetch(input, init) itself starts by constructing a Request from its arguments; doing it here
        // lets us read the method, URL and headers as sent without running page getters twice.
        if (args.length === 0) return apply(original, self, args); // the native reports the error in its own words
        request = construct(NativeRequest, [args[0], args[1]]) as Request;
      } catch {
        return apply(original, self, args); // the same: the page's arguments were wrong
      }
      let body: FramePayload | undefined;
      // Scanned once: the body is read again on the response only when it was not sent now.
      let clientMessage = false;
      let sent: WatchedConnection | undefined;
      health.quietly(() => {
        body = describeRequestBody(args[1], http.requestMethod(request) as string);
        clientMessage = body !== undefined && looksLikeClientMessage(body.data);
        if (clientMessage) sent = sendClientMessage(request, body!, startedAt);
      });
      const pending = call<Promise<Response>>(original, self, request);
      return thenNative(
        pending,
        (response) => {
          try {
            return inspect(response, request, body, startedAt, clientMessage, sent);
          } catch {
            health.fail();
            return response;
          }
        },
        // The page gets the same rejection; the message it sent is marked as never answered.
        sent &&
          ((err: unknown) => {
            health.quietly(() => sent!.frame({ direction: 'in', kind: 'error', data: describeError(err) }));
            throw err;
          }),
      );
    }),
  ];

  /**
   * An agent client message sent as a request of its own is an outgoing frame, checked with the
   * stream it answers, recorded as it is sent (client-message.ts). When it is not, because the
   * request may be answered with a stream, the outgoing frame is made on the response when that is
   * not a stream. (A stream that answers a request which did not ask for one still gets the body as
   * its request body too.)
   */
  function sendClientMessage(request: Request, body: FramePayload, startedAt: number): WatchedConnection | undefined {
    const h = http!;
    if (!recordedWhenSent(body.data, headerValue(h, h.requestHeaders(request), 'accept'))) return undefined;
    const conn = capture.open('http-json', requestInfo(h, request, body, startedAt));
    conn.frame({ direction: 'out', kind: 'message', data: body.data, ...(body.truncated && { truncated: body.truncated }) });
    return conn;
  }

  function inspect(response: Response, request: Request, body: FramePayload | undefined, startedAt: number, clientMessage: boolean, sent: WatchedConnection | undefined): Response {
    const h = http!;
    const responseAt = now();
    const requestBody = body?.data;
    const info = (): ConnectionInfo => connectionInfo(h, request, response, body, startedAt, responseAt);
    // The message went out when it was sent; its record now gets the response's status and headers.
    if (sent) sent.update(info());
    const type = h.responseType(response) as string;
    if (type !== 'basic' && type !== 'cors' && type !== 'default') return response; // opaque: no body to see
    const headers = h.responseHeaders(response);
    const kind = classifyContentType(headerValue(h, headers, 'content-type'), headerValue(h, headers, 'x-vercel-ai-data-stream'));
    if (clientMessage && !sent && kind !== 'sse' && kind !== 'ndjson' && requestBody !== undefined) {
      capture.open('http-json', info()).frame({ direction: 'out', kind: 'message', data: requestBody });
    }
    if (!kind) return response;
    if (kind === 'json') {
      const length = +(headerValue(h, h.responseHeaders(response), 'content-length') ?? 0);
      if (length <= MAX_FRAME_BYTES && h.responseBody(response)) {
        readHistoryJson(call<Response>(nativeClone, response), h, (text) =>
          health.quietly(() => capture.open('http-json', info()).frame({ direction: 'in', kind: 'message', data: text })),
        );
      }
      return response;
    }
    const stream = h.responseBody(response) as ReadableStream<Uint8Array> | null;
    if (!stream) return response;
    const conn = capture.open(kind === 'sse' ? 'sse' : 'fetch-stream', info());
    const tap = tapBody(streams as StreamNatives, stream, splitterFor(kind, conn), conn, health);
    const init = bare<ResponseInit>();
    init.status = h.responseStatus(response) as number;
    init.statusText = h.responseStatusText(response) as string;
    init.headers = h.responseHeaders(response) as Headers;
    const copy = construct(NativeResponse, [tap.readable, init]) as Response;
    weakSet(rebuilt, copy, { url: h.responseUrl(response) as string, redirected: h.responseRedirected(response) as boolean, type });
    tap.start();
    return copy;
  }

  return () => {
    for (let i = restores.length - 1; i >= 0; i--) restores[i]!();
  };
}

/** What is known of a request as it is sent. */
function requestInfo(h: HttpNatives, request: Request, body: FramePayload | undefined, startedAt: number): ConnectionInfo {
  const info = bare<ConnectionInfo>();
  info.startedAt = startedAt;
  info.url = h.requestUrl(request) as string;
  info.method = h.requestMethod(request) as string;
  info.requestHeaders = headersToRecord(h, h.requestHeaders(request));
  if (body !== undefined) {
    info.requestBody = body.data;
    if (body.truncated) info.requestBodyTruncated = body.truncated;
  }
  return info;
}

function connectionInfo(
  h: HttpNatives,
  request: Request,
  response: Response,
  body: FramePayload | undefined,
  startedAt: number,
  responseAt: number,
): ConnectionInfo {
  const info = requestInfo(h, request, body, startedAt);
  info.responseAt = responseAt;
  info.url = (h.responseUrl(response) as string) || info.url;
  info.status = h.responseStatus(response) as number;
  info.responseHeaders = headersToRecord(h, h.responseHeaders(response));
  return info;
}
