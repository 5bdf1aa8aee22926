// Frames as the hub sends them to a panel: by field rather than by frame (the payloads end to end in
// one string, every other field in an array of numbers), the way both ends hold them (frame-store.ts).
// A slice of a thousand frames crosses the port as one string and six arrays instead of a thousand
// objects of six keys: about 40 % fewer characters to write, copy and read for each frame, and on the
// panel's side nothing per frame until the frame is applied (a backlog waiting for its animation frame
// is a few large values, not thousands of small ones surviving into the old generation).
import type { Direction, Frame, FrameKind } from '../model/frame';
import { MAX_FRAME_CHARS } from './page-messages';
import { LIMITS } from './page-messages.schema';

/** The rare fields of one frame, by its place in the batch. */
export interface PackedExtras {
  readonly at: number;
  readonly eventName?: string;
  readonly eventId?: string;
  readonly truncated?: { readonly originalLength: number };
  readonly sentBy?: 'inspector';
  readonly notKeptBefore?: number;
}

export interface PackedFrames {
  /** Capture indexes: the first one, then each one's step from the one before (1 for consecutive frames). */
  readonly index: readonly number[];
  readonly time: readonly number[];
  /** The connection ids of these frames, and per frame its place in that list. */
  readonly connectionIds: readonly string[];
  readonly connection: readonly number[];
  /** Per frame: its kind (KINDS), plus OUT for a sent frame, BASE64 or TEXT for an explicit encoding. */
  readonly flags: readonly number[];
  /** The payloads end to end, and the length of each. */
  readonly data: string;
  readonly length: readonly number[];
  /** Event names and ids, cuts: only for the frames that have one, in frame order. */
  readonly extras?: readonly PackedExtras[];
}

export const KINDS: readonly FrameKind[] = ['message', 'open', 'close', 'error'];
export const KIND_CODE: Readonly<Record<FrameKind, number>> = { message: 0, open: 1, close: 2, error: 3 };
export const OUT = 1 << 2;
export const BASE64 = 1 << 3;
export const TEXT = 1 << 4;

/** A frame's flags: kind, direction, encoding. */
export function frameFlags(frame: Pick<Frame, 'kind' | 'direction' | 'encoding'>): number {
  let flags = KIND_CODE[frame.kind] | (frame.direction === 'out' ? OUT : 0);
  if (frame.encoding === 'base64') flags |= BASE64;
  else if (frame.encoding === 'text') flags |= TEXT;
  return flags;
}

/** Packs frames given as objects (the hub's writes to storage; it packs for panels from its store: FrameStore.pack). */
export function packFrames(frames: readonly Frame[]): PackedFrames {
  const n = frames.length;
  const index: number[] = [];
  const time: number[] = [];
  const connectionIds: string[] = [];
  const codes = new Map<string, number>();
  const connection: number[] = [];
  const flags: number[] = [];
  const length: number[] = [];
  const texts: string[] = [];
  let extras: PackedExtras[] | undefined;
  let lastId: string | undefined;
  let lastCode = 0;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const f = frames[i] as Frame;
    index.push(i === 0 ? f.index : f.index - previous);
    previous = f.index;
    time.push(f.time);
    // Frames of one connection come in runs: the last id is checked before the map.
    if (f.connectionId !== lastId) {
      lastId = f.connectionId;
      let code = codes.get(lastId);
      if (code === undefined) codes.set(lastId, (code = connectionIds.push(lastId) - 1));
      lastCode = code;
    }
    connection.push(lastCode);
    flags.push(frameFlags(f));
    length.push(f.data.length);
    texts.push(f.data);
    if (f.eventName !== undefined || f.eventId !== undefined || f.truncated !== undefined || f.sentBy !== undefined || f.notKeptBefore !== undefined) {
      (extras ??= []).push({
        at: i,
        ...(f.eventName !== undefined && { eventName: f.eventName }),
        ...(f.eventId !== undefined && { eventId: f.eventId }),
        ...(f.truncated !== undefined && { truncated: { originalLength: f.truncated.originalLength } }),
        ...(f.sentBy !== undefined && { sentBy: f.sentBy }),
        ...(f.notKeptBefore !== undefined && { notKeptBefore: f.notKeptBefore }),
      });
    }
  }
  return { index, time, connectionIds, connection, flags, data: texts.join(''), length, ...(extras && { extras }) };
}

/** How many frames a pack holds. */
export function packedCount(packed: PackedFrames): number {
  return packed.index.length;
}

/**
 * Reads a pack's frames in order, each made when read: `next()` gives the next frame. A slice of a pack
 * (from, to) is read by skipping to `from` first, which costs the frames skipped only their numbers.
 */
export class PackedReader {
  private i = 0;
  private index = 0;
  private offset = 0;
  private extra = 0;

  constructor(private readonly packed: PackedFrames) {}

  get position(): number {
    return this.i;
  }

  /** Moves to frame `to` (forward only). */
  skipTo(to: number): void {
    const p = this.packed;
    for (; this.i < to; this.i++) {
      this.index = this.i === 0 ? (p.index[0] as number) : this.index + (p.index[this.i] as number);
      this.offset += p.length[this.i] as number;
    }
    while (this.extra < (p.extras?.length ?? 0) && (p.extras![this.extra] as PackedExtras).at < this.i) this.extra++;
  }

