import { describe, expect, it } from 'vitest';
import fastJsonPatch from 'fast-json-patch';
import { applyJsonPatch } from './json-patch';

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
