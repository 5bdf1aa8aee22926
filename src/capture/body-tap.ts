// Watches a streaming HTTP body as it flows to the page. The body is piped through a pass-through
// TransformStream: each chunk is handed on first and then decoded for us, and the page's
// `reader.cancel()` travels up the pipe to the network as it would natively. (`body.tee()` would
// not do: a tee branch's cancel only resolves once the other branch is cancelled too, so the page's
// `cancel()` would hang and the connection would stay open.)
import type { WatchedConnection } from './emitter';
import { describeError } from './emitter';
import { construct, call, nativeMethod, thenNative } from './natives';
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
}

export function streamNatives(win: typeof globalThis): StreamNatives | undefined {
  const pipeTo = nativeMethod(win.ReadableStream?.prototype, 'pipeTo');
  const decode = nativeMethod(win.TextDecoder?.prototype, 'decode');
  const enqueue = nativeMethod(win.TransformStreamDefaultController?.prototype, 'enqueue');
  const cancel = nativeMethod(win.ReadableStream?.prototype, 'cancel');
  if (!pipeTo || !decode || !enqueue || !cancel || typeof win.TransformStream !== 'function') return undefined;
  return { TransformStream: win.TransformStream, TextDecoder: win.TextDecoder, pipeTo, decode, enqueue, cancel };
}

export interface BodyTap {
  /** Yields exactly what the body yields. */
  readable: ReadableStream<Uint8Array>;
  /** Starts the pipe; until then the original body is untouched, so a caller that fails first can
   * still hand the page its original Response. */
  start(): void;
}

/** A stream that yields exactly what `body` yields, feeding its text to `splitter` on the way. */
export function tapBody(n: StreamNatives, body: ReadableStream<Uint8Array>, splitter: StreamSplitter, conn: WatchedConnection): BodyTap {
  const decoder = construct(n.TextDecoder, []) as TextDecoder;
  const streamOption = { stream: true };
  let cancelReason: { reason: unknown } | undefined;
  const feed = (chunk: unknown) => {
    try {
      splitter.push(call<string>(n.decode, decoder, chunk, streamOption));
    } catch {
      // Bytes the decoder cannot take are the page's business, not ours.
    }
  };
  const transform = construct(n.TransformStream, [
    {
      transform(chunk: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>) {
        call(n.enqueue, controller, chunk);
        feed(chunk);
      },
      flush() {
        try {
          splitter.push(call<string>(n.decode, decoder));
          splitter.end();
        } catch {
          // see feed
        }
        conn.frame({ direction: 'in', kind: 'close' });
      },
      cancel(reason: unknown) {
        cancelReason = { reason };
      },
    },
  ]) as TransformStream<Uint8Array, Uint8Array>;
  const start = () => {
    // preventCancel: when the pipe stops because the page cancelled its side, we cancel the network
    // body ourselves, which also tells the two endings apart: cancelling a body that already failed
    // (network error, abort) rejects with that failure. (Chromium 156 does not call
    // `transformer.cancel`, so that callback alone cannot be relied on.)
    const piping = call<Promise<void>>(n.pipeTo, body, transform.writable, { preventCancel: true });
    thenNative(piping, () => undefined, (err) => {
      thenNative(
        call<Promise<void>>(n.cancel, body, err),
        () => conn.frame({ direction: 'in', kind: 'close', reason: 'cancelled by the page' }),
        (failure) => {
          if (cancelReason) conn.frame({ direction: 'in', kind: 'close', reason: 'cancelled by the page' });
          else conn.frame({ direction: 'in', kind: 'error', data: describeError(failure) });
        },
      );
    });
  };
  return { readable: transform.readable, start };
}
