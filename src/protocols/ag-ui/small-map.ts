// A Map and a Set by string key for the fold's per-session bookkeeping (open ids, messages and tool
// calls by id): most hold at most one entry at a time in a short session, and a V8 Map or Set allocates
// a table of some 150–180 bytes when made and again when a delete shrinks it. These keep their first
// entry in fields and make the Map (or Set) only at a second, then use it for good. They iterate in
// insertion order, as a Map and a Set do, so whatever lists their keys lists them in the same order.

export class SmallMap<V> {
  /** The one entry while there is no map. */
  private one = false;
  private key: string | undefined;
  private value: V | undefined;
  private map: Map<string, V> | undefined;

  get size(): number {
    return this.map !== undefined ? this.map.size : this.one ? 1 : 0;
  }

  get(key: string): V | undefined {
    if (this.map !== undefined) return this.map.get(key);
    return this.one && this.key === key ? this.value : undefined;
  }

  has(key: string): boolean {
    if (this.map !== undefined) return this.map.has(key);
    return this.one && this.key === key;
  }

  set(key: string, value: V): this {
    if (this.map !== undefined) this.map.set(key, value);
    else if (!this.one) {
      this.one = true;
      this.key = key;
      this.value = value;
    } else if (this.key === key) this.value = value;
    else {
      const map = new Map<string, V>();
      map.set(this.key as string, this.value as V);
      map.set(key, value);
      this.map = map;
      this.one = false;
      this.key = this.value = undefined;
    }
    return this;
  }

  delete(key: string): boolean {
    if (this.map !== undefined) return this.map.delete(key);
    if (!this.one || this.key !== key) return false;
    this.one = false;
    this.key = this.value = undefined;
    return true;
  }

  clear(): void {
    if (this.map !== undefined) this.map.clear();
    this.one = false;
    this.key = this.value = undefined;
  }

  keys(): IterableIterator<string> | string[] {
    if (this.map !== undefined) return this.map.keys();
    return this.one ? [this.key as string] : [];
  }

  values(): IterableIterator<V> | V[] {
    if (this.map !== undefined) return this.map.values();
    return this.one ? [this.value as V] : [];
  }

  entries(): IterableIterator<[string, V]> | [string, V][] {
    if (this.map !== undefined) return this.map.entries();
    return this.one ? [[this.key as string, this.value as V]] : [];
  }

  [Symbol.iterator](): Iterator<[string, V]> {
    return this.entries()[Symbol.iterator]();
  }
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
