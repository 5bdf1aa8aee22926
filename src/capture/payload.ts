// Reads what a page sends or receives over a WebSocket (string, Blob, ArrayBuffer, typed array or
// DataView) into a frame payload: text stays text, binary becomes base64. Types are told apart with
// native brand checks (a getter that throws on the wrong type), which also work for values made in
// another realm (an iframe's ArrayBuffer) where `instanceof` would fail.
import { apply, bare, construct, getPrototypeOf, isView, nativeGetter, nativeMethod, NativeUint8Array, rejected, thenNative } from './natives';
import { bytesToBase64Payload, cutText, type FramePayload } from './truncate';

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
 * A payload available now, or undefined when `value` is a Blob (use `readBlobPayload`). Values of
 * other types were converted to a string by the browser's own ToString when the page sent them; we do
 * not call the page's `toString` a second time, so only primitives are rendered exactly.
 */
export function syncPayload(value: unknown): FramePayload | undefined {
  if (typeof value === 'string') return cutText(value);
  const bytes = bytesOf(value);
  if (bytes) return bytesToBase64Payload(bytes);
  if (isBlob(value)) return undefined;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    // Primitives convert to text by the language itself (`'' + v`), not through the global String.
    return typeof value === 'symbol' ? { data: '[symbol]' } : cutText('' + (value as string | number | boolean | bigint | null | undefined));
  }
  return { data: '[object converted to text by its own toString]' };
}

export function readBlobPayload(blob: Blob): Promise<FramePayload> {
  if (!blobArrayBuffer) return rejected('Blob.arrayBuffer is missing');
  return thenNative(apply(blobArrayBuffer, blob, []) as Promise<ArrayBuffer>, (buffer) => {
    // Resolving with an object looks up its `then`: without a prototype, never Object.prototype's.
    const payload = bytesToBase64Payload(construct(NativeUint8Array, [buffer]) as Uint8Array);
    const out = bare<FramePayload>();
    out.data = payload.data;
    if (payload.encoding !== undefined) out.encoding = payload.encoding;
    if (payload.truncated !== undefined) out.truncated = payload.truncated;
    return out;
  });
}
