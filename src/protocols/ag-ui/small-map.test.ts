// SmallMap and SmallSet answer as a Map and a Set do, and list their entries in the same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SmallMap, SmallSet } from './small-map';

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
