import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedEnd, sharedStart } from './frame-chunk';

/** The shared start and end counted character by character: what the whole-stretch comparison must agree with. */
function slowStart(a: string, b: string, max: number): number {
  let p = 0;
  while (p < max && a[p] === b[p]) p++;
  return p;
}
/** By code units, as the comparisons count. */
const reverse = (s: string) => s.split('').reverse().join('');

describe('sharedStart and sharedEnd', () => {
  // Long texts that share a start or an end (and often all of it), short ones around the bound where
  // the whole stretches are compared, and unrelated ones.
  const piece = fc.string({ unit: 'binary', maxLength: 40 });
  const pair = fc
    .record({ common: fc.integer({ min: 0, max: 3_000 }), a: piece, b: piece, fill: fc.constantFrom('\u0001', 'x', '\u00e9', '\ud83d') })
    .map(({ common, a, b, fill }) => [fill.repeat(common) + a, fill.repeat(common) + b] as const);

  it('count what a character-by-character comparison counts, up to the bound', () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 0, max: 4_000 }), ([a, b], bound) => {
        const max = Math.min(bound, a.length, b.length);
        expect(sharedStart(a, b, max)).toBe(slowStart(a, b, max));
        expect(sharedEnd(reverse(a), reverse(b), max)).toBe(slowStart(a, b, max));
      }),
      { numRuns: 2_000 },
    );
  });

  it('find a head cut from a long payload, and a repeat of it', () => {
    const whole = '\u0001'.repeat(100_000);
    expect(sharedStart(whole, whole.slice(0, 4_096), 4_096)).toBe(4_096);
    expect(sharedStart(whole, '\u0001'.repeat(100_000), 65_535)).toBe(65_535);
    expect(sharedEnd(whole, '\u0001'.repeat(100_000), 34_465)).toBe(34_465);
    expect(sharedStart(whole, '\u0001'.repeat(2_000) + 'x' + '\u0001'.repeat(3_000), 5_001)).toBe(2_000);
    expect(sharedEnd(whole, reverse('\u0001'.repeat(2_000) + 'x' + '\u0001'.repeat(3_000)), 5_001)).toBe(2_000);
  });
});
