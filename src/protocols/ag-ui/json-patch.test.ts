import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fastJsonPatch from 'fast-json-patch';
import { applyJsonPatch, type PatchResult } from './json-patch';

// The library itself is under test only through the reference's own call (validate, do not mutate):
// these cases pin the semantics the fold relies on.

/** fast-json-patch, as @ag-ui/client calls it for STATE_DELTA (validate, do not mutate). */
function reference(doc: unknown, patch: unknown): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: fastJsonPatch.applyPatch(structuredClone(doc), patch as never, true, false).newDocument };
  } catch {
    return { ok: false };
  }
}

const doc = { a: 1, list: ['x', 'y'], nested: { deep: { v: true } }, 'we/ird~key': 2 };
const FAILS = Symbol('fails');

/** Each case with the outcome RFC 6902 gives it (and the document after it, where it applies). */
const cases: Array<[string, unknown[], unknown]> = [
  ['replace', [{ op: 'replace', path: '/a', value: 2 }], { ...doc, a: 2 }],
  ['add to the end of an array', [{ op: 'add', path: '/list/-', value: 'z' }], { ...doc, list: ['x', 'y', 'z'] }],
  ['insert in an array', [{ op: 'add', path: '/list/1', value: 'z' }], { ...doc, list: ['x', 'z', 'y'] }],
  ['remove from an array', [{ op: 'remove', path: '/list/0' }], { ...doc, list: ['y'] }],
  ['escaped keys', [{ op: 'replace', path: '/we~1ird~0key', value: 3 }], { ...doc, 'we/ird~key': 3 }],
  ['move', [{ op: 'move', from: '/a', path: '/nested/a' }], { list: ['x', 'y'], nested: { deep: { v: true }, a: 1 }, 'we/ird~key': 2 }],
  ['copy', [{ op: 'copy', from: '/nested', path: '/copy' }], { ...doc, copy: { deep: { v: true } } }],
  ['passing test', [{ op: 'test', path: '/nested/deep/v', value: true }, { op: 'add', path: '/b', value: null }], { ...doc, b: null }],
  ['whole document', [{ op: 'replace', path: '', value: [1] }], [1]],
  ['failing test', [{ op: 'test', path: '/a', value: 9 }], FAILS],
  ['replace a missing key', [{ op: 'replace', path: '/missing', value: 1 }], FAILS],
  ['remove a missing key', [{ op: 'remove', path: '/missing' }], FAILS],
  ['index past the end', [{ op: 'add', path: '/list/5', value: 1 }], FAILS],
  ['missing parent', [{ op: 'add', path: '/no/such', value: 1 }], FAILS],
  ['unknown op', [{ op: 'merge', path: '/a', value: 1 }], FAILS],
  ['add without a value', [{ op: 'add', path: '/a' }], FAILS],
  ['later op fails', [{ op: 'replace', path: '/a', value: 5 }, { op: 'remove', path: '/nope' }], FAILS],
];

describe('applyJsonPatch gives RFC 6902 results, as the reference client gets them', () => {
  for (const [name, patch, expected] of cases) {
    it(name, () => {
      const ours = applyJsonPatch(doc, patch);
      expect(ours.ok).toBe(expected !== FAILS);
      if (ours.ok) expect(ours.doc).toEqual(expected);
      expect(reference(doc, patch).ok).toBe(ours.ok);
    });
  }
});

