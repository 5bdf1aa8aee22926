// Reads the request and response details recorded with an HTTP connection, through native getters
// only, and describes request bodies without reading streams or calling page code.
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { bare, call, construct, getOwnDescriptor, mathMin, nativeGetter, nativeMethod, typedLength, uint8Subarray } from './natives';
import { bytesOf } from './payload';
import { cutText, type FramePayload } from './truncate';

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
  // No prototype: a header named like a setter on Object.prototype must not call it.
  const out = bare<Record<string, string>>();
  call(n.headersForEach, headers, (value: string, name: string) => {
    out[name] = value;
  });
  return out;
}

export function headerValue(n: HttpNatives, headers: unknown, name: string): string | null {
  return call<string | null>(n.headersGet, headers, name);
}

const urlSearchParamsToString = typeof URLSearchParams === 'function' ? nativeMethod(URLSearchParams.prototype, 'toString') : undefined;
const blobSize = typeof Blob === 'function' ? nativeGetter(Blob.prototype, 'size') : undefined;
const formDataEntries = typeof FormData === 'function' ? nativeMethod(FormData.prototype, 'entries') : undefined;
const streamLocked = typeof ReadableStream === 'function' ? nativeGetter(ReadableStream.prototype, 'locked') : undefined;
const NativeTextDecoder = typeof TextDecoder === 'function' ? TextDecoder : undefined;
const decode = NativeTextDecoder ? nativeMethod(NativeTextDecoder.prototype, 'decode') : undefined;

/** True when the native `fn` accepts `value` as its receiver (a brand check that runs no page code). */
function branded(fn: ((...a: never[]) => unknown) | ((self: unknown) => unknown) | undefined, value: unknown): boolean {
  if (!fn) return false;
  try {
    call(fn, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A request body as text, cut at the frames' bound (JSON bytes) and marked when cut: strings,
 * URLSearchParams and bytes (ArrayBuffer, typed arrays, DataView: read as UTF-8, where agent clients
 * put JSON) as text, other bodies (Blob, FormData, streams) described. Types are told apart by native
 * brand checks, so no getter or `toString` of the page's runs.
 */
export function describeBody(body: unknown): FramePayload | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return cutText(body);
  if (typeof body !== 'object') return { data: '[body of an unexpected type, not read]' };
  if (urlSearchParamsToString && branded(urlSearchParamsToString, body)) return cutText(call<string>(urlSearchParamsToString, body));
  const bytes = bytesOf(body);
  if (bytes) {
    if (!NativeTextDecoder || !decode) return { data: '[binary body, not read]' };
    // A UTF-8 character takes one to four bytes and at most six in JSON: this many bytes are enough.
    const length = typedLength(bytes);
    const head = uint8Subarray(bytes, 0, mathMin(length, MAX_FRAME_BYTES));
    const text = call<string>(decode, construct(NativeTextDecoder, []), head);
    const cut = cutText(text);
    return length > MAX_FRAME_BYTES && !cut.truncated ? { data: cut.data, truncated: { originalLength: length } } : cut;
  }
  if (blobSize && branded(blobSize, body)) return { data: `[Blob body, ${blobSize(body) as number} bytes, not read]` };
  if (branded(formDataEntries, body)) return { data: '[FormData body, not read]' };
  if (streamLocked && branded(streamLocked, body)) return { data: '[stream body, not read]' };
  return { data: '[body of another type, not read]' };
}

/**
 * The request body as the page gave it in `init.body` (see describeBody). Only an own data property is
 * read, so no page getter runs twice.
 */
export function describeRequestBody(init: unknown, method: string): FramePayload | undefined {
  let body: unknown;
  if (init !== null && typeof init === 'object') {
    const desc = getOwnDescriptor(init, 'body');
    if (desc && !('value' in desc)) return { data: '[body given by a getter, not read]' };
    body = desc?.value;
  }
  if (body === undefined || body === null) {
    return method === 'GET' || method === 'HEAD' ? undefined : { data: '[body of a Request object, not read]' };
  }
  return describeBody(body);
}