  next(): Frame {
    const p = this.packed;
    const i = this.i++;
    this.index = i === 0 ? (p.index[0] as number) : this.index + (p.index[i] as number);
    const flags = p.flags[i] as number;
    const end = this.offset + (p.length[i] as number);
    const frame: Frame = {
      index: this.index,
      connectionId: p.connectionIds[p.connection[i] as number] as string,
      time: p.time[i] as number,
      direction: (flags & OUT ? 'out' : 'in') as Direction,
      kind: KINDS[flags & 3] as FrameKind,
      data: p.data.slice(this.offset, end),
    };
    this.offset = end;
    if (flags & BASE64) frame.encoding = 'base64';
    else if (flags & TEXT) frame.encoding = 'text';
    const extra = p.extras?.[this.extra];
    if (extra && extra.at === i) {
      this.extra++;
      if (extra.eventName !== undefined) frame.eventName = extra.eventName;
      if (extra.eventId !== undefined) frame.eventId = extra.eventId;
      if (extra.truncated !== undefined) frame.truncated = { originalLength: extra.truncated.originalLength };
      if (extra.sentBy !== undefined) frame.sentBy = extra.sentBy;
      if (extra.notKeptBefore !== undefined) frame.notKeptBefore = extra.notKeptBefore;
    }
    return frame;
  }
}

/** Frames `from` to `to` of a pack, as objects. */
export function unpackFrames(packed: PackedFrames, from = 0, to = packedCount(packed)): Frame[] {
  const reader = new PackedReader(packed);
  reader.skipTo(from);
  const out: Frame[] = [];
  for (let i = from; i < to; i++) out.push(reader.next());
  return out;
}

const hasOwn = Object.hasOwn;
const PACK_KEYS = ['index', 'time', 'connectionIds', 'connection', 'flags', 'data', 'length'];
const EXTRA_KEYS = new Set(['at', 'eventName', 'eventId', 'truncated', 'sentBy', 'notKeptBefore']);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isArray = (v: unknown, n: number): v is unknown[] => Array.isArray(v) && v.length === n;

/**
 * Whether `value` is a pack whose every frame, unpacked, is one FrameSchema accepts (indexes that are
 * safe integers and grow, finite times, known connections, kinds and encodings, payloads and rare
 * fields within the schema's bounds), with nothing else in it. Never throws.
 */
export function isPackedFrames(value: unknown): value is PackedFrames {
  try {
    return checkPack(value);
  } catch {
    return false;
  }
}

function checkPack(value: unknown): boolean {
  if (!isPlain(value)) return false;
  let keys = 0;
  for (const key in value) {
    if (!hasOwn(value, key)) return false;
    if (key !== 'extras' && !PACK_KEYS.includes(key)) return false;
    keys++;
  }
  if (keys !== PACK_KEYS.length + (hasOwn(value, 'extras') ? 1 : 0)) return false;
  const { index, time, connectionIds, connection, flags, data, length, extras } = value;
  if (!Array.isArray(index)) return false;
  const n = index.length;
  if (!isArray(time, n) || !isArray(connection, n) || !isArray(flags, n) || !isArray(length, n)) return false;
  if (!Array.isArray(connectionIds) || typeof data !== 'string') return false;
  for (const id of connectionIds) if (typeof id !== 'string' || id.length > LIMITS.id * 2) return false;
  let at = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const step = index[i];
    if (!isCount(step) || (i > 0 && step === 0)) return false;
    at = i === 0 ? step : at + step;
    if (!Number.isSafeInteger(at)) return false;
    const t = time[i];
    if (typeof t !== 'number' || !Number.isFinite(t)) return false;
    const c = connection[i];
    if (!isCount(c) || c >= connectionIds.length) return false;
    const f = flags[i];
    if (!isCount(f) || f >= 32 || (f & BASE64 && f & TEXT)) return false;
    const len = length[i];
    if (!isCount(len) || len > MAX_FRAME_CHARS) return false;
    total += len;
  }
  if (total !== data.length) return false;
  if (extras === undefined) return !hasOwn(value, 'extras');
  if (!Array.isArray(extras)) return false;
  let last = -1;
  for (const e of extras) {
    if (!isPlain(e)) return false;
    for (const key in e) if (!hasOwn(e, key) || !EXTRA_KEYS.has(key)) return false;
    if (!isCount(e.at) || e.at <= last || e.at >= n) return false;
    last = e.at;
    if (e.eventName !== undefined && (typeof e.eventName !== 'string' || e.eventName.length > LIMITS.eventName)) return false;
    if (e.eventId !== undefined && (typeof e.eventId !== 'string' || e.eventId.length > LIMITS.eventId)) return false;
    if (e.sentBy !== undefined && e.sentBy !== 'inspector') return false;
    if (e.notKeptBefore !== undefined && (!isCount(e.notKeptBefore) || e.notKeptBefore === 0)) return false;
    if (e.truncated !== undefined) {
      const cut = e.truncated;
      if (!isPlain(cut) || !isCount(cut.originalLength)) return false;
      for (const key in cut) if (!hasOwn(cut, key) || key !== 'originalLength') return false;
    }
  }
  return true;
}
