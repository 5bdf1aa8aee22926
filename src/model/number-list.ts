// A list of numbers that only grows, in chunks of typed arrays: appending never copies what is held
// (a doubling array leaves its old buffer behind at every growth, for the major garbage collector), and
// the numbers live outside the JS heap instead of in a million-slot array the collector walks and, while
// young, copies. The first chunk starts small and doubles up to the chunk size, so a list of a few
// numbers (one of thousands of short sessions) costs a few hundred bytes.
const CHUNK_BITS = 14;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;
const FIRST = 16;

export class NumberList {
  private readonly chunks: Float64Array[] = [];
  private count = 0;

  /** A list that went through structured cloning (which keeps fields, not classes), given back its class. */
  static revive(cloned: object): NumberList {
    return Object.setPrototypeOf(cloned, NumberList.prototype) as NumberList;
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    const slot = this.count & MASK;
    let chunk = this.chunks[this.count >>> CHUNK_BITS];
    if (!chunk) this.chunks.push((chunk = new Float64Array(this.chunks.length === 0 ? FIRST : CHUNK)));
    else if (slot === chunk.length) {
      // Only the first chunk is ever short: it doubles until it is a whole one.
      const grown = new Float64Array(Math.min(CHUNK, chunk.length * 2));
      grown.set(chunk);
      this.chunks[0] = chunk = grown;
    }
    chunk[slot] = value;
    this.count++;
  }

  get(i: number): number {
    return (this.chunks[i >>> CHUNK_BITS] as Float64Array)[i & MASK] as number;
  }

  last(): number | undefined {
    return this.count === 0 ? undefined : this.get(this.count - 1);
  }
}
