// One chunk of a FrameStore (frame-store.ts): up to CHUNK_FRAMES frames, every field but the payload in
// typed arrays of the narrowest width that holds live frames exactly (about 23 bytes a frame), and the
// payloads' kept texts, joined into one string once the chunk is full.
import type { Frame } from '../model/frame';

export const CHUNK_FRAMES = 8192;

/** A flag of the store's own: the frame has rare fields in its chunk's map. */
export const EXTRAS = 1 << 5;
/** `anchor` of a payload kept whole. */
export const WHOLE = 0xffff;
/** Longest start or end a payload shares (the arrays' bound). */
const MAX_SHARED = 0xffff;
/** Fewest characters a payload must share with its anchor to keep only its middle (the two lengths cost four bytes). */
const MIN_SHARED = 12;

export type Extras = Pick<Frame, 'eventName' | 'eventId' | 'truncated' | 'sentBy' | 'notKeptBefore'>;

/**
 * Below this many characters a shared start or end is looked for character by character only; from it
 * on, first by comparing the two whole stretches, which the engine does at memory speed: a flood of
 * big payloads that repeat (a cut head is the start of the one before) then costs no loop over each.
 */
const COMPARE_WHOLE_FROM = 1_024;

/** How many leading characters `a` and `b` share, at most `max` (no more than either's length). */
export function sharedStart(a: string, b: string, max: number): number {
  if (max >= COMPARE_WHOLE_FROM && a.slice(0, max) === b.slice(0, max)) return max;
  let p = 0;
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** How many trailing characters `a` and `b` share, at most `max` (no more than either's length). */
export function sharedEnd(a: string, b: string, max: number): number {
  if (max >= COMPARE_WHOLE_FROM && a.slice(a.length - max) === b.slice(b.length - max)) return max;
  const al = a.length - 1;
  const bl = b.length - 1;
  let s = 0;
  while (s < max && a.charCodeAt(al - s) === b.charCodeAt(bl - s)) s++;
  return s;
}

/** `size` of a frame whose size is in `bigSizes`. */
const BIG = 0xffff;

/**
 * A chunk's column of whole numbers close to its first one, kept as offsets from it in a narrow typed
 * array; the first value that is not a whole number or whose offset does not fit moves the column to
 * `wide`, which then holds every value as it is.
 */
class OffsetColumn {
  private base = 0;
  private wide: Float64Array | undefined;

  constructor(
    private readonly narrow: Uint32Array | Int32Array,
    private readonly min: number,
    private readonly max: number,
  ) {}

  set(i: number, value: number): void {
    if (i === 0) this.base = Number.isInteger(value) ? value : 0;
    const offset = value - this.base;
    if (!this.wide && Number.isInteger(offset) && offset >= this.min && offset <= this.max) this.narrow[i] = offset;
    else (this.wide ??= this.widen(i))[i] = value;
  }

  at(i: number): number {
    return this.wide ? (this.wide[i] as number) : this.base + (this.narrow[i] as number);
  }

  /** The first `count` values as they are, in a wide column. */
  private widen(count: number): Float64Array {
    const wide = new Float64Array(CHUNK_FRAMES);
    for (let i = 0; i < count; i++) wide[i] = this.base + (this.narrow[i] as number);
    return wide;
  }
}

export class Chunk {
  /**
   * Capture index and time as offsets from the chunk's first frame's: live frames have whole
   * millisecond times and indexes a few apart. An imported capture's fractional times, a jump of
   * billions or a clock going back weeks widen that column of that chunk (OffsetColumn).
   */
  private readonly index = new OffsetColumn(new Uint32Array(CHUNK_FRAMES), 0, 0xffffffff);
  private readonly time = new OffsetColumn(new Int32Array(CHUNK_FRAMES), -0x7fffffff, 0x7fffffff);
  /** The frame's connection as a number of the chunk's own (a chunk holds at most CHUNK_FRAMES connections), and what each stands for in the store. */
  private readonly connection = new Uint16Array(CHUNK_FRAMES);
  private readonly codes: number[] = [];
  /** The chunk's number of each store code while the chunk fills (let go once it is full). */
  private localCodes: Map<number, number> | undefined = new Map();
  readonly flags = new Uint8Array(CHUNK_FRAMES);
  /** What the frame counts towards the store's bytes; BIG when that is in `bigSizes`. */
  private readonly size = new Uint16Array(CHUNK_FRAMES);
  private bigSizes: Map<number, number> | undefined;
  /** Where each payload's kept text starts in `text`; payload i's ends where i + 1's starts. */
  readonly start = new Uint32Array(CHUNK_FRAMES + 1);
  /** Per payload: the slot of the payload kept whole whose start and end it shares, or WHOLE. */
  readonly anchor = new Uint16Array(CHUNK_FRAMES);
  /** How many characters it shares with its anchor at the start and at the end. */
  readonly prefix = new Uint16Array(CHUNK_FRAMES);
  readonly suffix = new Uint16Array(CHUNK_FRAMES);
  length = 0;
  /** The kept texts one by one while the chunk fills; joined into `text` once it is full. */
  parts: string[] | undefined = [];
  text = '';
  extras: Map<number, Extras> | undefined;
  /** The last payload kept whole while the chunk fills: the next ones are compared with it. */
  last: { slot: number; data: string } | undefined;

  setIndex(i: number, index: number): void {
    this.index.set(i, index);
  }

  indexAt(i: number): number {
    return this.index.at(i);
  }

  setTime(i: number, time: number): void {
    this.time.set(i, time);
  }

  timeAt(i: number): number {
    return this.time.at(i);
  }

  setConnection(i: number, code: number): void {
    const locals = (this.localCodes ??= new Map(this.codes.map((c, n) => [c, n])));
    let local = locals.get(code);
    if (local === undefined) {
      local = this.codes.length;
      this.codes.push(code);
      locals.set(code, local);
    }
    this.connection[i] = local;
  }

  /** The store's code of frame i's connection. */
  connectionAt(i: number): number {
    return this.codes[this.connection[i] as number] as number;
  }

  setSize(i: number, size: number): void {
    if (size < BIG) this.size[i] = size;
    else {
      this.size[i] = BIG;
      (this.bigSizes ??= new Map()).set(i, size);
    }
  }

  sizeAt(i: number): number {
    const size = this.size[i] as number;
    return size === BIG ? (this.bigSizes?.get(i) as number) : size;
  }

  /** What the chunk keeps of payload i. */
  kept(i: number): string {
    return this.parts ? (this.parts[i] as string) : this.text.slice(this.start[i], this.start[i + 1]);
  }

  /** The start and end last read of an anchor: frames in a row share them (a filter reads every frame). */
  private shared = { anchor: -1, prefix: -1, suffix: -1, whole: '', start: '', end: '' };

  data(i: number): string {
    const kept = this.kept(i);
    if (this.anchor[i] === WHOLE) return kept;
    const c = this.edges(i);
    return c.start + kept + c.end;
  }

  /** The start and end payload i shares with its anchor (the same strings for every payload sharing the same ones, read in a row). */
  edges(i: number): { start: string; end: string } {
    const anchor = this.anchor[i] as number;
    const c = this.shared;
    if (c.anchor !== anchor || (this.parts && c.whole !== this.parts[anchor])) {
      c.anchor = anchor;
      c.whole = this.kept(anchor);
      c.prefix = c.suffix = -1;
    }
    const p = this.prefix[i] as number;
    const s = this.suffix[i] as number;
    if (c.prefix !== p) {
      c.prefix = p;
      c.start = c.whole.slice(0, p);
    }
    if (c.suffix !== s) {
      c.suffix = s;
      c.end = c.whole.slice(c.whole.length - s);
    }
    return c;
  }

  /** Keeps payload i: whole, or its middle when it shares enough of its start and end with the last one kept whole. */
  keep(i: number, data: string): number {
    const last = this.last;
    if (last) {
      const whole = last.data;
      const most = Math.min(whole.length, data.length);
      const p = sharedStart(whole, data, Math.min(most, MAX_SHARED));
      const s = sharedEnd(whole, data, Math.min(most - p, MAX_SHARED));
      if (p + s >= MIN_SHARED) {
        const middle = data.slice(p, data.length - s);
        this.anchor[i] = last.slot;
        this.prefix[i] = p;
        this.suffix[i] = s;
        (this.parts as string[]).push(middle);
        return middle.length;
      }
    }
    this.anchor[i] = WHOLE;
    this.last = { slot: i, data };
    (this.parts as string[]).push(data);
    return data.length;
  }

  /** The payload's length in characters. */
  dataLength(i: number): number {
    const kept = (this.start[i + 1] as number) - (this.start[i] as number);
    return this.anchor[i] === WHOLE ? kept : kept + (this.prefix[i] as number) + (this.suffix[i] as number);
  }

  seal(): void {
    this.localCodes = undefined;
    this.text = (this.parts as string[]).join('');
    this.parts = undefined;
    this.last = undefined;
    this.shared.anchor = -1;
  }
}
