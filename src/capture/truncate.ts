// Payloads are cut at MAX_FRAME_CHARS characters, so one huge payload cannot blow the relay's and the
// hub's budgets; the frame says how long it really was. A count, never a walk over the text: this runs
// on the page's thread, where finding how many characters fit a number of JSON bytes took about 30 ms
// for a mebibyte. The hub cuts further where a payload's JSON would pass MAX_FRAME_BYTES (tab.ts).
import { MAX_FRAME_BYTES, MAX_FRAME_CHARS } from '../bridge/page-messages';
import { apply, charCodeAt, fromCharCode, isNativeFunction, mathCeil, mathFloor, mathMin, nativeMethod, strSlice, typedLength, uint8Subarray } from './natives';

export interface FramePayload {
  data: string;
  encoding?: 'text' | 'base64';
  truncated?: { originalLength: number };
}

/** Text cut to at most `maxChars` characters, never splitting a surrogate pair; `originalLength` in characters. */
export function cutText(text: string, maxChars: number = MAX_FRAME_CHARS): FramePayload {
  if (text.length <= maxChars) return { data: text };
  const last = charCodeAt(text, maxChars - 1);
  const keep = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars;
  return { data: strSlice(text, 0, keep), truncated: { originalLength: text.length } };
}

const CHUNK = 0x8000; // fromCharCode.apply argument count that every engine accepts
const nativeBtoa = typeof btoa === 'function' ? btoa : undefined;
/**
 * `Uint8Array.prototype.toBase64` (Chrome 140+, Firefox 133+), saved now and used once it proved to be
 * the browser's own: it encodes in one native call, where a string of byte characters built by
 * fromCharCode and handed to btoa took about 1.4 ms of the page's thread per 100 KB frame.
 */
const savedToBase64 = nativeMethod(Uint8Array.prototype, 'toBase64');
let toBase64: ((...a: never[]) => unknown) | undefined | false;

function nativeToBase64(): ((...a: never[]) => unknown) | undefined {
  if (toBase64 === undefined) toBase64 = savedToBase64 !== undefined && isNativeFunction(savedToBase64, 'toBase64') ? savedToBase64 : false;
  return toBase64 || undefined;
}

/** Characters of base64 that `bytes` bytes encode to. */
export const base64Length = (bytes: number): number => mathCeil(bytes / 3) * 4;

/** Bytes as base64; when the encoding would exceed `max` characters only a prefix is encoded. */
export function bytesToBase64Payload(bytes: Uint8Array, max: number = MAX_FRAME_BYTES): FramePayload {
  const length = typedLength(bytes);
  const fullLength = base64Length(length);
  const keep = fullLength <= max ? length : mathFloor(max / 4) * 3;
  const encode = nativeToBase64();
  if (encode) {
    const data = apply(encode, keep === length ? bytes : uint8Subarray(bytes, 0, keep), []) as string;
    return fullLength <= max ? { data, encoding: 'base64' } : { data, encoding: 'base64', truncated: { originalLength: fullLength } };
  }
  let binary = '';
  for (let i = 0; i < keep; i += CHUNK) {
    binary += apply(fromCharCode, null, uint8Subarray(bytes, i, mathMin(i + CHUNK, keep)) as unknown as number[]);
  }
  const data = nativeBtoa ? apply(nativeBtoa, globalThis, [binary]) : '';
  return fullLength <= max
    ? { data, encoding: 'base64' }
    : { data, encoding: 'base64', truncated: { originalLength: fullLength } };
}
