// SmallMap must answer as a Map would, whatever is set, deleted and cleared, in the array and past it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SmallMap } from './small-map';

type Op = { op: 'set' | 'delete' | 'get' | 'has' | 'clear'; key: string; value: number };

const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', '', '__proto__', 'toString'), fc.string({ maxLength: 2 }), fc.nat(30).map(String));
const op: fc.Arbitrary<Op> = fc.record({ op: fc.constantFrom('set', 'set', 'set', 'delete', 'get', 'has', 'clear'), key, value: fc.integer() }) as fc.Arbitrary<Op>;

describe('SmallMap', () => {
  it('answers as a Map does', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const small = new SmallMap<number>();
        const map = new Map<string, number>();
        for (const { op, key, value } of ops) {
          // A fresh string, as a parsed id is.
          const k = (JSON.parse(JSON.stringify({ key })) as { key: string }).key;
          if (op === 'set') {
            small.set(k, value);
            map.set(key, value);
          } else if (op === 'delete') expect(small.delete(k)).toBe(map.delete(key));
          else if (op === 'get') expect(small.get(k)).toBe(map.get(key));
          else if (op === 'has') expect(small.has(k)).toBe(map.has(key));
          else {
            small.clear();
            map.clear();
          }
          expect(small.size).toBe(map.size);
          const seen: [string, number][] = [];
          small.forEach((v, k) => seen.push([k, v]));
          expect(seen).toEqual([...map]);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
