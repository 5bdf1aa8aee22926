// Frames held compactly, on both ends of the hub-to-panel bridge (the hub's tab store, the panel's
// frame log): per chunk of frames, the payloads as one flat string and every other field in typed
// arrays (capture index, time, connection, direction, kind, size); the rare fields (event name and
// id, a cut's original length, an explicit text encoding) in a small map. A frame object exists only
// while someone reads it, and a field is read without making one. A million short frames then take
// their payload characters plus about 23 bytes each (frame-chunk.ts), instead of a few hundred bytes of objects and
// strings (and no object per frame for the garbage collector to copy from the young generation).
// A payload that shares its start and end with the chunk's last payload kept whole (an agent's text
// deltas differ in a few characters: `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"…"}`)
// keeps only its middle and the lengths of what it shares: a flood of deltas then costs a few bytes of
// text per frame instead of seventy, and a payload is put back together when it is read.
import type { Direction, Frame, FrameKind } from '../model/frame';
import { BASE64, frameFlags, KINDS, OUT, TEXT, type PackedExtras, type PackedFrames } from './packed-frames';
import { Chunk, CHUNK_FRAMES, EXTRAS, WHOLE, type Extras } from './frame-chunk';

export class FrameStore {
  private chunks: Chunk[] = [];
  /** Frames of the first chunk already dropped. */
  private head = 0;
  private count = 0;
  /** The slot `locate` found. */
  private slot = 0;
  private totalBytes = 0;
  /** Connection ids by number, so a frame keeps four bytes rather than a string. */
  private readonly connectionIds: string[] = [];
  private readonly connectionCodes = new Map<string, number>();

  /** `sizeOf` gives what a frame counts towards the store's `bytes` (the hub: its JSON size; the panel: its payload bytes). */
  constructor(private readonly sizeOf: (frame: Frame) => number) {}

  get length(): number {
    return this.count;
  }

