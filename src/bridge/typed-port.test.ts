import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChunkAssembler, CHUNK_TAG, jsonLengthAtMost, splitMessage } from './chunking';
import { memoryPortPair } from './memory-port';
import { TypedPort } from './typed-port';

const Schema = z.object({ type: z.literal('big'), text: z.string() });
type Big = z.infer<typeof Schema>;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('chunking', () => {
  it('leaves small messages whole and splits large ones under the cap', () => {
    expect(splitMessage({ a: 1 }, 1, 100)).toEqual([{ a: 1 }]);
    const pieces = splitMessage({ text: 'y'.repeat(1000) }, 7, 100) as Array<{ part: string; n: number }>;
    expect(pieces.length).toBe(Math.ceil(JSON.stringify({ text: 'y'.repeat(1000) }).length / 100));
    expect(pieces.every((p) => p.part.length <= 100 && p.n === pieces.length)).toBe(true);
  });

  it('reassembles in order and refuses pieces out of order', () => {
    const message = { text: 'é"\\\n'.repeat(300) };
    const pieces = splitMessage(message, 3, 64);
    const ok = new ChunkAssembler();
    const results = pieces.map((p) => ok.add(p));
    expect(results.at(-1)).toEqual({ complete: true, message });
    const bad = new ChunkAssembler();
    expect(bad.add(pieces[1])).toMatchObject({ complete: false, error: 'pieces out of order' });
    expect(bad.add({ [CHUNK_TAG]: 1, i: 0, n: 10_000, part: '' })).toMatchObject({ complete: false, error: 'malformed piece' });
  });
});

describe('TypedPort', () => {
  it('carries a message larger than the cap and delivers only valid messages', async () => {
    const [a, b] = memoryPortPair('test');
    const invalid: string[] = [];
    const sender = new TypedPort<Big, never>(a, z.never(), { chunkChars: 1000 });
    const receiver = new TypedPort<never, Big>(b, Schema, { onInvalid: (r) => invalid.push(r) });
    const got: Big[] = [];
    receiver.onMessage((m) => got.push(m));
    const text = 'z'.repeat(25_000);
    expect(sender.post({ type: 'big', text })).toBe(true);
    a.postMessage({ type: 'small', text: 1 });
    await tick();
    expect(got).toEqual([{ type: 'big', text }]);
    expect(invalid).toHaveLength(1);
  });

  it('reports a send on a dropped port as failed instead of throwing', async () => {
    const [a, b] = memoryPortPair('test');
    const port = new TypedPort<Big, never>(a, z.never());
    b.disconnect();
    await tick();
    expect(port.connected).toBe(false);
    expect(port.post({ type: 'big', text: '' })).toBe(false);
  });
});

describe('jsonLengthAtMost', () => {
  it('is never below the JSON length of plain data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        if (text === undefined) return;
        expect(jsonLengthAtMost(value, Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(text.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts the longest number JSON writes', () => {
    for (const n of [-0.0000012695021989343502, -1.2345678901234567e-308, -123456789012345680000]) expect(jsonLengthAtMost(n, Infinity)).toBeGreaterThanOrEqual(JSON.stringify(n).length);
    expect(jsonLengthAtMost([-0.0000012695021989343502], Infinity)).toBeGreaterThanOrEqual(JSON.stringify([-0.0000012695021989343502]).length);
  });

  it('keeps a message whole when the bound is under the cap, and splits it past', () => {
    const message = { type: 'append', frames: [{ index: 1, data: 'x'.repeat(10) }] };
    expect(splitMessage(message, 1, 1000)).toEqual([message]);
    expect(splitMessage({ text: '\u0001'.repeat(200) }, 2, 1000).length).toBeGreaterThan(1);
  });
});
