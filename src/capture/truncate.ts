// Payloads are cut where their JSON text would pass MAX_FRAME_BYTES (UTF-8, quotes not counted), so
// one huge payload cannot stall the page or blow the relay's and the hub's budgets whatever its
// characters are; the frame says how long it really was.
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { jsonPrefixFitting } from '../bridge/json-size';
import { apply, fromCharCode, mathCeil, mathFloor, mathMin, strSlice, typedLength, uint8Subarray } from './natives';

export interface FramePayload {
  data: string;
  encoding?: 'text' | 'base64';
  truncated?: { originalLength: number };
}

/** Text cut to at most `maxBytes` of JSON, never splitting a surrogate pair; `originalLength` in characters. */
export function cutText(text: string, maxBytes: number = MAX_FRAME_BYTES): FramePayload {
  const keep = jsonPrefixFitting(text, maxBytes + 2);
  if (keep === text.length) return { data: text };
  return { data: strSlice(text, 0, keep), truncated: { originalLength: text.length } };
}

const CHUNK = 0x8000; // fromCharCode.apply argument count that every engine accepts
const nativeBtoa = typeof btoa === 'function' ? btoa : undefined;

/** Bytes as base64; when the encoding would exceed `max` characters only a prefix is encoded. */
export function bytesToBase64Payload(bytes: Uint8Array, max: number = MAX_FRAME_BYTES): FramePayload {
  const length = typedLength(bytes);
  const fullLength = mathCeil(length / 3) * 4;
  const keep = fullLength <= max ? length : mathFloor(max / 4) * 3;
  let binary = '';
  for (let i = 0; i < keep; i += CHUNK) {
    binary += apply(fromCharCode, null, uint8Subarray(bytes, i, mathMin(i + CHUNK, keep)) as unknown as number[]);
  }
  const data = nativeBtoa ? apply(nativeBtoa, globalThis, [binary]) : '';
  return fullLength <= max
    ? { data, encoding: 'base64' }
    : { data, encoding: 'base64', truncated: { originalLength: fullLength } };
}
