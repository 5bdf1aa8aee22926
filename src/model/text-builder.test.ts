import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendText } from './text-builder';

describe('extendText', () => {
  it('gives the text plain concatenation gives, after every append, across joins', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 1500 }), fc.constantFrom('', 'x'.repeat(4095)), (deltas, start) => {
        const holder = { text: start };
        let expected = start;
        for (const d of deltas) {
          holder.text = extendText(holder, holder.text, d);
          expected += d;
          if (holder.text !== expected) return false;
        }
        return true;
      }),
      { numRuns: 30 },
    );
  });

  it('starts afresh from a text that was set from elsewhere between appends', () => {
    const holder = { text: 'x'.repeat(5000) };
    for (let i = 0; i < 700; i++) holder.text = extendText(holder, holder.text, 'a');
    holder.text = 'replaced';
    holder.text = extendText(holder, holder.text, '!');
    expect(holder.text).toBe('replaced!');
    for (let i = 0; i < 600; i++) holder.text = extendText(holder, holder.text, 'b');
    expect(holder.text).toBe(`replaced!${'b'.repeat(600)}`);
  });

  it('keeps the texts of two holders apart', () => {
    const [a, b] = [{ text: 'x'.repeat(5000) }, { text: 'y'.repeat(5000) }];
    for (let i = 0; i < 1100; i++) {
      a.text = extendText(a, a.text, '1');
      b.text = extendText(b, b.text, '2');
    }
    expect([a.text, b.text]).toEqual([`${'x'.repeat(5000)}${'1'.repeat(1100)}`, `${'y'.repeat(5000)}${'2'.repeat(1100)}`]);
  });
});
