// `inspect` in one pass over an input read in pieces: frames go from the reader through the session
// split to the pipelines as they are read, and only what the pipelines keep (view model, findings)
// stays, so memory does not grow with the input. That gives the same sessions as reading the whole
// capture first only when the frames arrive in the capture's order; when they do not (an input whose
// frames need sorting by time, or whose made-up times were corrected after the fact) the answer is
// `undefined`, and the caller reads the input again the collecting way.
import type { Frame } from '../model/frame';
import { readingOrder, type PendingFrame } from '../capture-format/build-capture';
import { SessionSplitter } from '../analysis/session-split';
import { protocols } from '../protocols/registry';
import { keptIndex } from '../readers/capture-collector';
import { streamInput, type InputEnd, type InputSink, type InputSource } from '../readers/read-input';
import type { Inspected, InspectOptions } from './inspect';

export interface StreamInspectOptions extends InspectOptions {
  /** false (the default here): pipelines keep no frames once their protocol is certain (see SessionPipeline). */
  keepFrames?: boolean;
}

export interface StreamInspected extends Inspected {
  /** `none` when the input recorded no clock. */
  timing?: 'none';
}

/** Throws InputError when the input cannot be read; `undefined` when it must be read collected. */
export async function inspectStream(source: InputSource, options: StreamInspectOptions = {}): Promise<StreamInspected | undefined> {
  const sink = new SplittingSink(options);
  let end: InputEnd;
  try {
    end = await streamInput(stopping(source, sink), sink);
  } catch (err) {
    if (sink.failure !== undefined) throw sink.failure;
    if (sink.outOfOrder) return undefined;
    throw err;
  }
  if (sink.failure !== undefined) throw sink.failure;
  // Made-up times corrected once a recorded time turned up were analysed uncorrected (EventClock).
  if (sink.outOfOrder || (end.untimedLead ?? 0) > 1) return undefined;
  const inspected: StreamInspected = { format: end.format, sessions: sink.splitter.finish() };
  if (end.timing === 'none') inspected.timing = 'none';
  return inspected;
}

/** Stops handing the reader pieces once the sink knows the input must be read again. */
async function* stopping(source: InputSource, sink: SplittingSink): AsyncIterable<Uint8Array | string> {
  const iterable: AsyncIterable<Uint8Array | string> = 'getReader' in source ? streamOf(source) : source;
  for await (const piece of iterable) {
    if (sink.outOfOrder || sink.failure !== undefined) return;
    yield piece;
  }
}

async function* streamOf(source: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = source.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}

class SplittingSink implements InputSink {
  readonly splitter: SessionSplitter;
  outOfOrder = false;
  /** A failure of the analysis (not of reading), kept so it is not reported as an unreadable input. */
  failure: unknown;
  private count = 0;
  /** The number given to the previous frame. */
  private previous = -1;
  /** Connections frames have named: a description arriving after them would change the split. */
  private readonly framed = new Set<string>();
  /** The previous frame's place in the capture's order: its index in a capture file, else its time. */
  private last: number | undefined;


  constructor(private readonly options: StreamInspectOptions) {
    this.splitter = new SessionSplitter(protocols, { keepFrames: options.keepFrames === true });
  }

  connection(connection: Parameters<InputSink['connection']>[0]): void {
    if (this.outOfOrder || this.failure !== undefined) return;
    if (this.framed.has(connection.id)) {
      this.outOfOrder = true;
      return;
    }
    this.guard(() => this.splitter.connection(this.options.protocol ? { ...connection, protocol: this.options.protocol } : connection));
  }

  frame(frame: PendingFrame): void {
    if (this.outOfOrder || this.failure !== undefined) return;
    const order = readingOrder(frame);
    if (this.last !== undefined && order < this.last) {
      this.outOfOrder = true;
      return;
    }
    this.last = order;
    this.framed.add(frame.connectionId);
    const indexedFrame = frame as Frame;
    // A capture file's frames keep their own numbers, as CaptureCollector keeps them.
    const own = (frame as Partial<Frame>).index;
    indexedFrame.index = typeof own === 'number' ? keptIndex(own, this.previous) : this.count++;
    this.previous = indexedFrame.index;
    this.guard(() => this.splitter.frame(indexedFrame));
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (err) {
      this.failure = err;
    }
  }
}
