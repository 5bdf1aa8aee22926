// Reads a JSON response's clone and reports its text when it may be an agent History API answer.
// Bodies over the bound are abandoned part-way (our clone branch is cancelled), and bodies that do not
// start like JSON are abandoned after their first chunk.
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { mayBeHistoryJson } from './history-shape';
import type { HttpNatives } from './http-info';
import { bare, call, construct, nativeMethod, thenNative, typedLength } from './natives';

const getReader = nativeMethod(globalThis.ReadableStream?.prototype, 'getReader');
const readerProto = globalThis.ReadableStreamDefaultReader?.prototype;
const read = nativeMethod(readerProto, 'read');
const cancel = nativeMethod(readerProto, 'cancel');
const decode = nativeMethod(globalThis.TextDecoder?.prototype, 'decode');
const NativeTextDecoder = globalThis.TextDecoder;

export function readHistoryJson(copy: Response, h: HttpNatives, onHistory: (text: string) => void): void {
  readText(copy, h, (text) => {
    if (text !== undefined && mayBeHistoryJson(text)) onHistory(text);
  });
}

/** The first character that is not JSON white space, or '' when there is none yet. */
function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== '\ufeff') return ch;
  }
  return '';
}

/**
 * Hands `done` the clone's text, or undefined when it is too big, does not start like JSON or fails
 * to arrive (the page reports its own network failures). Callbacks through the saved `then` that never
 * return a promise: `await`, or resolving one promise with another, calls `then` (or reads
 * `constructor`) through Promise.prototype, where the page could watch.
 */
function readText(copy: Response, h: HttpNatives, done: (text: string | undefined) => void): void {
  const body = h.responseBody(copy);
  if (!body || !getReader || !read || !cancel || !decode) return done(undefined);
  const reader = call<ReadableStreamDefaultReader<Uint8Array>>(getReader, body);
  const decoder = construct(NativeTextDecoder, []) as TextDecoder;
  const streamOption = bare<TextDecodeOptions>();
  streamOption.stream = true;
  let text = '';
  let bytes = 0;
  const failed = () => done(undefined);
  const next = () => {
    thenNative(call<Promise<ReadableStreamReadResult<Uint8Array>>>(read, reader), step, failed);
  };
  const step = (result: ReadableStreamReadResult<Uint8Array>): void => {
    if (result.done) return done(text + call<string>(decode, decoder));
    bytes += typedLength(result.value);
    text += call<string>(decode, decoder, result.value, streamOption);
    const first = firstNonSpace(text);
    if (bytes > MAX_FRAME_BYTES || (first !== '' && first !== '{' && first !== '[')) {
      thenNative(call<Promise<void>>(cancel, reader), failed, failed);
      return;
    }
    next();
  };
  next();
}
