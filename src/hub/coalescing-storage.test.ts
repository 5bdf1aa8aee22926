import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import { CoalescingStorage } from './coalescing-storage';
import { MemoryStorage, newTabRecord, type TabWrite } from './storage';

const frame = (index: number): Frame => ({ index, connectionId: 'c', time: index, direction: 'in', kind: 'message', data: String(index) });

/** MemoryStorage whose writes wait until released, recording what reached it. */
function gatedStorage() {
  const memory = new MemoryStorage();
  const calls: string[] = [];
  const gates: (() => void)[] = [];
  const storage = Object.assign(Object.create(memory) as MemoryStorage, {
    async write(w: TabWrite) {
      calls.push(`write ${w.frames.map((f) => f.index).join(',')}${w.dropBelow !== undefined ? ` drop<${w.dropBelow}` : ''}`);
      await new Promise<void>((r) => gates.push(r));
      return memory.write(w);
    },
    async clear(tabId: number) {
      calls.push('clear');
      return memory.clear(tabId);
    },
  });
  return { storage, memory, calls, release: () => gates.shift()?.() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('CoalescingStorage', () => {
  it('merges the writes that wait behind a running one, and resolves each once it is stored', async () => {
    const g = gatedStorage();
    const s = new CoalescingStorage(g.storage);
    const record = newTabRecord(1);
    const done: number[] = [];
    const w = (n: number, dropBelow?: number) =>
      s.write({ record, connections: [{ id: 'c', transport: 'websocket', url: `ws://127.0.0.1/${n}` }], frames: [frame(n)], ...(dropBelow !== undefined && { dropBelow }) }).then(() => done.push(n));
    const all = [w(0)];
    await tick();
    all.push(w(1), w(2, 1), w(3));
    await tick();
    expect(g.calls).toEqual(['write 0']);
    g.release();
    await tick();
    expect(done).toEqual([0]);
    expect(g.calls).toEqual(['write 0', 'write 1,2,3 drop<1']);
    g.release();
    await Promise.all(all);
    expect(done).toEqual([0, 1, 2, 3]);
    const stored = await g.memory.load(1);
    expect(stored?.frames.map((f) => f.index)).toEqual([1, 2, 3]);
    expect(stored?.connections).toEqual([{ id: 'c', transport: 'websocket', url: 'ws://127.0.0.1/3' }]);
  });

  it('never merges a write across a clear queued between them', async () => {
    const g = gatedStorage();
    const s = new CoalescingStorage(g.storage);
    const record = newTabRecord(1);
    const first = s.write({ record, connections: [], frames: [frame(0)] });
    await tick();
    const second = s.write({ record, connections: [], frames: [frame(1)] });
    const cleared = s.clear(1);
    const third = s.write({ record, connections: [], frames: [frame(2)] });
    g.release();
    await tick();
    g.release();
    await tick();
    await tick();
    g.release();
    await Promise.all([first, second, cleared, third]);
    expect(g.calls).toEqual(['write 0', 'write 1', 'clear', 'write 2']);
    expect((await g.memory.load(1))?.frames.map((f) => f.index)).toEqual([2]);
  });

  it('lets go of a removed tab, and not of a tab written to again', async () => {
    const s = new CoalescingStorage(new MemoryStorage());
    await s.write({ record: newTabRecord(1), connections: [], frames: [frame(0)] });
    await s.write({ record: newTabRecord(2), connections: [], frames: [frame(0)] });
    await s.clear(1);
    expect(s.laneCount()).toBe(1);
    const cleared = s.clear(2);
    const again = s.write({ record: newTabRecord(2), connections: [], frames: [frame(1)] });
    await Promise.all([cleared, again]);
    expect(s.laneCount()).toBe(1);
    expect((await s.load(2))?.frames.map((f) => f.index)).toEqual([1]);
  });

  it('keeps tabs apart', async () => {
    const g = gatedStorage();
    const s = new CoalescingStorage(g.storage);
    void s.write({ record: newTabRecord(1), connections: [], frames: [frame(0)] });
    void s.write({ record: newTabRecord(2), connections: [], frames: [frame(0)] });
    await tick();
    expect(g.calls).toEqual(['write 0', 'write 0']);
  });
});

describe('CoalescingStorage with a gap between writes', () => {
  it('holds a write that follows another within the gap, gathering what comes meanwhile', async () => {
    const memory = new MemoryStorage();
    const sizes: number[] = [];
    const inner = Object.assign(Object.create(memory) as MemoryStorage, {
      write: (w: TabWrite) => (sizes.push(w.frames.length), memory.write(w)),
    });
    const run = async (gapMs: number) => {
      sizes.length = 0;
      const s = new CoalescingStorage(inner, gapMs);
      const record = newTabRecord(1);
      await s.write({ record, connections: [], frames: [frame(0)] });
      const first = s.write({ record, connections: [], frames: [frame(1)] });
      await tick();
      await tick();
      await Promise.all([first, s.write({ record, connections: [], frames: [frame(2)] }), s.write({ record, connections: [], frames: [frame(3)] })]);
      return [...sizes];
    };
    // Without a gap the second write has gone out alone before the others come.
    expect(await run(0)).toEqual([1, 1, 2]);
    await memory.clear(1);
    expect(await run(40)).toEqual([1, 3]);
    expect((await memory.load(1))?.frames.map((f) => f.index)).toEqual([0, 1, 2, 3]);
  });
});