describe('applyJsonPatch safety', () => {
  it('never mutates its input, even when a later operation fails', () => {
    const before = structuredClone(doc);
    applyJsonPatch(doc, [{ op: 'replace', path: '/a', value: 5 }, { op: 'remove', path: '/nope' }]);
    applyJsonPatch(doc, [{ op: 'add', path: '/list/-', value: 'q' }]);
    expect(doc).toEqual(before);
  });

  it('leaves the input as it was when a move out of an array shifts the path it adds at', () => {
    // Removing /list/0 moves the old /list/2 to /list/1, which the add then goes into.
    const input = { list: [[], ['a'], ['b', 'c'], null] };
    const before = JSON.stringify(input);
    const patch = [{ op: 'move', from: '/list/0', path: '/list/1/1' }];
    const ours = applyJsonPatch(input, patch);
    expect(JSON.stringify(input)).toBe(before);
    expect(ours).toEqual({ ok: true, doc: { list: [['a'], ['b', [], 'c'], null] } });
    expect(reference(input, patch)).toEqual(ours);
  });

  it('cannot reach Object.prototype through __proto__: the patch fails, as in the reference client', () => {
    for (const path of ['/__proto__', '/__proto__/polluted', '/constructor/prototype/polluted']) {
      const result = applyJsonPatch({}, [{ op: 'add', path, value: { polluted: true } }]);
      expect(result.ok).toBe(false);
      expect(reference({}, [{ op: 'add', path, value: { polluted: true } }]).ok).toBe(false);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('does not throw on a document nested too deep to copy', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(() => applyJsonPatch(deep, [{ op: 'add', path: '/x', value: 1 }])).not.toThrow();
  });

  it('rejects a patch that is not an array', () => {
    expect(applyJsonPatch({}, { op: 'add' }).ok).toBe(false);
  });
});

describe('applyJsonPatch against the reference client, on random documents and patches', () => {
  // Documents of nested objects and arrays, and patches whose paths mostly name what is there (so that
  // most apply), now and then what is not, with every operation and the keys that need escaping.
  const key = fc.constantFrom('a', 'b', 'list', 'we/ird', 't~x', '', '0', '__proto__', 'constructor');
  const doc = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.jsonValue({ maxDepth: 0 }), tie('object'), tie('array')),
    object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    array: fc.array(tie('value'), { maxLength: 4 }),
  })).object;

  /** Every pointer into the document, for patches that name what is there. */
  function pointers(value: unknown, prefix = '', out: string[] = []): string[] {
    out.push(prefix);
    if (typeof value === 'object' && value !== null) {
      for (const k of Object.keys(value)) pointers((value as Record<string, unknown>)[k], `${prefix}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
      if (Array.isArray(value)) out.push(`${prefix}/-`);
      else out.push(`${prefix}/missing`);
    }
    // And a few that name nothing: past an array's end, under a key that is not there.
    if (prefix === '') out.push('/list/9', '/missing/deeper');
    return out;
  }

  const op = (paths: string[]) =>
    fc.record(
      {
        op: fc.oneof({ weight: 20, arbitrary: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test') }, { weight: 1, arbitrary: fc.constant('increment') }),
        path: fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...paths) }, { weight: 1, arbitrary: fc.constantFrom('a', '/__proto__/x', '/constructor/prototype/x') }),
        from: fc.constantFrom(...paths),
        value: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ['op', 'path', 'from', 'value'] },
    );
  const docAndPatch = doc.chain((d) => {
    const json = JSON.parse(JSON.stringify(d)) as unknown;
    return fc.tuple(fc.constant(json), fc.array(op(pointers(json)), { minLength: 1, maxLength: 3 }));
  });

  it('gives the same document, or fails with the same error, and leaves the input as it was', () => {
    const outcomes = { ok: 0, failed: 0 };
    fc.assert(
      fc.property(docAndPatch, ([input, patch]) => {
        const before = JSON.stringify(input);
        // Each side gets its own patch: the library inserts the patch's values by reference.
        let expected: PatchResult;
        try {
          expected = { ok: true, doc: fastJsonPatch.applyPatch(input, JSON.parse(JSON.stringify(patch)) as never, true, false).newDocument };
        } catch (err) {
          expected = { ok: false, error: (err instanceof Error ? err.message.split('\n')[0] ?? '' : '').slice(0, 200) };
        }
        expect(JSON.stringify(input)).toBe(before);
        const ours = applyJsonPatch(input, JSON.parse(JSON.stringify(patch)));
        expect(ours).toEqual(expected);
        expect(JSON.stringify(input)).toBe(before);
        outcomes[ours.ok ? 'ok' : 'failed']++;
      }),
      { numRuns: 4000 },
    );
    expect(Math.min(outcomes.ok, outcomes.failed)).toBeGreaterThan(400);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it('copies only what a patch changes: the rest of the new document is the old one', () => {
    const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i })), settings: { theme: 'dark' }, counter: 0 };
    const result = applyJsonPatch(big, [{ op: 'replace', path: '/counter', value: 1 }, { op: 'add', path: '/settings/font', value: 'mono' }]);
    expect(result.ok).toBe(true);
    const after = (result as { doc: typeof big & { settings: { font?: string } } }).doc;
    expect(after).not.toBe(big);
    expect(after.items).toBe(big.items);
    expect(after.settings).not.toBe(big.settings);
    expect(after.settings).toEqual({ theme: 'dark', font: 'mono' });
    expect(big).toEqual({ items: big.items, settings: { theme: 'dark' }, counter: 0 });
  });
});
