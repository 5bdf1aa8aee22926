// jsonText writes parsed JSON with JSON.stringify where that gives safeJson's text, and flatPreview
// skips preview's replace where it changes nothing: both must give exactly what the slow path gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeJson } from '../../model/safe-text';
import { preview } from '../../model/decode';
import { isJsonTextOf, jsonEqual, jsonPreview, jsonText, parseJson, parsedJsonText } from './json-util';
import { flatPreview, flatSourcePreview } from './flat-preview';

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
};

describe('jsonText', () => {
  it('writes what safeJson writes for parsed JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        const parsed: unknown = JSON.parse(JSON.stringify(v));
        expect(jsonText(parsed)).toBe(safeJson(parsed));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes what safeJson writes at and past the depth bound, and for values JSON cannot hold', () => {
    for (const depth of [62, 63, 64, 65, 66, 200]) expect(jsonText(nested(depth))).toBe(safeJson(nested(depth)));
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const v of [cyclic, { big: 10n }, { n: Number.NaN }, [undefined, 1], { f: () => 1 }, new Date(0), { toJSON: () => 'x' }, '\uD800']) {
      expect(jsonText(v)).toBe(safeJson(v));
    }
    expect(jsonText(undefined)).toBe('undefined');
  });
});

describe('parsedJsonText', () => {
  it('writes what jsonText writes for values JSON.parse made', () => {
    const deep = fc.integer({ min: 0, max: 140 }).map((depth) => JSON.stringify(nested(depth)));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)), deep, fc.json({ maxDepth: 4 })), (text) => {
        const parsed: unknown = JSON.parse(text);
        expect(parsedJsonText(parsed)).toBe(jsonText(parsed));
      }),
      { numRuns: 3000 },
    );
    for (let depth = 55; depth <= 70; depth++) {
      for (const v of [nested(depth), { pad: 'x'.repeat(200), v: nested(depth) }, [nested(depth)]]) {
        const parsed: unknown = JSON.parse(JSON.stringify(v));
        expect(parsedJsonText(parsed)).toBe(jsonText(parsed));
      }
    }
    const veryDeep: unknown = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(parsedJsonText(veryDeep)).toBe(jsonText(veryDeep));
    expect(parsedJsonText(undefined)).toBe('undefined');
    expect(parsedJsonText(JSON.parse('{"__proto__":{"a":1},"b":"\\ud800"}'))).toBe(jsonText(JSON.parse('{"__proto__":{"a":1},"b":"\\ud800"}')));
  });
});

describe('jsonPreview', () => {
  it('gives what flatPreview gives for parsedJsonText, for values JSON.parse made', () => {
    const unit = fc.constantFrom('a', ' ', '"', '\\', '\n', '\t', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u202f', '\u205f', '\u3000', '\ufeff', '\ud800', '\udc00', 'é', '\u0085', '\u180e', '\u0000', '\u001f');
    const text = fc.string({ unit, maxLength: 6 });
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(text, tie('v'), { maxKeys: 3 })),
    })).v;
    const deep = fc.integer({ min: 60, max: 70 }).map((d) => nested(d));
    fc.assert(
      fc.property(fc.oneof(value, fc.jsonValue({ maxDepth: 4 }), deep), fc.integer({ min: 1, max: 60 }), (v, max) => {
        const text = JSON.stringify(v);
        if (text === undefined) return;
        const parsed: unknown = JSON.parse(text);
        expect(jsonPreview(parsed, max)).toBe(flatPreview(parsedJsonText(parsed), max));
      }),
      { numRuns: 20000 },
    );
    expect(jsonPreview(JSON.parse('{"percent":10,"a":[1,-0,1e21,true,null,"x y"],"__proto__":{}}'), 1900)).toBe('{"percent":10,"a":[1,0,1e+21,true,null,"x y"],"__proto__":{}}');
  });
});

describe('isJsonTextOf', () => {
  it('holds only for a text that parses to JSON equal to the value', () => {
    const json = fc.oneof(fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), fc.json({ maxDepth: 3 }), fc.constantFrom('-0', '1e21', '"\\ud800"', '{"__proto__":1}', '[1,2]', '{"a":1,"a":2}'));
    fc.assert(
      fc.property(json, fc.oneof(json, fc.string()), fc.boolean(), (valueText, other, same) => {
        const value: unknown = JSON.parse(valueText);
        const text = same ? JSON.stringify(value) : other;
        if (!isJsonTextOf(text, value)) return;
        const parsed = parseJson(text);
        expect(parsed.ok && jsonEqual(parsed.value, value)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(isJsonTextOf('{"city":"Hanoi"}', JSON.parse('{ "city": "Hanoi" }'))).toBe(true);
    expect(isJsonTextOf('{ "city": "Hanoi" }', JSON.parse('{"city":"Hanoi"}'))).toBe(false);
    expect(isJsonTextOf('x', undefined)).toBe(false);
    // It takes what JSON.stringify writes, where it can read it by hand.
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const value: unknown = JSON.parse(JSON.stringify(v));
        const text = JSON.stringify(value);
        if (!/[\\\ud800-\udfff]/.test(text)) expect(isJsonTextOf(text, value)).toBe(true);
        expect(isJsonTextOf(`${text} `, value)).toBe(false);
      }),
      { numRuns: 3000 },
    );
    expect(isJsonTextOf('{"a":[1,-0.5,1e+21,true,null,"x"],"b":{}}', JSON.parse('{"a":[1,-0.5,1e21,true,null,"x"],"b":{}}'))).toBe(true);
    expect(isJsonTextOf('{"a":1}', JSON.parse('{"a":1,"b":2}'))).toBe(false);
    expect(isJsonTextOf('{"a":1,"b":2}', JSON.parse('{"a":1}'))).toBe(false);
    expect(isJsonTextOf('[1,2]', JSON.parse('[1]'))).toBe(false);
    expect(isJsonTextOf('"a\\"b"', 'a"b')).toBe(false);
  });
});

describe('flatSourcePreview', () => {
  it('gives what flatPreview gives for the source text', () => {
    const part = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '\u00a0', '\u2028', '<', '\uFEFF', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(part, part, fc.integer({ min: 1, max: 40 }), (shown, url, max) => {
        expect(flatSourcePreview(shown, url, max)).toBe(flatPreview(`source: ${shown} <${url}>`, max));
      }),
      { numRuns: 10000 },
    );
  });
});

describe('flatPreview', () => {
  it('gives what preview gives', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', '\u00a0', '\u2028', 'é', '\uFEFF'), maxLength: 30 });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 32 }), (t, max) => {
        expect(flatPreview(t, max)).toBe(preview(t, max));
      }),
      { numRuns: 5000 },
    );
  });

});
