import { describe, expect, it } from 'vitest';
import fastJsonPatch from 'fast-json-patch';
import fc from 'fast-check';
import { applyJsonPatch } from './json-patch';

/** fast-json-patch, as @ag-ui/client calls it for STATE_DELTA (validate, do not mutate). */
function reference(doc: unknown, patch: unknown): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: fastJsonPatch.applyPatch(structuredClone(doc), patch as never, true, false).newDocument };
  } catch {
    return { ok: false };
  }
}

const doc = { a: 1, list: ['x', 'y'], nested: { deep: { v: true } }, 'we/ird~key': 2 };

const cases: Array<[string, unknown[]]> = [
  ['replace', [{ op: 'replace', path: '/a', value: 2 }]],
  ['add to the end of an array', [{ op: 'add', path: '/list/-', value: 'z' }]],
  ['insert in an array', [{ op: 'add', path: '/list/1', value: 'z' }]],
  ['remove from an array', [{ op: 'remove', path: '/list/0' }]],
  ['escaped keys', [{ op: 'replace', path: '/we~1ird~0key', value: 3 }]],
  ['move', [{ op: 'move', from: '/a', path: '/nested/a' }]],
  ['copy', [{ op: 'copy', from: '/nested', path: '/copy' }]],
  ['passing test', [{ op: 'test', path: '/nested/deep/v', value: true }, { op: 'add', path: '/b', value: null }]],
  ['whole document', [{ op: 'replace', path: '', value: [1] }]],
  ['failing test', [{ op: 'test', path: '/a', value: 9 }]],
  ['replace a missing key', [{ op: 'replace', path: '/missing', value: 1 }]],
  ['remove a missing key', [{ op: 'remove', path: '/missing' }]],
  ['index past the end', [{ op: 'add', path: '/list/5', value: 1 }]],
  ['missing parent', [{ op: 'add', path: '/no/such', value: 1 }]],
  ['unknown op', [{ op: 'merge', path: '/a', value: 1 }]],
  ['add without a value', [{ op: 'add', path: '/a' }]],
  ['later op fails', [{ op: 'replace', path: '/a', value: 5 }, { op: 'remove', path: '/nope' }]],
];

describe('applyJsonPatch agrees with fast-json-patch', () => {
  for (const [name, patch] of cases) {
    it(name, () => {
      const ours = applyJsonPatch(doc, patch);
      const theirs = reference(doc, patch);
      expect(ours.ok).toBe(theirs.ok);
      if (ours.ok && theirs.ok) expect(ours.doc).toEqual(theirs.doc);
    });
  }

  it('agrees on random add/replace/remove patches over random documents', () => {
    const key = fc.constantFrom('a', 'b', 'c');
    const path = fc.array(key, { minLength: 1, maxLength: 3 }).map((ks) => `/${ks.join('/')}`);
    const op = fc.oneof(
      fc.record({ op: fc.constant('add'), path, value: fc.jsonValue() }),
      fc.record({ op: fc.constant('replace'), path, value: fc.jsonValue() }),
      fc.record({ op: fc.constant('remove'), path }),
    );
    const tree = fc.dictionary(key, fc.oneof(fc.integer(), fc.dictionary(key, fc.oneof(fc.integer(), fc.dictionary(key, fc.integer())))));
    fc.assert(
      fc.property(tree, fc.array(op, { maxLength: 4 }), (d, patch) => {
        const ours = applyJsonPatch(d, patch);
        const theirs = reference(d, patch);
        expect(ours.ok).toBe(theirs.ok);
        if (ours.ok && theirs.ok) expect(ours.doc).toEqual(theirs.doc);
      }),
      { numRuns: 300 },
    );
  });
});

describe('applyJsonPatch safety', () => {
  it('never mutates its input, even when a later operation fails', () => {
    const before = structuredClone(doc);
    applyJsonPatch(doc, [{ op: 'replace', path: '/a', value: 5 }, { op: 'remove', path: '/nope' }]);
    applyJsonPatch(doc, [{ op: 'add', path: '/list/-', value: 'q' }]);
    expect(doc).toEqual(before);
  });

  it('cannot reach Object.prototype through __proto__', () => {
    const result = applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(result.ok).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.ok && result.doc)).toBe(Object.prototype);
  });

  it('rejects a patch that is not an array', () => {
    expect(applyJsonPatch({}, { op: 'add' }).ok).toBe(false);
  });
});
