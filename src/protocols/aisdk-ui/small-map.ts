// A map from strings that keeps its first few entries in one array, in insertion order as a Map keeps
// them, and moves them into a Map only when it outgrows it. The AI SDK folds look up open parts and
// tool calls by ids just parsed: a stream keeps one or two open at a time, and a Map costs more to
// make than the array and hashes every id it is asked for, where comparing it with one or two is less.
// Past SMALL entries it is a Map, so a lookup never costs more than SMALL comparisons.

/** Entries kept in the array at most. */
const SMALL = 8;

export class SmallMap<V> {
  /** Keys and values alternating, oldest first; undefined until the first entry, and once `map` is made. */
  private list: (string | V)[] | undefined;
  private map: Map<string, V> | undefined;

  get size(): number {
    if (this.map !== undefined) return this.map.size;
    return this.list === undefined ? 0 : this.list.length >> 1;
  }

  get(key: string): V | undefined {
    if (this.map !== undefined) return this.map.get(key);
    const list = this.list;
    if (list === undefined) return undefined;
    for (let n = 0; n < list.length; n += 2) if (list[n] === key) return list[n + 1] as V;
    return undefined;
  }

  has(key: string): boolean {
    if (this.map !== undefined) return this.map.has(key);
    return this.indexOf(key) >= 0;
  }

  /** Sets the entry: a new key goes last, a known one keeps its place (as in a Map). */
  set(key: string, value: V): this {
    if (this.map !== undefined) {
      this.map.set(key, value);
      return this;
    }
    const list = this.list;
    if (list === undefined) {
      this.list = [key, value];
      return this;
    }
    const at = this.indexOf(key);
    if (at >= 0) list[at + 1] = value;
    else if (list.length < 2 * SMALL) list.push(key, value);
    else {
      const map = new Map<string, V>();
      for (let n = 0; n < list.length; n += 2) map.set(list[n] as string, list[n + 1] as V);
      map.set(key, value);
      this.map = map;
      this.list = undefined;
    }
    return this;
  }

  delete(key: string): boolean {
    if (this.map !== undefined) return this.map.delete(key);
    const list = this.list;
    const at = this.indexOf(key);
    if (list === undefined || at < 0) return false;
    for (let n = at; n + 2 < list.length; n++) list[n] = list[n + 2] as string | V;
    // pop rather than a shorter length, which compiled code leaves to the runtime.
    list.pop();
    list.pop();
    return true;
  }

  clear(): void {
    if (this.map !== undefined) this.map.clear();
    else this.list = undefined;
  }

  /** Calls `fn` with each value and key in insertion order, as Map.prototype.forEach does; `fn` must not change the map. */
  forEach(fn: (value: V, key: string) => void): void {
    if (this.map !== undefined) {
      this.map.forEach(fn);
      return;
    }
    const list = this.list;
    if (list === undefined) return;
    for (let n = 0; n < list.length; n += 2) fn(list[n + 1] as V, list[n] as string);
  }

  private indexOf(key: string): number {
    const list = this.list;
    if (list === undefined) return -1;
    for (let n = 0; n < list.length; n += 2) if (list[n] === key) return n;
    return -1;
  }
}
