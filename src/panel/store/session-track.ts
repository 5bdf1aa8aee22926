// One session's frames as the waterfall draws them: time, lane (the connection) and what the frame
// carries, in growable typed arrays. Appending is O(1) amortised and keeps no reference to the frame,
// so a 100,000-frame session costs a few megabytes here and drawing reads flat arrays.
import type { FrameDescription } from '../../protocols/types';

export const CATEGORY_CODES = ['other', 'text', 'reasoning', 'tool-call', 'tool-result', 'approval', 'lifecycle', 'error', 'request'] as const;
export type CategoryName = (typeof CATEGORY_CODES)[number];

const CODE_OF = new Map<string, number>(CATEGORY_CODES.map((c, i) => [c, i]));

export class SessionTrack {
  length = 0;
  times = new Float64Array(64);
  indexes = new Int32Array(64);
  lanes = new Uint16Array(64);
  categories = new Uint8Array(64);
  /** Connection ids in lane order (first frame first). */
  readonly laneIds: string[] = [];
  private readonly laneOf = new Map<string, number>();
  /** Bumped on every change, so a drawing knows whether it is stale. */
  version = 0;

  append(index: number, time: number, connectionId: string, description: FrameDescription): void {
    if (this.length === this.times.length) this.grow();
    let lane = this.laneOf.get(connectionId);
    if (lane === undefined) {
      lane = this.laneIds.length;
      this.laneIds.push(connectionId);
      this.laneOf.set(connectionId, lane);
    }
    const at = this.length++;
    this.times[at] = time;
    this.indexes[at] = index;
    this.lanes[at] = Math.min(lane, 0xffff);
    this.categories[at] = CODE_OF.get(description.category ?? 'other') ?? 0;
    this.version++;
  }

  category(at: number): CategoryName {
    return CATEGORY_CODES[this.categories[at] ?? 0] ?? 'other';
  }

  /** Position of the first frame at or after `time` (times are non-decreasing within a session). */
  firstAtOrAfter(time: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.times[mid] as number) < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const size = this.times.length * 2;
    const times = new Float64Array(size);
    times.set(this.times);
    const indexes = new Int32Array(size);
    indexes.set(this.indexes);
    const lanes = new Uint16Array(size);
    lanes.set(this.lanes);
    const categories = new Uint8Array(size);
    categories.set(this.categories);
    this.times = times;
    this.indexes = indexes;
    this.lanes = lanes;
    this.categories = categories;
  }
}
