// A tab's frames in the hub, held compactly: per chunk of frames, the payloads as one flat string
// and every other field in typed arrays (capture index, time, connection, direction, kind, size);
// the rare fields (event name and id, a cut's original length, an explicit text encoding) in a
// small map. A frame object exists only while someone reads it. A million short frames then take
// their payload characters plus about 40 bytes each, instead of a few hundred bytes of objects and
// strings, so the tab's bound can be a number of bytes rather than of frames.
import type { Direction, Frame, FrameKind } from '../model/frame';

const CHUNK_FRAMES = 8192;

const KINDS: readonly FrameKind[] = ['message', 'open', 'close', 'error'];
const KIND_CODE: Readonly<Record<FrameKind, number>> = { message: 0, open: 1, close: 2, error: 3 };
const OUT = 1 << 2;
const BASE64 = 1 << 3;
const TEXT = 1 << 4;
const EXTRAS = 1 << 5;

type Extras = Pick<Frame, 'eventName' | 'eventId' | 'truncated'>;

class Chunk {
  readonly index = new Float64Array(CHUNK_FRAMES);
  readonly time = new Float64Array(CHUNK_FRAMES);
  readonly connection = new Uint32Array(CHUNK_FRAMES);
  readonly flags = new Uint8Array(CHUNK_FRAMES);
  readonly size = new Uint32Array(CHUNK_FRAMES);
  /** Where each payload starts in `text`; payload i ends where i + 1 starts. */
  readonly start = new Uint32Array(CHUNK_FRAMES + 1);
  length = 0;
  /** The payloads one by one while the chunk fills; joined into `text` once it is full. */
  parts: string[] | undefined = [];
  text = '';
  extras: Map<number, Extras> | undefined;

  data(i: number): string {
    return this.parts ? (this.parts[i] as string) : this.text.slice(this.start[i], this.start[i + 1]);
  }

  seal(): void {
    this.text = (this.parts as string[]).join('');
    this.parts = undefined;
  }
}

export class FrameStore {
  private chunks: Chunk[] = [];
  /** Frames of the first chunk already dropped. */
  private head = 0;
  private count = 0;
  private totalBytes = 0;
  /** Connection ids by number, so a frame keeps four bytes rather than a string. */
  private readonly connectionIds: string[] = [];
  private readonly connectionCodes = new Map<string, number>();

  /** `sizeOf` gives what a frame counts towards the tab's bound (see frameBytes). */
  constructor(private readonly sizeOf: (frame: Frame) => number) {}

  get length(): number {
    return this.count;
  }

  /** What the held frames count towards the bound, in bytes. */
  get bytes(): number {
    return this.totalBytes;
  }

  push(frame: Frame): void {
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || chunk.length === CHUNK_FRAMES) {
      chunk?.seal();
      chunk = new Chunk();
      this.chunks.push(chunk);
    }
    const i = chunk.length++;
    let code = this.connectionCodes.get(frame.connectionId);
    if (code === undefined) {
      code = this.connectionIds.length;
      this.connectionIds.push(frame.connectionId);
      this.connectionCodes.set(frame.connectionId, code);
    }
    const size = this.sizeOf(frame);
    chunk.index[i] = frame.index;
    chunk.time[i] = frame.time;
    chunk.connection[i] = code;
    chunk.size[i] = size;
    let flags = KIND_CODE[frame.kind] | (frame.direction === 'out' ? OUT : 0);
    if (frame.encoding === 'base64') flags |= BASE64;
    else if (frame.encoding === 'text') flags |= TEXT;
    if (frame.eventName !== undefined || frame.eventId !== undefined || frame.truncated !== undefined) {
      flags |= EXTRAS;
      const extras: Extras = {};
      if (frame.eventName !== undefined) extras.eventName = frame.eventName;
      if (frame.eventId !== undefined) extras.eventId = frame.eventId;
      if (frame.truncated !== undefined) extras.truncated = { originalLength: frame.truncated.originalLength };
      (chunk.extras ??= new Map()).set(i, extras);
    }
    chunk.flags[i] = flags;
    (chunk.parts as string[]).push(frame.data);
    chunk.start[i + 1] = (chunk.start[i] as number) + frame.data.length;
    this.count++;
    this.totalBytes += size;
  }

  /** The frame at `position` (0 is the oldest held), made afresh. */
  at(position: number): Frame {
    const [chunk, i] = this.locate(position);
    const flags = chunk.flags[i] as number;
    const frame: Frame = {
      index: chunk.index[i] as number,
      connectionId: this.connectionIds[chunk.connection[i] as number] as string,
      time: chunk.time[i] as number,
      direction: (flags & OUT ? 'out' : 'in') as Direction,
      kind: KINDS[flags & 3] as FrameKind,
      data: chunk.data(i),
    };
    if (flags & BASE64) frame.encoding = 'base64';
    else if (flags & TEXT) frame.encoding = 'text';
    if (flags & EXTRAS) {
      const extras = chunk.extras?.get(i);
      if (extras?.eventName !== undefined) frame.eventName = extras.eventName;
      if (extras?.eventId !== undefined) frame.eventId = extras.eventId;
      if (extras?.truncated) frame.truncated = { ...extras.truncated };
    }
    return frame;
  }

  /** Capture index of the frame at `position`. */
  indexAt(position: number): number {
    const [chunk, i] = this.locate(position);
    return chunk.index[i] as number;
  }

  /** Connection id of the frame at `position`, without making the frame. */
  connectionAt(position: number): string {
    const [chunk, i] = this.locate(position);
    return this.connectionIds[chunk.connection[i] as number] as string;
  }

  /** What the frame at `position` counts towards the bound. */
  sizeAt(position: number): number {
    const [chunk, i] = this.locate(position);
    return chunk.size[i] as number;
  }

  /** Position of the first held frame whose capture index is `index` or more (indexes only grow). */
  positionFrom(index: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.indexAt(mid) < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Frames from position `from` (up to `to`), oldest first. */
  slice(from: number, to = this.count): Frame[] {
    const out: Frame[] = [];
    for (let p = Math.max(0, from); p < Math.min(to, this.count); p++) out.push(this.at(p));
    return out;
  }

  /** Drops the `n` oldest frames. */
  dropFront(n: number): void {
    n = Math.min(n, this.count);
    for (let p = 0; p < n; p++) this.totalBytes -= this.sizeAt(p);
    this.count -= n;
    let skip = this.head + n;
    // Every chunk but the last is full: whole chunks go, the rest of the skip is the new head.
    while (this.chunks.length > 1 && skip >= CHUNK_FRAMES) {
      this.chunks.shift();
      skip -= CHUNK_FRAMES;
    }
    if (this.count === 0) {
      this.chunks = [];
      skip = 0;
    }
    this.head = skip;
  }

  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.count = 0;
    this.totalBytes = 0;
  }

  private locate(position: number): [Chunk, number] {
    if (position < 0 || position >= this.count) throw new RangeError(`no frame at ${position}`);
    const p = position + this.head;
    // Every chunk but the last is full, so the chunk is found by division.
    return [this.chunks[(p / CHUNK_FRAMES) | 0] as Chunk, p % CHUNK_FRAMES];
  }
}