  /** The sum of `sizeOf` over the held frames. */
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
    const size = this.sizeOf(frame);
    chunk.setIndex(i, frame.index);
    chunk.setTime(i, frame.time);
    chunk.setConnection(i, this.codeOf(frame.connectionId));
    chunk.setSize(i, size);
    let flags = frameFlags(frame);
    if (frame.eventName !== undefined || frame.eventId !== undefined || frame.truncated !== undefined || frame.sentBy !== undefined || frame.notKeptBefore !== undefined) {
      flags |= EXTRAS;
      const extras: Extras = {};
      if (frame.eventName !== undefined) extras.eventName = frame.eventName;
      if (frame.eventId !== undefined) extras.eventId = frame.eventId;
      if (frame.truncated !== undefined) extras.truncated = { originalLength: frame.truncated.originalLength };
      if (frame.sentBy !== undefined) extras.sentBy = frame.sentBy;
      if (frame.notKeptBefore !== undefined) extras.notKeptBefore = frame.notKeptBefore;
      (chunk.extras ??= new Map()).set(i, extras);
    }
    chunk.flags[i] = flags;
    chunk.start[i + 1] = (chunk.start[i] as number) + chunk.keep(i, frame.data);
    this.count++;
    this.totalBytes += size;
  }

  /** The number standing for a connection id in this store (given on first sight, kept until `clear`). */
  codeOf(connectionId: string): number {
    let code = this.connectionCodes.get(connectionId);
    if (code === undefined) {
      code = this.connectionIds.length;
      this.connectionIds.push(connectionId);
      this.connectionCodes.set(connectionId, code);
    }
    return code;
  }

  /** The code of a connection id seen before, else undefined (none is given). */
  knownCode(connectionId: string): number | undefined {
    return this.connectionCodes.get(connectionId);
  }

  /** The connection id a code stands for. */
  connectionOfCode(code: number): string {
    return this.connectionIds[code] as string;
  }

  /** The frame at `position` (0 is the oldest held), made afresh. */
  at(position: number): Frame {
    const chunk = this.locate(position);
    const i = this.slot;
    const flags = chunk.flags[i] as number;
    const frame: Frame = {
      index: chunk.indexAt(i),
      connectionId: this.connectionIds[chunk.connectionAt(i)] as string,
      time: chunk.timeAt(i),
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
      if (extras?.sentBy !== undefined) frame.sentBy = extras.sentBy;
      if (extras?.notKeptBefore !== undefined) frame.notKeptBefore = extras.notKeptBefore;
    }
    return frame;
  }

  /** Capture index of the frame at `position`. */
  indexAt(position: number): number {
    const chunk = this.locate(position);
    return chunk.indexAt(this.slot);
  }

  timeAt(position: number): number {
    const chunk = this.locate(position);
    return chunk.timeAt(this.slot);
  }

  /** Connection id of the frame at `position`, without making the frame. */
  connectionAt(position: number): string {
    const chunk = this.locate(position);
    return this.connectionIds[chunk.connectionAt(this.slot)] as string;
  }

  /** The code (see codeOf) of the frame's connection. */
  connectionCodeAt(position: number): number {
    const chunk = this.locate(position);
    return chunk.connectionAt(this.slot);
  }

  directionAt(position: number): Direction {
    const chunk = this.locate(position);
    const i = this.slot;
    return (chunk.flags[i] as number) & OUT ? 'out' : 'in';
  }

  kindAt(position: number): FrameKind {
    const chunk = this.locate(position);
    const i = this.slot;
    return KINDS[(chunk.flags[i] as number) & 3] as FrameKind;
  }

  /** The payload's encoding when the frame names one. */
  encodingAt(position: number): 'base64' | 'text' | undefined {
    const chunk = this.locate(position);
    const flags = chunk.flags[this.slot] as number;
    return flags & BASE64 ? 'base64' : flags & TEXT ? 'text' : undefined;
  }

  /** The payload of the frame at `position`. */
  dataAt(position: number): string {
    const chunk = this.locate(position);
    const i = this.slot;
    return chunk.data(i);
  }

  /**
   * The payload at `position` in its three pieces, when the store keeps only its middle: the start and
   * end it shares (the same strings for the frames in a row that share them) and the middle. Undefined
   * for a payload kept whole. The object is reused by the next call.
   */
  piecesAt(position: number): { start: string; middle: string; end: string } | undefined {
    const chunk = this.locate(position);
    const i = this.slot;
    if (chunk.anchor[i] === WHOLE) return undefined;
    const edges = chunk.edges(i);
    const pieces = this.pieces;
    pieces.start = edges.start;
    pieces.end = edges.end;
    pieces.middle = chunk.kept(i);
    return pieces;
  }

  private readonly pieces = { start: '', middle: '', end: '' };

  /** The payload's length in characters, without reading it. */
  dataLengthAt(position: number): number {
    const chunk = this.locate(position);
    return chunk.dataLength(this.slot);
  }

  /** What the frame at `position` counts towards `bytes`. */
  sizeAt(position: number): number {
    const chunk = this.locate(position);
    return chunk.sizeAt(this.slot);
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

  /**
   * Frames from position `from` up to `to`, packed (packed-frames.ts) straight from the chunks: no
   * frame object, the payloads put back together and joined.
   */
  pack(from: number, to = this.count): PackedFrames {
    from = Math.max(0, from);
    to = Math.min(to, this.count);
    const index: number[] = [];
    const time: number[] = [];
    const connectionIds: string[] = [];
    const local = new Map<number, number>();
    const connection: number[] = [];
    const flags: number[] = [];
    const length: number[] = [];
    const extras: PackedExtras[] = [];
    const texts: string[] = [];
    let previous = 0;
    for (let p = from; p < to; ) {
      const chunk = this.locate(p);
      const first = this.slot;
      const last = Math.min(chunk.length, first + (to - p));
      for (let i = first; i < last; i++) {
        const at = chunk.indexAt(i);
        index.push(index.length === 0 ? at : at - previous);
        previous = at;
        time.push(chunk.timeAt(i));
        const code = chunk.connectionAt(i);
        let mine = local.get(code);
        if (mine === undefined) {
          mine = connectionIds.length;
          local.set(code, mine);
          connectionIds.push(this.connectionIds[code] as string);
        }
        connection.push(mine);
        const f = chunk.flags[i] as number;
        flags.push(f & ~EXTRAS);
        length.push(chunk.dataLength(i));
        texts.push(chunk.data(i));
        if (f & EXTRAS) {
          const e = chunk.extras?.get(i);
          extras.push({
            at: index.length - 1,
            ...(e?.eventName !== undefined && { eventName: e.eventName }),
            ...(e?.eventId !== undefined && { eventId: e.eventId }),
            ...(e?.truncated !== undefined && { truncated: { originalLength: e.truncated.originalLength } }),
            ...(e?.sentBy !== undefined && { sentBy: e.sentBy }),
            ...(e?.notKeptBefore !== undefined && { notKeptBefore: e.notKeptBefore }),
          });
        }
      }
      p += last - first;
    }
    return { index, time, connectionIds, connection, flags, data: texts.join(''), length, ...(extras.length > 0 && { extras }) };
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
    this.connectionIds.length = 0;
    this.connectionCodes.clear();
  }

  /** Where the frame at `position` is: its chunk, returned, and its slot in it, left in `slot` (no pair made per read). */
  private locate(position: number): Chunk {
    if (position < 0 || position >= this.count) throw new RangeError(`no frame at ${position}`);
    const p = position + this.head;
    this.slot = p % CHUNK_FRAMES;
    // Every chunk but the last is full, so the chunk is found by division.
    return this.chunks[(p / CHUNK_FRAMES) | 0] as Chunk;
  }
}
