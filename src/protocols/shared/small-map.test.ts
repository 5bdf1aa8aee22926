// SmallMap and SmallSet answer as a Map and a Set do, and list their entries in the same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SmallMap, SmallSet } from '../shared/small-map';

const key = fc.constantFrom('a', 'b', 'c', '', '__proto__', 'toString');
const op = fc.oneof(
  fc.tuple(fc.constant('set' as const), key, fc.integer()),
  fc.tuple(fc.constant('delete' as const), key, fc.constant(0)),
  fc.tuple(fc.constant('clear' as const), key, fc.constant(0)),
);

describe('SmallMap', () => {
  it('answers as a Map', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const small = new SmallMap<number>();
        const map = new Map<string, number>();
        for (const [kind, k, v] of ops) {
          if (kind === 'set') {
            small.set(k, v);
            map.set(k, v);
          } else if (kind === 'delete') expect(small.delete(k)).toBe(map.delete(k));
          else {
            small.clear();
            map.clear();
          }
          expect(small.size).toBe(map.size);
          for (const probe of ['a', 'b', 'c', '', '__proto__', 'toString', 'd']) {
            expect(small.get(probe)).toBe(map.get(probe));
            expect(small.has(probe)).toBe(map.has(probe));
          }
          expect([...small]).toEqual([...map]);
          expect([...small.keys()]).toEqual([...map.keys()]);
          expect([...small.values()]).toEqual([...map.values()]);
          expect([...small.entries()]).toEqual([...map.entries()]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('SmallSet', () => {
  it('answers as a Set', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const small = new SmallSet();
        const set = new Set<string>();
        for (const [kind, k] of ops) {
          if (kind === 'set') {
            small.add(k);
            set.add(k);
          } else if (kind === 'delete') expect(small.delete(k)).toBe(set.delete(k));
          else {
            small.clear();
            set.clear();
          }
          expect(small.size).toBe(set.size);
          for (const probe of ['a', 'b', 'c', '', '__proto__', 'toString', 'd']) expect(small.has(probe)).toBe(set.has(probe));
          expect([...small]).toEqual([...set]);
        }
      }),
      { numRuns: 500 },
    );
  });
});


type Op = { op: 'set' | 'delete' | 'get' | 'has' | 'clear'; key: string; value: number };

const manyKeys = fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', '', '__proto__', 'toString'), fc.string({ maxLength: 2 }), fc.nat(30).map(String));
const mapOp: fc.Arbitrary<Op> = fc.record({ op: fc.constantFrom('set', 'set', 'set', 'delete', 'get', 'has', 'clear'), key: manyKeys, value: fc.integer() }) as fc.Arbitrary<Op>;

// Past the entries it keeps itself, with keys of every kind and reads between the changes.
describe('SmallMap with many keys', () => {
  it('answers as a Map does', () => {
    fc.assert(
      fc.property(fc.array(mapOp, { maxLength: 80 }), (ops) => {
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
