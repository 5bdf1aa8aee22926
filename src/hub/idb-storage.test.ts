// The IndexedDB storage (batches as records, keyed by their last frame) must read back exactly what
// the in-memory storage does after any sequence of writes, buffer-bound drops and clears.
// fake-indexeddb gives Node a complete IndexedDB implementation.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../model/frame';
import { IdbStorage } from './idb-storage';
import { MemoryStorage, newTabRecord, type HubStorage, type TabRecord } from './storage';

type Op = { kind: 'write'; tab: number; frames: number; drop: number | undefined } | { kind: 'clear'; tab: number; keep: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('write' as const), tab: fc.integer({ min: 1, max: 2 }), frames: fc.integer({ min: 0, max: 6 }), drop: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), tab: fc.integer({ min: 1, max: 2 }), keep: fc.boolean() }) },
);

let dbCount = 0;

/** Applies the operations to a storage the way the hub does: indexes grow per tab, a drop moves firstIndex, a clear numbers from 0 again. */
async function run(storage: HubStorage, ops: readonly Op[]): Promise<void> {
  const records = new Map<number, TabRecord>();
  const record = (tab: number) => records.get(tab) ?? records.set(tab, newTabRecord(tab)).get(tab)!;
  for (const o of ops) {
    const r = record(o.tab);
    if (o.kind === 'clear') {
      r.firstIndex = 0;
      r.nextIndex = 0;
      await storage.clear(o.tab, o.keep ? r : undefined);
      if (!o.keep) records.delete(o.tab);
      continue;
    }
    const frames: Frame[] = [];
    for (let i = 0; i < o.frames; i++) {
      const index = r.nextIndex++;
      frames.push({ index, connectionId: `${o.tab}.c`, time: index, direction: 'in', kind: 'message', data: `{"i":${index}}` });
    }
    const connections: Connection[] = o.frames > 0 ? [{ id: `${o.tab}.c`, transport: 'websocket', url: `ws://127.0.0.1/${r.nextIndex}` }] : [];
    let dropBelow: number | undefined;
    if (o.drop !== undefined) {
      dropBelow = Math.min(r.nextIndex, r.firstIndex + o.drop);
      r.firstIndex = dropBelow;
    }
    await storage.write({ record: structuredClone(r), connections, frames, ...(dropBelow !== undefined && { dropBelow }) });
  }
}

describe('IdbStorage', () => {
  it('reads back what MemoryStorage does after any writes, drops and clears', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const idb = new IdbStorage(`test-${++dbCount}`);
        const memory = new MemoryStorage();
        await run(idb, ops);
        await run(memory, ops);
        expect((await idb.tabIds()).sort()).toEqual((await memory.tabIds()).sort());
        for (const tab of [1, 2]) expect(await idb.load(tab)).toEqual(await memory.load(tab));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the kept part of a batch that straddles the buffer bound', async () => {
    const idb = new IdbStorage(`test-${++dbCount}`);
    await run(idb, [{ kind: 'write', tab: 1, frames: 5, drop: undefined }, { kind: 'write', tab: 1, frames: 2, drop: 3 }]);
    const loaded = await idb.load(1);
    expect(loaded?.frames.map((f) => f.index)).toEqual([3, 4, 5, 6]);
    expect(loaded?.record.firstIndex).toBe(3);
  });

  it('does not bring back a capture whose clear the worker did not live to store', async () => {
    const idb = new IdbStorage(`test-${++dbCount}`);
    await run(idb, [{ kind: 'write', tab: 1, frames: 5, drop: undefined }]);
    // The hub's write of the old capture's last batch ran after the clear had numbered the record from 0
    // again (the write holds the tab's record), and the worker stopped before the clear itself ran.
    const old: Frame[] = [5, 6].map((index) => ({ index, connectionId: '1.c', time: index, direction: 'in', kind: 'message', data: '{}' }));
    await idb.write({ record: newTabRecord(1), connections: [], frames: old });
    expect((await idb.load(1))?.frames).toEqual([]);
    // The new capture's frames read back alone, also once they are numbered past the old records' keys.
    const record = { ...newTabRecord(1), nextIndex: 8 };
    const fresh: Frame[] = Array.from({ length: 8 }, (_, index) => ({ index, connectionId: '1.c', time: index, direction: 'in', kind: 'message', data: '{"new":1}' }));
    await idb.write({ record, connections: [], frames: fresh });
    expect((await idb.load(1))?.frames.map((f) => [f.index, f.data])).toEqual(fresh.map((f) => [f.index, f.data]));
  });

  it('forgets everything on clearAll', async () => {
    const idb = new IdbStorage(`test-${++dbCount}`);
    await run(idb, [{ kind: 'write', tab: 1, frames: 2, drop: undefined }, { kind: 'write', tab: 2, frames: 1, drop: undefined }]);
    await idb.clearAll();
    expect(await idb.tabIds()).toEqual([]);
    expect(await idb.load(1)).toBeUndefined();
  });
});
