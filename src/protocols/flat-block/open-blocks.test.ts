// The open blocks list keeps what a Map by index would: the same blocks, in the same order, before
// and after it turns into a map past its list length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenBlock, OpenBlocks } from './state';

type Op = { op: 'set' | 'delete' | 'get'; index: number } | { op: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), index: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), index: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('get' as const), index: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
);

describe('OpenBlocks', () => {
  it('behaves as a Map from index to block', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const blocks = new OpenBlocks();
        const map = new Map<number, OpenBlock>();
        ops.forEach((o, frame) => {
          if (o.op === 'set') {
            const block = new OpenBlock(o.index, 'text', frame);
            blocks.set(block);
            map.set(o.index, block);
          } else if (o.op === 'delete') {
            blocks.delete(o.index);
            map.delete(o.index);
          } else if (o.op === 'get') {
            expect(blocks.get(o.index)).toBe(map.get(o.index));
          } else {
            blocks.clear();
            map.clear();
          }
          expect(blocks.size).toBe(map.size);
        });
        expect([...blocks.all()]).toStrictEqual([...map.values()]);
      }),
      { numRuns: 500 },
    );
  });
});
