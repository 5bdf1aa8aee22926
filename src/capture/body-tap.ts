// Watches a streaming HTTP body as it flows to the page. The page reads a stream of our own whose
// `pull` reads one chunk of the network body, hands it on and then decodes it for us; the page's
// `reader.cancel()` cancels the network body as it would natively. Neither `pipeTo` nor `tee`: a
// pipe resolves its internal promises with promises, which makes the browser call
// `Promise.prototype.then` from a job (the page can see that), and a tee branch's cancel only
// resolves once the other branch is cancelled too. Callbacks here never return a promise, for the
// same reason: a promise resolved with a promise looks up its `then`.
import type { WatchedConnection } from './emitter';
import { describeError } from './emitter';
import { CANCELLED_BY_PAGE } from '../model/frame';
import { bare, construct, call, nativeMethod, thenNative } from './natives';
import type { Health } from './health';
import { createNdjsonSplitter } from './ndjson-splitter';
import { createSseSplitter, type StreamSplitter } from './sse-splitter';

export type StreamKind = 'sse' | 'ndjson';

/** Frames for the decoded text of a stream of the given kind. */
export function splitterFor(kind: StreamKind, conn: WatchedConnection): StreamSplitter {
  if (kind === 'sse') {
    return createSseSplitter(
      (e) => conn.frame({ direction: 'in', kind: 'message', data: e.data, eventName: e.event, eventId: e.id }),
      (max) => conn.frame({ direction: 'in', kind: 'error', data: `an SSE event grew past ${max} characters before it ended; its text was not kept` }),
    );
  }
  return createNdjsonSplitter((r) =>
    conn.frame({
      direction: 'in',
      kind: 'message',
      data: r.text,
      truncated: r.originalLength === undefined ? undefined : { originalLength: r.originalLength },
    }),
  );
}

export interface StreamNatives {
  ReadableStream: typeof ReadableStream;
  TextDecoder: typeof TextDecoder;
  getReader: (...a: never[]) => unknown;
  read: (...a: never[]) => unknown;
  cancel: (...a: never[]) => unknown;
  decode: (...a: never[]) => unknown;
  enqueue: (...a: never[]) => unknown;
  close: (...a: never[]) => unknown;
  error: (...a: never[]) => unknown;
}

export function streamNatives(win: typeof globalThis): StreamNatives | undefined {
  const getReader = nativeMethod(win.ReadableStream?.prototype, 'getReader');
  const read = nativeMethod(win.ReadableStreamDefaultReader?.prototype, 'read');
  const cancel = nativeMethod(win.ReadableStreamDefaultReader?.prototype, 'cancel');
  const decode = nativeMethod(win.TextDecoder?.prototype, 'decode');
  const controller = win.ReadableStreamDefaultController?.prototype;
  const enqueue = nativeMethod(controller, 'enqueue');
  const close = nativeMethod(controller, 'close');
  const error = nativeMethod(controller, 'error');
  if (!getReader || !read || !cancel || !decode || !enqueue || !close || !error || typeof win.ReadableStream !== 'function') return undefined;
  return { ReadableStream: win.ReadableStream, TextDecoder: win.TextDecoder, getReader, read, cancel, decode, enqueue, close, error };
}

export interface BodyTap {
  /** Yields exactly what the body yields. */
  readable: ReadableStream<Uint8Array>;
  /** Locks the body for reading; until then the original body is untouched, so a caller that fails
   * first can still hand the page its original Response. */
  start(): void;
}

/** A stream that yields exactly what `body` yields, feeding its text to `splitter` on the way. */
export function tapBody(n: StreamNatives, body: ReadableStream<Uint8Array>, splitter: StreamSplitter, conn: WatchedConnection, health: Health): BodyTap {
  const decoder = construct(n.TextDecoder, []) as TextDecoder;
  // Option and callback objects without a prototype: the browser reads every member it knows of,
  // and one we leave out must not be found on Object.prototype.
  const streamOption = bare<TextDecodeOptions>();
  streamOption.stream = true;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let ended = false;
  let cancelled = false;
  const feed = (chunk: unknown) => {
    let text: string;
    try {
      text = call<string>(n.decode, decoder, chunk, streamOption);
    } catch {
      return; // bytes the decoder cannot take are the page's business, not ours
    }
    health.quietly(() => splitter.push(text));
  };
  const finish = () => {
    health.quietly(() => {
      splitter.push(call<string>(n.decode, decoder));
      splitter.end();
      conn.frame({ direction: 'in', kind: 'close' });
    });
  };
  const source = bare<UnderlyingDefaultSource<Uint8Array>>();
  // One network read per pull; a page that asks again before a read settles gets a second read,
  // which the body answers in order, so chunks reach the page in the order they came.
  source.pull = (controller) => {
    if (!reader || ended) return;
    thenNative(
      call<Promise<ReadableStreamReadResult<Uint8Array>>>(n.read, reader),
      (step) => {
        if (ended) return;
        if (step.done) {
          ended = true;
          call(n.close, controller);
          finish();
          return;
        }
        call(n.enqueue, controller, step.value);
        feed(step.value);
      },
      (err) => {
        if (ended) return;
        ended = true;
        call(n.error, controller, err);
        health.quietly(() => {
          if (cancelled) conn.frame({ direction: 'in', kind: 'close', data: CANCELLED_BY_PAGE, reason: CANCELLED_BY_PAGE });
          else conn.frame({ direction: 'in', kind: 'error', data: describeError(err) });
        });
      },
    );
  };
  source.cancel = (reason: unknown) => {
    if (ended || !reader) return;
    ended = true;
    cancelled = true;
    thenNative(call<Promise<void>>(n.cancel, reader, reason), noop, noop);
    health.quietly(() => conn.frame({ direction: 'in', kind: 'close', data: CANCELLED_BY_PAGE, reason: CANCELLED_BY_PAGE }));
  };
  // The strategy too: left out, the browser reads `size` and `highWaterMark` of a default object.
  // A high-water mark of 0 reads from the network only when the page reads, as the body itself would.
  const strategy = bare<QueuingStrategy<Uint8Array>>();
  strategy.highWaterMark = 0;
  const readable = construct(n.ReadableStream, [source, strategy]) as ReadableStream<Uint8Array>;
  const start = () => {
    reader = call<ReadableStreamDefaultReader<Uint8Array>>(n.getReader, body);
  };
  return { readable, start };
}

function noop(): undefined {
  return undefined;
}
