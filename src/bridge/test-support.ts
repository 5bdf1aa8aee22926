// For the property tests of the hand checks (page-messages.schema.test.ts, hub-to-panel-fast.test.ts,
// relay-to-hub.test.ts): a valid message with some of its fields set to edge values, removed, or joined by other keys.
import fc from 'fast-check';

export function mutatedFrames(base: Record<string, unknown>, otherKeys: readonly string[], field: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      set: fc.dictionary(fc.constantFrom(...Object.keys(base), ...otherKeys), field, { maxKeys: 3 }),
      remove: fc.subarray(Object.keys(base), { maxLength: 2 }),
    })
    .map(({ set, remove }) => {
      const v: Record<string, unknown> = { ...base };
      for (const k of remove) delete v[k];
      // defineProperty, so a "__proto__" key becomes an own field as JSON.parse would make it.
      for (const [k, x] of Object.entries(set)) Object.defineProperty(v, k, { value: x, enumerable: true, configurable: true, writable: true });
      return v;
    });
}
