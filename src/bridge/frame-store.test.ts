import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { FrameStore } from './frame-store';

const make = (index: number): Frame => {
  const f: Frame = { index, connectionId: `c${index % 3}`, time: 1000.5 + index, direction: index % 2 ? 'in' : 'out', kind: index % 7 === 0 ? 'close' : 'message', data: `{"n":${index},"t":"é☃"}` };
  if (index % 5 === 0) f.eventName = `e${index}`;
  if (index % 11 === 0) f.eventId = `id${index}`;
  if (index % 13 === 0) f.truncated = { originalLength: 99_999 };
  if (index % 17 === 0) f.encoding = 'base64';
  if (index % 19 === 0) f.encoding = 'text';
  if (index % 23 === 0) f.notKeptBefore = index;
  return f;
};

describe('FrameStore', () => {
  it('gives back every field of every frame across chunks, and drops from the front', () => {
    const store = new FrameStore((f) => f.data.length + 10);
    const all = Array.from({ length: 20_000 }, (_, i) => make(i + 5));
    for (const f of all) store.push(f);
    expect(store.length).toBe(20_000);
    expect(store.bytes).toBe(all.reduce((n, f) => n + f.data.length + 10, 0));
    expect(store.slice(0)).toEqual(all);
    store.dropFront(9_000);
    expect(store.length).toBe(11_000);
    expect(store.at(0)).toEqual(all[9_000]);
    expect(store.slice(0)).toEqual(all.slice(9_000));
    expect(store.bytes).toBe(all.slice(9_000).reduce((n, f) => n + f.data.length + 10, 0));
    expect(store.positionFrom(15_000)).toBe(15_000 - 5 - 9_000);
    expect(store.positionFrom(0)).toBe(0);
    expect(store.positionFrom(1e9)).toBe(11_000);
    expect(store.connectionAt(3)).toBe(all[9_003]!.connectionId);
    // Still appends after a drop, and a drop of everything leaves it empty and usable.
    store.push(make(20_005));
    expect(store.at(store.length - 1)).toEqual(make(20_005));
    store.dropFront(store.length);
    expect(store.length).toBe(0);
    expect(store.bytes).toBe(0);
    store.push(make(30_000));
    expect(store.slice(0)).toEqual([make(30_000)]);
  });

  it('drops exactly one chunk of frames and keeps the next', () => {
    const store = new FrameStore(() => 1);
    for (let i = 0; i < 8192 * 2 + 3; i++) store.push(make(i));
    store.dropFront(8192);
    expect(store.at(0).index).toBe(8192);
    store.dropFront(8192);
    expect(store.slice(0).map((f) => f.index)).toEqual([16_384, 16_385, 16_386]);
    expect(() => store.at(3)).toThrow(RangeError);
  });
});

describe('FrameStore, payloads that share their start and end', () => {
  it('gives every payload back whole, however it is read, across chunks and after drops', () => {
    const store = new FrameStore((f) => f.data.length);
    const payload = (i: number) =>
      i % 97 === 0 ? `{"type":"RUN_STARTED","n":${i}}` : i % 31 === 0 ? 'x'.repeat(i % 50) : `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"wörd${i % 100} "}`;
    const all: Frame[] = Array.from({ length: 20_000 }, (_, i) => ({ index: i, connectionId: 'c', time: i, direction: 'in', kind: 'message', data: payload(i) }));
    for (const f of all) store.push(f);
    const check = (offset: number) => {
      for (let p = 0; p < store.length; p += 7) {
        const want = all[p + offset]!.data;
        expect(store.dataAt(p)).toBe(want);
        expect(store.dataLengthAt(p)).toBe(want.length);
        const pieces = store.piecesAt(p);
        if (pieces) expect(pieces.start + pieces.middle + pieces.end).toBe(want);
      }
      expect(store.slice(0).map((f) => f.data)).toEqual(all.slice(offset).map((f) => f.data));
    };
    check(0);
    // Most deltas keep only their middle: the store's text is a fraction of the payloads'.
    expect(Array.from({ length: store.length }, (_, p) => store.piecesAt(p)).filter(Boolean).length).toBeGreaterThan(18_000);
    store.dropFront(9_000);
    check(9_000);
    expect(store.pack(100, 9_000).data).toBe(all.slice(9_100, 18_000).map((f) => f.data).join(''));
  });
});

describe('FrameStore, narrow columns', () => {
  const frame = (index: number, time: number, connectionId = 'c'): Frame => ({ index, connectionId, time, direction: 'in', kind: 'message', data: `{"i":${index}}` });

  it('gives back times and indexes exactly when a chunk must widen partway (fractions, jumps, clocks going back)', () => {
    const store = new FrameStore(() => 1);
    const all: Frame[] = [];
    for (let i = 0; i < 8192 * 3; i++) {
      // Chunk 0: whole milliseconds, one step back in time, then a fraction partway. Chunk 1: an index
      // jump past four billion partway and a time jump past 2^31 ms. Chunk 2: stays narrow.
      let time = 1_700_000_000_000 + i;
      let index = i * 3;
      if (i === 100) time -= 5_000;
      if (i === 5_000) time += 0.25;
      if (i >= 8192 + 4_000) index += 5_000_000_000;
      if (i === 8192 + 6_000) time += 3_000_000_000;
      all.push(frame(index, time));
    }
    for (const f of all) store.push(f);
    expect(store.slice(0).map((f) => [f.index, f.time])).toEqual(all.map((f) => [f.index, f.time]));
    for (let p = 0; p < store.length; p += 97) {
      expect(store.indexAt(p)).toBe(all[p]!.index);
      expect(store.timeAt(p)).toBe(all[p]!.time);
    }
    expect(store.positionFrom(5_000_000_000)).toBe(8192 + 4_000);
  });

  it('keeps sizes of 65,535 and more, and more connections than a chunk numbers', () => {
    const sizes = [0, 1, 65_534, 65_535, 65_536, 10_000_000];
    const store = new FrameStore((f) => sizes[f.index % sizes.length]!);
    const all = Array.from({ length: 70_000 }, (_, i) => frame(i, i, `conn-${i}`));
    for (const f of all) store.push(f);
    expect(store.bytes).toBe(all.reduce((n, f) => n + sizes[f.index % sizes.length]!, 0));
    for (let p = 0; p < store.length; p += 11) {
      expect(store.sizeAt(p)).toBe(sizes[p % sizes.length]);
      expect(store.connectionAt(p)).toBe(`conn-${p}`);
    }
    store.dropFront(8192 + 7);
    expect(store.bytes).toBe(all.slice(8192 + 7).reduce((n, f) => n + sizes[f.index % sizes.length]!, 0));
    expect(store.at(0)).toEqual(all[8192 + 7]);
  });
});
