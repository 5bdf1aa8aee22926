// A map from strings that keeps its first few entries itself, in insertion order as a Map keeps them,
// and moves them into a Map only when it outgrows them. The AI SDK folds look up open parts and tool
// calls by ids just parsed: a stream keeps one or two open at a time, and a Map costs more to make
// than a field or two and hashes every id it is asked for, where comparing it with one or two is less.
// Past SMALL entries it is a Map, so a lookup never costs more than SMALL comparisons.

/** Entries kept without a Map at most. */
const SMALL = 8;

export class SmallMap<V> {
  /** Entries held in the fields and `rest` (none once `map` is made). */
  private count = 0;
  /** The oldest entry (most maps never hold another). */
  private firstKey = '';
  private firstValue: V | undefined = undefined;
  /** The entries after the first: keys and values alternating, oldest first. */
  private rest: (string | V)[] | undefined = undefined;
  private map: Map<string, V> | undefined = undefined;

  get size(): number {
    return this.map !== undefined ? this.map.size : this.count;
  }

  get(key: string): V | undefined {
    if (this.map !== undefined) return this.map.get(key);
    if (this.count === 0) return undefined;
    if (this.firstKey === key) return this.firstValue;
    const at = this.restIndexOf(key);
    return at < 0 ? undefined : ((this.rest as (string | V)[])[at + 1] as V);
  }

  has(key: string): boolean {
    if (this.map !== undefined) return this.map.has(key);
    return this.count > 0 && (this.firstKey === key || this.restIndexOf(key) >= 0);
  }

  /** Sets the entry: a new key goes last, a known one keeps its place (as in a Map). */
  set(key: string, value: V): this {
    if (this.map !== undefined) {
      this.map.set(key, value);
      return this;
    }
    if (this.count === 0) {
      this.firstKey = key;
      this.firstValue = value;
      this.count = 1;
      return this;
    }
    if (this.firstKey === key) {
      this.firstValue = value;
      return this;
    }
    const at = this.restIndexOf(key);
    if (at >= 0) {
      (this.rest as (string | V)[])[at + 1] = value;
    } else if (this.count < SMALL) {
      if (this.rest === undefined) this.rest = [key, value];
      else this.rest.push(key, value);
      this.count++;
    } else {
      const map = new Map<string, V>();
      this.forEach((v, k) => map.set(k, v));
      map.set(key, value);
      this.map = map;
      this.clearHeld();
    }
    return this;
  }

  delete(key: string): boolean {
    if (this.map !== undefined) return this.map.delete(key);
    if (this.count === 0) return false;
    const rest = this.rest;
    if (this.firstKey === key) {
      if (rest !== undefined && rest.length > 0) {
        // The second entry becomes the first.
        this.firstKey = rest[0] as string;
        this.firstValue = rest[1] as V;
        removePair(rest, 0);
        this.count--;
      } else this.clearHeld();
      return true;
    }
    const at = this.restIndexOf(key);
    if (at < 0) return false;
    removePair(rest as (string | V)[], at);
    this.count--;
    return true;
  }

  clear(): void {
    if (this.map !== undefined) this.map.clear();
    else this.clearHeld();
  }

  /** Calls `fn` with each value and key in insertion order, as Map.prototype.forEach does; `fn` must not change the map. */
  forEach(fn: (value: V, key: string) => void): void {
    if (this.map !== undefined) {
      this.map.forEach(fn);
      return;
    }
    if (this.count === 0) return;
    fn(this.firstValue as V, this.firstKey);
    const rest = this.rest;
    if (rest === undefined) return;
    for (let n = 0; n < rest.length; n += 2) fn(rest[n + 1] as V, rest[n] as string);
  }

  private clearHeld(): void {
    this.count = 0;
    this.firstKey = '';
    this.firstValue = undefined;
    this.rest = undefined;
  }

  private restIndexOf(key: string): number {
    const rest = this.rest;
    if (rest === undefined) return -1;
    for (let n = 0; n < rest.length; n += 2) if (rest[n] === key) return n;
    return -1;
  }
}

/** Removes the key and value at `at` from a list of pairs, keeping the order (pop rather than a shorter length, which compiled code leaves to the runtime). */
function removePair<T>(list: T[], at: number): void {
  for (let n = at; n + 2 < list.length; n++) list[n] = list[n + 2] as T;
  list.pop();
  list.pop();
}
