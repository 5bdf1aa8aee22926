// Reads what a page sends or receives over a WebSocket (string, Blob, ArrayBuffer, typed array or
// DataView) into a frame payload: text stays text, binary becomes base64. Types are told apart with
// native brand checks (a getter that throws on the wrong type), which also work for values made in
// another realm (an iframe's ArrayBuffer) where `instanceof` would fail.
import { apply, bare, construct, getPrototypeOf, isView, mathFloor, mathMin, typedLength, nativeGetter, nativeMethod, NativeUint8Array, rejected, thenNative } from './natives';
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { NOT_KEPT, noBudget, type Grant } from './payload-budget';
import { base64Length, bytesToBase64Payload, cutText, type FramePayload } from './truncate';

const typedArrayProto = getPrototypeOf(Uint8Array.prototype) as object;
const taBuffer = nativeGetter(typedArrayProto, 'buffer');
const taOffset = nativeGetter(typedArrayProto, 'byteOffset');
const taLength = nativeGetter(typedArrayProto, 'byteLength');
const dvBuffer = nativeGetter(DataView.prototype, 'buffer');
const dvOffset = nativeGetter(DataView.prototype, 'byteOffset');
const dvLength = nativeGetter(DataView.prototype, 'byteLength');
const abLength = nativeGetter(ArrayBuffer.prototype, 'byteLength');
const blobSize = typeof Blob === 'function' ? nativeGetter(Blob.prototype, 'size') : undefined;
const blobArrayBuffer = typeof Blob === 'function' ? nativeMethod(Blob.prototype, 'arrayBuffer') : undefined;
const blobSlice = typeof Blob === 'function' ? nativeMethod(Blob.prototype, 'slice') : undefined;

function brand(get: ((v: unknown) => unknown) | undefined, value: unknown): boolean {
  if (!get) return false;
  try {
    get(value);
    return true;
  } catch {
    return false;
  }
}

/** Bytes of an ArrayBuffer or a view, or undefined when `value` is neither. */
export function bytesOf(value: unknown): Uint8Array | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (isView(value)) {
    const isTyped = brand(taBuffer, value);
    const buffer = (isTyped ? taBuffer! : dvBuffer!)(value) as ArrayBuffer;
    const offset = (isTyped ? taOffset! : dvOffset!)(value) as number;
    const length = (isTyped ? taLength! : dvLength!)(value) as number;
    return construct(NativeUint8Array, [buffer, offset, length]) as Uint8Array;
  }
  if (brand(abLength, value)) return construct(NativeUint8Array, [value]) as Uint8Array;
  return undefined;
}

export function isBlob(value: unknown): value is Blob {
  return value !== null && typeof value === 'object' && brand(blobSize, value);
}

/**
 * A payload available now, undefined when `value` is a Blob (use `readBlobPayload`), null when the
 * grant says it is not kept (counted past the capture budget, payload-budget.ts). Values of
 * other types were converted to a string by the browser's own ToString when the page sent them; we do
 * not call the page's `toString` a second time, so only primitives are rendered exactly.
 */
export function syncPayload(value: unknown, grant: Grant = noBudget): FramePayload | undefined | null {
  if (typeof value === 'string') return cutText(value);
  const bytes = bytesOf(value);
  if (bytes) {
    const room = base64Room(bytes, grant);
    return room === NOT_KEPT ? null : bytesToBase64Payload(bytes, room);
  }
  if (isBlob(value)) return undefined;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    // Primitives convert to text by the language itself (`'' + v`), not through the global String.
    return typeof value === 'symbol' ? { data: '[symbol]' } : cutText('' + (value as string | number | boolean | bigint | null | undefined));
  }
  return { data: '[object converted to text by its own toString]' };
}

/**
 * The base64 characters of `bytes` to keep: drawn on the budget before encoding, so a payload past it
 * is never encoded whole.
 */
function base64Room(bytes: Uint8Array, grant: Grant): number {
  return grant(mathMin(base64Length(typedLength(bytes)), MAX_FRAME_BYTES));
}

/** The Blob's payload, read as far as the budget keeps it; null when the grant says it is not kept. */
export function readBlobPayload(blob: Blob, grant: Grant = noBudget): Promise<FramePayload> | null {
  if (!blobArrayBuffer || !blobSize) return rejected('Blob.arrayBuffer is missing');
  // Drawn now, when the frame happened; a payload past the budget is read only as far as it is kept.
  const full = base64Length(blobSize(blob) as number);
  const room = grant(mathMin(full, MAX_FRAME_BYTES));
  if (room === NOT_KEPT) return null;
  const part = room < full && blobSlice ? (apply(blobSlice, blob, [0, mathFloor(room / 4) * 3]) as Blob) : blob;
  return thenNative(apply(blobArrayBuffer, part, []) as Promise<ArrayBuffer>, (buffer) => {
    // Resolving with an object looks up its `then`: without a prototype, never Object.prototype's.
    const payload = bytesToBase64Payload(construct(NativeUint8Array, [buffer]) as Uint8Array, room);
    const out = bare<FramePayload>();
    out.data = payload.data;
    if (payload.encoding !== undefined) out.encoding = payload.encoding;
    if (part !== blob) out.truncated = { originalLength: full };
    else if (payload.truncated !== undefined) out.truncated = payload.truncated;
    return out;
  });
}
