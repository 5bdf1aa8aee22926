// Storage operations of one tab run one at a time and in order; writes that wait behind a running
// operation merge into one. Under a burst the hub therefore makes one database transaction per
// round trip rather than one per relay batch: IndexedDB's work happens in the browser process, on
// the cores the captured page needs too. The promise of each write still resolves only once what it
// carried is stored, so the hub acknowledges nothing early.
import type { Connection, Frame } from '../model/frame';
import type { HubStorage, StoredTab, TabRecord, TabWrite } from './storage';

interface MergedWrite {
  record: TabRecord;
  connections: Map<string, Connection>;
  frames: Frame[];
  dropBelow: number | undefined;
}

interface Lane {
  /** When the last write of the tab started (performance.now()). */
  lastWrite: number;
  /** Settles when the last queued operation of the tab has run. */
  tail: Promise<unknown>;
  /** A write queued and not started yet: later writes join it. */
  waiting: { write: MergedWrite; done: Promise<void> } | undefined;
}

export class CoalescingStorage implements HubStorage {
  private readonly lanes = new Map<number, Lane>();

  /**
   * `minGapMs`: a write that follows another within this many milliseconds waits for the rest of
   * the gap, gathering what arrives meanwhile. 0 writes as soon as the previous write is done.
   */
  constructor(
    private readonly inner: HubStorage,
    private readonly minGapMs = 0,
  ) {}

  write(write: TabWrite): Promise<void> {
    const lane = this.lane(write.record.tabId);
    const waiting = lane.waiting;
    if (waiting) {
      merge(waiting.write, write);
      return waiting.done;
    }
    const merged: MergedWrite = { record: write.record, connections: new Map(), frames: [], dropBelow: undefined };
    merge(merged, write);
    const entry = { write: merged, done: Promise.resolve() };
    entry.done = this.enqueue(lane, async () => {
      const wait = lane.lastWrite + this.minGapMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lane.lastWrite = performance.now();
      // Started: from now on a write queues anew, behind this one.
      if (lane.waiting === entry) lane.waiting = undefined;
      const out: TabWrite = { record: merged.record, connections: [...merged.connections.values()], frames: merged.frames };
      return this.inner.write(merged.dropBelow === undefined ? out : { ...out, dropBelow: merged.dropBelow });
    });
    lane.waiting = entry;
    return entry.done;
  }

  load(tabId: number): Promise<StoredTab | undefined> {
    return this.barrier(tabId, () => this.inner.load(tabId));
  }

  clear(tabId: number, keep?: TabRecord): Promise<void> {
    const done = this.barrier(tabId, () => this.inner.clear(tabId, keep));
    if (keep) return done;
    // The tab is gone (closed or forgotten): its lane goes too, unless something was queued after.
    const lane = this.lanes.get(tabId)!;
    const tail = lane.tail;
    return done.finally(() => {
      if (lane.tail === tail && !lane.waiting && this.lanes.get(tabId) === lane) this.lanes.delete(tabId);
    });
  }

  /** Tabs with a lane (tests: lanes of removed tabs must not pile up). */
  laneCount(): number {
    return this.lanes.size;
  }

  tabIds(): Promise<number[]> {
    return this.inner.tabIds();
  }

  async clearAll(): Promise<void> {
    await Promise.all([...this.lanes.values()].map((lane) => lane.tail));
    this.lanes.clear();
    await this.inner.clearAll();
  }

  /** An operation nothing may merge across: a later write must not join a write queued before it. */
  private barrier<T>(tabId: number, op: () => Promise<T>): Promise<T> {
    const lane = this.lane(tabId);
    lane.waiting = undefined;
    return this.enqueue(lane, op);
  }

  private enqueue<T>(lane: Lane, op: () => Promise<T>): Promise<T> {
    const run = lane.tail.then(op);
    lane.tail = run.catch(() => undefined);
    return run;
  }

  private lane(tabId: number): Lane {
    let lane = this.lanes.get(tabId);
    if (!lane) this.lanes.set(tabId, (lane = { lastWrite: -Infinity, tail: Promise.resolve(), waiting: undefined }));
    return lane;
  }
}

function merge(into: MergedWrite, write: TabWrite): void {
  into.record = write.record;
  for (const c of write.connections) into.connections.set(c.id, c);
  for (const f of write.frames) into.frames.push(f);
  if (write.dropBelow !== undefined) into.dropBelow = Math.max(into.dropBelow ?? write.dropBelow, write.dropBelow);
}
