import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastRelayBatch, MAX_BATCH_MESSAGES, RelayToHubSchema } from './relay-to-hub';
import { PAGE_MESSAGE_TAG } from './page-messages';
import { mutatedFrames } from './test-support';

const frame = { [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'ws-1', time: 5, direction: 'in', kind: 'message', data: 'x' };
const base = { type: 'batch', document: 'aaaaaaaa01', seq: 1, messages: [frame], dropped: 0, rejected: 0 };
// Values near the edges of every field, and keys added, removed or replaced.
const field = fc.oneof(
  fc.constantFrom(1, 0, -1, -0, 0.5, 2 ** 53, Infinity, NaN, 'batch', 'aaaaaaaa', 'AAAAAAAA', 'aaaaaaa', '', null, undefined, true, [], {}, [frame], [{ ...frame, time: 'x' }]),
  fc.string({ maxLength: 3 }),
  fc.double(),
);
const mutated = mutatedFrames(base, ['extra', '__proto__', 'leaving', 'visit', 'prerendering'], field);

describe('fastRelayBatch', () => {
  it('accepts only what RelayToHubSchema accepts, with the same content', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.anything()), (value) => {
        const fast = fastRelayBatch(value);
        if (fast === undefined) return;
        const parsed = RelayToHubSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the common batch, so the fast path is really used, and no more messages than the bound', () => {
    expect(fastRelayBatch(base)).toBe(base);
    // A page's last batch as it is left, and the batches of a page back from the back/forward cache.
    const last = { ...base, leaving: true, visit: 2 };
    expect(fastRelayBatch(last)).toBe(last);
    const prerendered = { ...base, prerendering: true };
    expect(fastRelayBatch(prerendered)).toBe(prerendered);
    const many = { ...base, messages: Array.from({ length: MAX_BATCH_MESSAGES + 1 }, () => frame) };
    expect(fastRelayBatch(many)).toBeUndefined();
    expect(RelayToHubSchema.safeParse(many).success).toBe(false);
    expect(fastRelayBatch({ ...base, messages: [{ ...frame, kind: 'nope' }] })).toBeUndefined();
  });
});
