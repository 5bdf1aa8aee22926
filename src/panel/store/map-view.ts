// A read-only view of a Map that the store changes in place. A signal notifies only when its value
// is a new object, so each change hands out a new view (O(1)) instead of a copy of the whole Map
// (O(entries), per append, which grew with every short-lived connection of a page).
export class MapView<K, V> implements ReadonlyMap<K, V> {
  constructor(private readonly map: ReadonlyMap<K, V>) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    this.map.forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[K, V]> {
    return this.map.entries();
  }

  keys(): MapIterator<K> {
    return this.map.keys();
  }

  values(): MapIterator<V> {
    return this.map.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.map.entries();
  }
}
