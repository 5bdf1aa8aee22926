// Watches a streaming HTTP body as it flows to the page. The body is piped through a pass-through
// TransformStream: each chunk is handed on first and then decoded for us, and the page's
// `reader.cancel()` travels up the pipe to the network as it would natively. (`body.tee()` would
// not do: a tee branch's cancel only resolves once the other branch is cancelled too, so the page's
// `cancel()` would hang and the connection would stay open.)
import type { WatchedConnection } from './emitter';
import { describeError } from './emitter';
import { bare, construct, call, nativeGetter, nativeMethod, thenNative } from './natives';
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
  TransformStream: typeof TransformStream;
  TextDecoder: typeof TextDecoder;
  pipeTo: (...a: never[]) => unknown;
  decode: (...a: never[]) => unknown;
  enqueue: (...a: never[]) => unknown;
  cancel: (...a: never[]) => unknown;
  readable: (self: unknown) => unknown;
  writable: (self: unknown) => unknown;
}

export function streamNatives(win: typeof globalThis): StreamNatives | undefined {
  const pipeTo = nativeMethod(win.ReadableStream?.prototype, 'pipeTo');
  const decode = nativeMethod(win.TextDecoder?.prototype, 'decode');
  const enqueue = nativeMethod(win.TransformStreamDefaultController?.prototype, 'enqueue');
  const cancel = nativeMethod(win.ReadableStream?.prototype, 'cancel');
  const readable = nativeGetter(win.TransformStream?.prototype, 'readable');
  const writable = nativeGetter(win.TransformStream?.prototype, 'writable');
  if (!pipeTo || !decode || !enqueue || !cancel || !readable || !writable || typeof win.TransformStream !== 'function') return undefined;
  return { TransformStream: win.TransformStream, TextDecoder: win.TextDecoder, pipeTo, decode, enqueue, cancel, readable, writable };
}

export interface BodyTap {
  /** Yields exactly what the body yields. */
  readable: ReadableStream<Uint8Array>;
  /** Starts the pipe; until then the original body is untouched, so a caller that fails first can
   * still hand the page its original Response. */
  start(): void;
}

/** A stream that yields exactly what `body` yields, feeding its text to `splitter` on the way. */
export function tapBody(n: StreamNatives, body: ReadableStream<Uint8Array>, splitter: StreamSplitter, conn: WatchedConnection, health: Health): BodyTap {
  const decoder = construct(n.TextDecoder, []) as TextDecoder;
  // Option and callback objects without a prototype: the browser reads every member it knows of,
  // and one we leave out must not be found on Object.prototype.
  const streamOption = bare<TextDecodeOptions>();
  streamOption.stream = true;
  let cancelReason: { reason: unknown } | undefined;
  const feed = (chunk: unknown) => {
    let text: string;
    try {
      text = call<string>(n.decode, decoder, chunk, streamOption);
    } catch {
      return; // bytes the decoder cannot take are the page's business, not ours
    }
    health.quietly(() => splitter.push(text));
  };
  const transformer = bare<Transformer<Uint8Array, Uint8Array> & { cancel?: (reason: unknown) => void }>();
  transformer.transform = (chunk, controller) => {
    call(n.enqueue, controller, chunk);
    feed(chunk);
  };
  transformer.flush = () => {
    health.quietly(() => {
      splitter.push(call<string>(n.decode, decoder));
      splitter.end();
      conn.frame({ direction: 'in', kind: 'close' });
    });
  };
  transformer.cancel = (reason: unknown) => {
    cancelReason = { reason };
  };
  // The strategies too: left out, the browser reads `size` and `highWaterMark` of default objects.
  const transform = construct(n.TransformStream, [transformer, bare<QueuingStrategy>(), bare<QueuingStrategy>()]) as TransformStream<Uint8Array, Uint8Array>;
  const pipeOptions = bare<StreamPipeOptions>();
  pipeOptions.preventCancel = true;
  const start = () => {
    // preventCancel: when the pipe stops because the page cancelled its side, we cancel the network
    // body ourselves, which also tells the two endings apart: cancelling a body that already failed
    // (network error, abort) rejects with that failure. (Chromium 156 does not call
    // `transformer.cancel`, so that callback alone cannot be relied on.)
    const piping = call<Promise<void>>(n.pipeTo, body, n.writable(transform), pipeOptions);
    thenNative(piping, () => undefined, (err) => {
      thenNative(
        call<Promise<void>>(n.cancel, body, err),
        () => health.quietly(() => conn.frame({ direction: 'in', kind: 'close', reason: 'cancelled by the page' })),
        (failure) =>
          health.quietly(() => {
            if (cancelReason) conn.frame({ direction: 'in', kind: 'close', reason: 'cancelled by the page' });
            else conn.frame({ direction: 'in', kind: 'error', data: describeError(failure) });
          }),
      );
    });
  };
  return { readable: n.readable(transform) as ReadableStream<Uint8Array>, start };
}
