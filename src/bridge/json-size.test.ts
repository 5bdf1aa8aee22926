import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonByteLength, jsonPrefixFitting } from './json-size';

const utf8 = (s: string) => new TextEncoder().encode(JSON.stringify(s)).length;
/** Plain text (what the fast path skips) followed by anything. */
const plainThenAny = fc
  .tuple(fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '~', '!', '#', '[', ']', '{', '0'), maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 20 }))
  .map(([plain, rest]) => plain + rest);

describe('jsonByteLength', () => {
  it('counts what JSON.stringify writes, in UTF-8 bytes', () => {
    for (const s of ['', 'abc', '"\\', '\n\t\r\b\f', '\u0001\u001f', 'é€', '😀', '\ud800', '\udc00x', 'a\ud83d']) {
      expect(jsonByteLength(s), JSON.stringify(s)).toBe(utf8(s));
    }
  });

  it('agrees with JSON.stringify on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => jsonByteLength(s) === utf8(s)));
  }, 30_000);

  it('agrees with JSON.stringify on plain text followed by anything', () => {
    fc.assert(fc.property(plainThenAny, (s) => jsonByteLength(s) === utf8(s)));
  });

  it('counts a control character as the six bytes JSON gives it', () => {
    expect(jsonByteLength('\u0001'.repeat(1000))).toBe(6002);
  });
});

describe('jsonPrefixFitting', () => {
  it('keeps everything that fits and cuts the rest at the bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 2, max: 200 }), (s, max) => {
        const n = jsonPrefixFitting(s, max);
        const kept = s.slice(0, n);
        if (jsonByteLength(kept) > max) return false;
        if (n === s.length) return jsonByteLength(s) <= max;
        // One more character (or pair) would not fit.
        const step = s.codePointAt(n)! > 0xffff ? 2 : 1;
        return jsonByteLength(s.slice(0, n + step)) > max;
      }),
    );
  });

  it('cuts plain text followed by anything at the same place as a walk over every character', () => {
    fc.assert(
      fc.property(plainThenAny, fc.integer({ min: 2, max: 400 }), (s, max) => {
        const n = jsonPrefixFitting(s, max);
        if (utf8(s.slice(0, n)) > max) return false;
        if (n === s.length) return utf8(s) <= max;
        const step = s.codePointAt(n)! > 0xffff ? 2 : 1;
        return utf8(s.slice(0, n + step)) > max;
      }),
    );
  });

  it('never ends between the halves of a pair', () => {
    expect(jsonPrefixFitting('a😀', 6)).toBe(1);
    expect(jsonPrefixFitting('a😀', 7)).toBe(3);
  });
});
