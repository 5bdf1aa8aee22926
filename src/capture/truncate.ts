// Frames are cut at MAX_FRAME_CHARS so one huge payload cannot stall the page's postMessage or blow
// the relay's and the hub's budgets; the frame says how long it really was.
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import { fromCharCode, apply } from './natives';

export interface FramePayload {
  data: string;
  encoding?: 'text' | 'base64';
  truncated?: { originalLength: number };
}

/** Text cut to at most `max` characters, never splitting a surrogate pair. */
export function cutText(text: string, max: number = MAX_FRAME_CHARS): FramePayload {
  if (text.length <= max) return { data: text };
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate whose partner would be cut off
  return { data: text.slice(0, end), truncated: { originalLength: text.length } };
}

const CHUNK = 0x8000; // fromCharCode.apply argument count that every engine accepts
const nativeBtoa = typeof btoa === 'function' ? btoa : undefined;

/** Bytes as base64; when the encoding would exceed `max` characters only a prefix is encoded. */
export function bytesToBase64Payload(bytes: Uint8Array, max: number = MAX_FRAME_CHARS): FramePayload {
  const fullLength = Math.ceil(bytes.length / 3) * 4;
  const keep = fullLength <= max ? bytes.length : Math.floor(max / 4) * 3;
  let binary = '';
  for (let i = 0; i < keep; i += CHUNK) {
    binary += apply(fromCharCode, null, bytes.subarray(i, Math.min(i + CHUNK, keep)) as unknown as number[]);
  }
  const data = nativeBtoa ? apply(nativeBtoa, globalThis, [binary]) : '';
  return fullLength <= max
    ? { data, encoding: 'base64' }
    : { data, encoding: 'base64', truncated: { originalLength: fullLength } };
}
