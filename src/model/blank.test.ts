import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlank } from './blank';

describe('isBlank', () => {
  it('says what trim says, for every first character', () => {
    const differ: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `${ch}x`, `${ch} `, `${ch}\u3000`]) if (isBlank(text) !== (text.trim() === '')) differ.push(text);
    }
    expect(differ).toStrictEqual([]);
  });

  it('says what trim says for any text', () => {
    const space = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u0085');
    fc.assert(
      fc.property(fc.array(fc.oneof(space, fc.string({ maxLength: 2 }), fc.string({ unit: 'binary', maxLength: 2 })), { maxLength: 6 }), (parts) => {
        const text = parts.join('');
        expect(isBlank(text)).toBe(text.trim() === '');
      }),
      { numRuns: 3000 },
    );
  });
});
