import { describe, expect, it } from 'vitest';
import { MAX_DATA_DEPTH, safeJson, safeText, wellFormed } from './safe-text';

const deep = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

describe('safeText', () => {
  it('gives what String() gives for ordinary values', () => {
    for (const v of ['a', 1, -0, 1.5, true, null, undefined, 10n, [1, [2, 3]], { a: 1 }, [null, undefined, 'x']]) {
      expect(safeText(v)).toBe(String(v));
    }
    expect(safeText(Symbol('s'))).toBe('Symbol(s)');
    expect(safeText(JSON.parse('1e400'))).toBe('Infinity');
  });

  it('does not throw on objects whose conversions are not functions or throw', () => {
    const hostile: unknown[] = [
      JSON.parse('{"toString":0}'),
      JSON.parse('{"toString":{},"valueOf":{}}'),
      JSON.parse('[{"toString":0}]'),
      { [Symbol.toPrimitive]: 1, toString: 0 },
      { toString: () => { throw new Error('no'); }, valueOf: () => { throw new Error('no'); } },
      { [Symbol.toPrimitive]: () => ({}) },
      Object.create(null),
      new Proxy({}, { get: () => { throw new Error('trap'); } }),
    ];
    for (const v of hostile) expect(typeof safeText(v)).toBe('string');
    expect(safeText(JSON.parse('{"toString":0}'))).toBe('[object Object]');
    expect(safeText(JSON.parse('[1,{"toString":0}]'))).toBe('1,[object Object]');
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    expect(typeof safeText(proxy)).toBe('string');
  });

  it('bounds nesting and cycles', () => {
    expect(safeText(deep(100_000))).toBe('…');
    const cycle: unknown[] = [1];
    cycle.push(cycle);
    expect(safeText(cycle)).toBe('1,…');
    expect(safeText(deep(MAX_DATA_DEPTH - 1))).toBe('');
  });

  it('replaces lone surrogates and cuts without splitting a pair', () => {
    expect(safeText('a\ud800b')).toBe('a\ufffdb');
    expect(safeText('\udfff')).toBe('\ufffd');
    expect(safeText('😀😀')).toBe('😀😀');
    expect(safeText('ab😀cd', 4)).toBe('ab…');
    expect(safeText('abcdef', 4)).toBe('abc…');
    expect(wellFormed('x\ud83d')).toBe('x\ufffd');
  });
});

describe('safeJson', () => {
  it('gives what JSON.stringify gives for ordinary data', () => {
    for (const v of [{ a: [1, 'x', null, true], b: { c: -0 } }, [], {}, 'é\ud800', 3, null, [undefined, () => 1], { u: undefined }]) {
      expect(safeJson(v)).toBe(JSON.stringify(v));
      expect(safeJson(v, { indent: 2 })).toBe(JSON.stringify(v, null, 2));
    }
    expect(safeJson(JSON.parse('[1e400]'))).toBe('[null]');
  });

  it('bounds depth, cycles, BigInt and length without throwing', () => {
    expect(safeJson(deep(100_000), { maxDepth: 2 })).toBe('[["…"]]');
    expect(safeJson(deep(100_000)).length).toBeLessThan(200);
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(safeJson(cycle)).toBe('{"a":1,"self":"…"}');
    expect(safeJson({ n: 12345678901234567890n })).toBe('{"n":12345678901234567890}');
    expect(safeJson({ s: 'x'.repeat(1000) }, { maxLength: 20 })).toHaveLength(20);
    expect(safeJson(new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }))).toContain('[unprintable]');
  });
});
