// Reads a JSON response's clone and reports its text when it may be an agent History API answer.
// Bodies over the bound are abandoned part-way (our clone branch is cancelled), and bodies that do not
// start like JSON are abandoned after their first chunk.
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import { mayBeHistoryJson } from './history-shape';
import type { HttpNatives } from './http-info';
import { call, nativeMethod, thenNative } from './natives';

const getReader = nativeMethod(globalThis.ReadableStream?.prototype, 'getReader');
const readerProto = globalThis.ReadableStreamDefaultReader?.prototype;
const read = nativeMethod(readerProto, 'read');
const cancel = nativeMethod(readerProto, 'cancel');
const decode = nativeMethod(globalThis.TextDecoder?.prototype, 'decode');
const NativeTextDecoder = globalThis.TextDecoder;

export function readHistoryJson(copy: Response, h: HttpNatives, onHistory: (text: string) => void): void {
  thenNative(
    readText(copy, h),
    (text) => {
      if (text !== undefined && mayBeHistoryJson(text)) onHistory(text);
    },
    () => undefined, // a body the network failed to deliver is the page's to report
  );
}

async function readText(copy: Response, h: HttpNatives): Promise<string | undefined> {
  const body = h.responseBody(copy);
  if (!body || !getReader || !read || !cancel || !decode) return undefined;
  const reader = call<ReadableStreamDefaultReader<Uint8Array>>(getReader, body);
  const decoder = new NativeTextDecoder();
  const streamOption = { stream: true };
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await call<Promise<ReadableStreamReadResult<Uint8Array>>>(read, reader);
    if (done) return text + call<string>(decode, decoder);
    bytes += value.byteLength;
    text += call<string>(decode, decoder, value, streamOption);
    const first = text.trimStart().charAt(0);
    if (bytes > MAX_FRAME_CHARS || (first !== '' && first !== '{' && first !== '[')) {
      await call<Promise<void>>(cancel, reader);
      return undefined;
    }
  }
}
