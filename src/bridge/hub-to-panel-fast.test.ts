import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastHubMessage, plainHubFrame } from './hub-to-panel-fast';
import { AppendSchema, HubToPanelSchema } from './hub-to-panel';
import { FrameSchema } from './shared-schemas';
import { mutatedFrames } from './test-support';

const base = { index: 3, connectionId: '1.1', time: 5, direction: 'in', kind: 'message', data: 'x' };
// Values near the edges of every field, and keys added, removed or replaced.
const field = fc.oneof(
  fc.constantFrom(1, 0, -1, -0, 0.5, 2 ** 53, 1e308, Infinity, NaN, 'in', 'out', 'message', 'open', 'close', 'error', '', null, undefined, true, [], {}),
  fc.string({ maxLength: 3 }),
  fc.double(),
  fc.constant('x'.repeat(401)),
);
const mutated = mutatedFrames(base, ['encoding', 'eventName', 'truncated', 'extra', '__proto__'], field);

describe('plainHubFrame', () => {
  it('accepts only what FrameSchema accepts, and the same frame', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.anything()), (value) => {
        const fast = plainHubFrame(value);
        if (fast === undefined) return;
        const parsed = FrameSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the common frame, so the fast path is really used', () => {
    expect(plainHubFrame(base)).toBe(base);
    expect(plainHubFrame({ ...base, eventName: 'e' })).toBeUndefined();
  });
});

describe('fastHubMessage', () => {
  const append = (frames: unknown[], rest: Record<string, unknown> = {}) => ({ type: 'append', frames, connections: [], sessions: [], waiting: 4, ...rest });

  it('accepts only appends the schema accepts, with the same content', () => {
    const rest = fc.dictionary(fc.constantFrom('connections', 'sessions', 'waiting', 'removedSessions', 'type'), field, { maxKeys: 2 });
    fc.assert(
      fc.property(fc.array(fc.oneof(mutated, fc.constant(base)), { maxLength: 3 }), rest, (frames, extra) => {
        const value = append(frames, extra);
        const fast = fastHubMessage(value);
        if (fast === undefined) return;
        const parsed = HubToPanelSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes an append of plain frames and leaves every other message to the schema', () => {
    const value = append([base, { ...base, index: 4 }]);
    expect(fastHubMessage(value)).toEqual(AppendSchema.parse(value));
    expect(fastHubMessage(append([{ ...base, eventName: 'e' }]))).toBeUndefined();
    expect(fastHubMessage({ type: 'trim', tabId: 1, below: 2 })).toBeUndefined();
    expect(fastHubMessage(append([base], { waiting: -1 }))).toBeUndefined();
  });
});
