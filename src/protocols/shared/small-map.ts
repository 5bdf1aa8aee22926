// A map and a set from strings for the folds' per-session bookkeeping (open parts, messages and tool
// calls by ids just parsed): a stream keeps one or two open at a time, and a V8 Map or Set allocates a
// table of some 150–180 bytes when made (and again when a delete shrinks it) and hashes every id it is
// asked for, where comparing with one or two is less. SmallMap keeps its first few entries itself, in
// insertion order as a Map keeps them, and is a Map past SMALL entries, so a lookup never costs more
// than SMALL comparisons; SmallSet keeps its first entry in fields and makes the Set at a second.

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

  keys(): IterableIterator<string> | string[] {
    if (this.map !== undefined) return this.map.keys();
    const out: string[] = [];
    this.forEach((_, key) => out.push(key));
    return out;
  }

  values(): IterableIterator<V> | V[] {
    if (this.map !== undefined) return this.map.values();
    const out: V[] = [];
    this.forEach((value) => out.push(value));
    return out;
  }

  entries(): IterableIterator<[string, V]> | [string, V][] {
    if (this.map !== undefined) return this.map.entries();
    const out: [string, V][] = [];
    this.forEach((value, key) => out.push([key, value]));
    return out;
  }

  [Symbol.iterator](): Iterator<[string, V]> {
    return this.entries()[Symbol.iterator]();
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

export class SmallSet {
  private one = false;
  private key: string | undefined;
  private set: Set<string> | undefined;

  get size(): number {
    return this.set !== undefined ? this.set.size : this.one ? 1 : 0;
  }

  has(key: string): boolean {
    if (this.set !== undefined) return this.set.has(key);
    return this.one && this.key === key;
  }

  add(key: string): this {
    if (this.set !== undefined) this.set.add(key);
    else if (!this.one) {
      this.one = true;
      this.key = key;
    } else if (this.key !== key) {
      const set = new Set<string>();
      set.add(this.key as string);
      set.add(key);
      this.set = set;
      this.one = false;
      this.key = undefined;
    }
    return this;
  }

  delete(key: string): boolean {
    if (this.set !== undefined) return this.set.delete(key);
    if (!this.one || this.key !== key) return false;
    this.one = false;
    this.key = undefined;
    return true;
  }

  clear(): void {
    if (this.set !== undefined) this.set.clear();
    this.one = false;
    this.key = undefined;
  }

  [Symbol.iterator](): Iterator<string> {
    if (this.set !== undefined) return this.set.values();
    return (this.one ? [this.key as string] : [])[Symbol.iterator]();
  }
}
