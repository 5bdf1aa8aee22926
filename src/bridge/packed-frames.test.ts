import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { isPackedFrames, packFrames, PackedReader, unpackFrames, type PackedFrames } from './packed-frames';
import { FrameStore } from './frame-store';
import { FrameSchema } from './shared-schemas';
import { fastHubMessage } from './hub-to-panel-fast';
import { HubToPanelSchema } from './hub-to-panel';

const frame = fc.record(
  {
    index: fc.nat({ max: 1000 }),
    connectionId: fc.constantFrom('1.a', '1.b', '2.ws'),
    time: fc.double({ min: 0, max: 2e12, noNaN: true }),
    direction: fc.constantFrom('in' as const, 'out' as const),
    kind: fc.constantFrom('message' as const, 'open' as const, 'close' as const, 'error' as const),
    data: fc.string({ maxLength: 20 }),
    encoding: fc.constantFrom('text' as const, 'base64' as const),
    eventName: fc.string({ maxLength: 5 }),
    eventId: fc.string({ maxLength: 5 }),
    truncated: fc.record({ originalLength: fc.nat() }),
    notKeptBefore: fc.integer({ min: 1, max: 1e6 }),
  },
  { requiredKeys: ['index', 'connectionId', 'time', 'direction', 'kind', 'data'] },
);
/** Frames with growing capture indexes, as the hub holds them. */
const frames = fc.array(frame, { maxLength: 30 }).map((fs) => {
  let at = 0;
  return fs.map((f): Frame => ({ ...f, index: (at += 1 + (f.index % 3)) }));
});

describe('packed frames', () => {
  it('unpack to the frames packed, whole or from any place, and are valid packs', () => {
    fc.assert(
      fc.property(frames, fc.nat(), (fs, cut) => {
        const packed = JSON.parse(JSON.stringify(packFrames(fs))) as PackedFrames;
        expect(isPackedFrames(packed)).toBe(true);
        expect(unpackFrames(packed)).toEqual(fs);
        const from = fs.length === 0 ? 0 : cut % (fs.length + 1);
        expect(unpackFrames(packed, from)).toEqual(fs.slice(from));
        const reader = new PackedReader(packed);
        reader.skipTo(from);
        expect(reader.position).toBe(from);
      }),
      { numRuns: 500 },
    );
  });

  it('pack the same from the compact store as from frame objects, across its chunks', () => {
    const store = new FrameStore(() => 1);
    const all: Frame[] = Array.from({ length: 20_000 }, (_, i) => ({
      index: i + 3,
      connectionId: `c${i % 3}`,
      time: 1000.25 + i,
      direction: i % 2 ? 'in' : 'out',
      kind: i % 7 === 0 ? 'close' : 'message',
      data: `{"n":${i}}`,
      ...(i % 5 === 0 && { eventName: `e${i}` }),
      ...(i % 13 === 0 && { truncated: { originalLength: 99 } }),
      ...(i % 17 === 0 && { encoding: 'base64' as const }),
      ...(i % 23 === 0 && { notKeptBefore: i + 1 }),
    }));
    for (const f of all) store.push(f);
    store.dropFront(100);
    for (const [from, to] of [[0, 1000], [8000, 9000], [8090, 8094], [0, store.length], [store.length - 5, store.length]] as const) {
      const packed = store.pack(from, to);
      expect(isPackedFrames(packed)).toBe(true);
      expect(unpackFrames(packed)).toEqual(all.slice(100 + from, 100 + to));
      expect(packed).toEqual(packFrames(all.slice(100 + from, 100 + to)));
    }
  });

  // Values near the edges of every field, and keys added, removed or replaced.
  const field = fc.oneof(
    fc.constantFrom(1, 0, -1, 0.5, 2 ** 53, Infinity, NaN, 31, 32, 24, '', 'x', null, undefined, true, [], {}, [0], [1, 1], [-1], ['1.a'], [{ at: 0 }], [{ at: 0, eventName: 'e' }], [{ at: 1 }], [{ at: 0, truncated: { originalLength: -1 } }], [{ at: 0, notKeptBefore: 0 }], [{ at: 0, notKeptBefore: 1.5 }], [{ at: 0, notKeptBefore: '2' }]),
    fc.string({ maxLength: 3 }),
    fc.array(fc.oneof(fc.nat(40), fc.double()), { maxLength: 3 }),
  );
  const base = packFrames([
    { index: 4, connectionId: '1.a', time: 5, direction: 'in', kind: 'message', data: 'ab' },
    { index: 5, connectionId: '1.a', time: 6, direction: 'out', kind: 'close', data: 'c', eventName: 'e' },
  ]);
  const mutated = fc
    .tuple(fc.dictionary(fc.constantFrom('index', 'time', 'connectionIds', 'connection', 'flags', 'data', 'length', 'extras', 'other', '__proto__'), field, { maxKeys: 2 }), fc.subarray(Object.keys(base), { maxLength: 1 }))
    .map(([changes, removed]) => {
      const value: Record<string, unknown> = { ...base };
      for (const key of removed) delete value[key];
      for (const [key, v] of Object.entries(changes)) Object.defineProperty(value, key, { value: v, enumerable: true, configurable: true, writable: true });
      return value;
    });

  it('accepts only packs whose every frame FrameSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.anything()), (value) => {
        if (!isPackedFrames(value)) return;
        const unpacked = unpackFrames(value);
        for (const f of unpacked) expect(FrameSchema.safeParse(f).success).toBe(true);
        for (let i = 1; i < unpacked.length; i++) expect(unpacked[i]!.index).toBeGreaterThan(unpacked[i - 1]!.index);
      }),
      { numRuns: 5_000 },
    );
    expect(isPackedFrames(base)).toBe(true);
  });

  it('is taken by the panel\'s fast check as the schema takes it', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.constant(base)), (packed) => {
        const value = { type: 'packed', packed, connections: [], sessions: [], waiting: 3 };
        const fast = fastHubMessage(value);
        const parsed = HubToPanelSchema.safeParse(value);
        expect(fast !== undefined).toBe(parsed.success);
        if (fast) expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 2_000 },
    );
  });
});
