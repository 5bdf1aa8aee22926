// The frame log's positions of one connection's frames (or of a session's connections merged), in a
// growable Uint32Array rather than an array of numbers: a long capture holds an entry per frame here.
// A trim drops from the front by moving the start only; the room it frees is reused once the array fills.

/** Ascending absolute positions (position + the log's base), dropped from the front. */
export class PositionList {
  private items = new Uint32Array(16);
  private head = 0;
  private end = 0;

  get length(): number {
    return this.end - this.head;
  }

  get(i: number): number {
    return this.items[this.head + i] as number;
  }

  last(): number | undefined {
    return this.end > this.head ? this.items[this.end - 1] : undefined;
  }

  push(position: number): void {
    if (this.end === this.items.length) {
      const live = this.end - this.head;
      if (this.head >= this.items.length / 2) this.items.copyWithin(0, this.head, this.end);
      else {
        const grown = new Uint32Array(this.items.length * 2);
        grown.set(this.items.subarray(this.head, this.end));
        this.items = grown;
      }
      this.head = 0;
      this.end = live;
    }
    this.items[this.end++] = position;
  }

  /** Drops the positions below `position`. */
  dropBelow(position: number): void {
    while (this.head < this.end && (this.items[this.head] as number) < position) this.head++;
  }

  /** Index of the first position above `position` (the list is ascending). */
  firstAbove(position: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.get(mid) <= position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
