// Reads the request and response details recorded with an HTTP connection, through native getters
// only, and describes request bodies without reading streams or calling page code.
import { call, getOwnDescriptor, nativeGetter, nativeMethod } from './natives';
import { cutText } from './truncate';

type Getter = (self: unknown) => unknown;

export interface HttpNatives {
  headersForEach: (...a: never[]) => unknown;
  headersGet: (...a: never[]) => unknown;
  requestUrl: Getter;
  requestMethod: Getter;
  requestHeaders: Getter;
  responseUrl: Getter;
  responseStatus: Getter;
  responseStatusText: Getter;
  responseHeaders: Getter;
  responseBody: Getter;
  responseType: Getter;
  responseRedirected: Getter;
}

export function httpNatives(win: typeof globalThis): HttpNatives | undefined {
  const req = win.Request?.prototype;
  const res = win.Response?.prototype;
  const headers = win.Headers?.prototype;
  const n = {
    headersForEach: nativeMethod(headers, 'forEach'),
    headersGet: nativeMethod(headers, 'get'),
    requestUrl: nativeGetter(req, 'url'),
    requestMethod: nativeGetter(req, 'method'),
    requestHeaders: nativeGetter(req, 'headers'),
    responseUrl: nativeGetter(res, 'url'),
    responseStatus: nativeGetter(res, 'status'),
    responseStatusText: nativeGetter(res, 'statusText'),
    responseHeaders: nativeGetter(res, 'headers'),
    responseBody: nativeGetter(res, 'body'),
    responseType: nativeGetter(res, 'type'),
    responseRedirected: nativeGetter(res, 'redirected'),
  };
  for (const value of Object.values(n)) if (!value) return undefined;
  return n as HttpNatives;
}

/** Header names lower-cased (as Headers already gives them), repeated headers joined by ', '. */
export function headersToRecord(n: HttpNatives, headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  call(n.headersForEach, headers, (value: string, name: string) => {
    out[name] = value;
  });
  return out;
}

export function headerValue(n: HttpNatives, headers: unknown, name: string): string | null {
  return call<string | null>(n.headersGet, headers, name);
}

const urlSearchParamsToString = typeof URLSearchParams === 'function' ? nativeMethod(URLSearchParams.prototype, 'toString') : undefined;
const objectToString = Object.prototype.toString;

/**
 * The request body as the page gave it in `init.body`: strings (and URLSearchParams) as text, other
 * bodies described by type. Only an own data property is read, so no page getter runs twice.
 */
export function describeRequestBody(init: unknown, method: string): string | undefined {
  let body: unknown;
  if (init !== null && typeof init === 'object') {
    const desc = getOwnDescriptor(init, 'body');
    if (desc && !('value' in desc)) return '[body given by a getter, not read]';
    body = desc?.value;
  }
  if (body === undefined || body === null) {
    return method === 'GET' || method === 'HEAD' ? undefined : '[body of a Request object, not read]';
  }
  if (typeof body === 'string') return cutText(body).data;
  if (urlSearchParamsToString) {
    try {
      return call<string>(urlSearchParamsToString, body);
    } catch {
      // not URLSearchParams
    }
  }
  const tag = call<string>(objectToString, body); // e.g. "[object FormData]"
  return `[${tag.slice(8, -1)} body]`;
}
