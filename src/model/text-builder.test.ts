import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendText, TAIL_KEPT, textTail } from './text-builder';

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

describe('textTail', () => {
  it('gives the end of the text, as slicing it would, after every append, across joins and dropped pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 300 }), { minLength: 520, maxLength: 1600 }), fc.constantFrom('', 'x'.repeat(4095), 'y'.repeat(70_000)), fc.constantFrom(1, 5_000, TAIL_KEPT), (deltas, start, chars) => {
        const holder = { text: start };
        for (const d of deltas) {
          holder.text = extendText(holder, holder.text, d);
          const tail = textTail(holder, holder.text, chars);
          // Tracked texts always answer; a text too short to be tracked is the caller's to slice.
          if (holder.text.length >= 4096 + 300 && tail === undefined) return false;
          if (tail !== undefined && tail !== holder.text.slice(-chars)) return false;
        }
        return true;
      }),
      { numRuns: 8 },
    );
  });

  it('answers nothing for a text it did not hand out, or past what it keeps', () => {
    const holder = { text: 'x'.repeat(5000) };
    for (let i = 0; i < 600; i++) holder.text = extendText(holder, holder.text, 'a');
    expect(textTail(holder, `${holder.text}!`, 10)).toBeUndefined();
    expect(textTail({}, holder.text, 10)).toBeUndefined();
    expect(textTail(holder, holder.text, TAIL_KEPT + 1)).toBeUndefined();
    expect(textTail(holder, holder.text, 10)).toBe('a'.repeat(10));
  });
});
