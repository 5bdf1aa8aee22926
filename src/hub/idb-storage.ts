// IndexedDB storage for the hub (through `idb`). Chosen over storage.session because batches are
// appended as separate records, so a batch costs a write proportional to the batch rather than a
// rewrite of the whole tab, and because storage.session's 10 MB quota would be used up by a few
// large frames. IndexedDB outlives the browser session too, so the hub wipes it on browser start.
// One record holds a whole batch's frames packed by field (bridge/packed-frames.ts: the payloads as one
// string, the other fields as arrays of numbers), not a record per frame: that made the browser
// process's IndexedDB work (key encoding, value copying, the database write) per frame, and that
// CPU is taken from the page being captured. (JSON text of the frame objects, as before, was a string
// of their keys again for every frame, made in the worker on every write.) A record is keyed by its last frame's index, so the
// buffer bound deletes whole records below it by key range and drops the rest of a record that
// straddles the bound when reading it back.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Connection, Frame } from '../model/frame';
import { packFrames, unpackFrames, type PackedFrames } from '../bridge/packed-frames';
import { MemoryStorage, type HubStorage, type StoredTab, type TabRecord, type TabWrite } from './storage';

/** Consecutive frames of one tab; `last` is the index of the last of them. */
interface FrameRecord {
  tabId: number;
  last: number;
  packed: PackedFrames;
}

interface HubDb extends DBSchema {
  tabs: { key: number; value: TabRecord };
  connections: { key: [number, string]; value: { tabId: number; connection: Connection } };
  batches: { key: [number, number]; value: FrameRecord };
}

const STORES = ['tabs', 'connections', 'batches'] as const;

const tabRange = (tabId: number) => IDBKeyRange.bound([tabId, -Infinity], [tabId, Infinity]);
const connectionRange = (tabId: number) => IDBKeyRange.bound([tabId, ''], [tabId, '\uffff']);

export class IdbStorage implements HubStorage {
  private db: Promise<IDBPDatabase<HubDb>>;

  constructor(name = 'agent-stream-inspector-hub') {
    this.db = openDB<HubDb>(name, 3, {
      upgrade(db) {
        // Captures are throwaway (wiped on browser start): an older layout is dropped, not migrated.
        for (const store of [...db.objectStoreNames]) db.deleteObjectStore(store);
        db.createObjectStore('tabs', { keyPath: 'tabId' });
        db.createObjectStore('connections', { keyPath: ['tabId', 'connection.id'] });
        db.createObjectStore('batches', { keyPath: ['tabId', 'last'] });
      },
    });
  }

  /** Resolves once the database is open; rejects when IndexedDB is unavailable. */
  async opened(): Promise<void> {
    await this.db;
  }

  async load(tabId: number): Promise<StoredTab | undefined> {
    const db = await this.db;
    const tx = db.transaction(STORES, 'readonly');
    const [record, connections, batches] = await Promise.all([
      tx.objectStore('tabs').get(tabId),
      tx.objectStore('connections').getAll(connectionRange(tabId)),
      tx.objectStore('batches').getAll(tabRange(tabId)),
      tx.done,
    ]);
    if (!record) return undefined;
    const frames: Frame[] = [];
    const stale: number[] = [];
    for (const batch of batches) {
      // Every frame of the capture is numbered below the record's nextIndex. A record at or past it
      // belongs to a capture before a clear (numbers start at 0 again) that the worker stopped before
      // deleting: it is not read, and deleted now.
      if (batch.last >= record.nextIndex) {
        stale.push(batch.last);
        continue;
      }
      for (const frame of unpackFrames(batch.packed)) if (frame.index >= record.firstIndex) frames.push(frame);
    }
    if (stale.length > 0) {
      const cleanup = db.transaction('batches', 'readwrite');
      for (const last of stale) void cleanup.store.delete([tabId, last]);
      await cleanup.done;
    }
    return { record, connections: connections.map((c) => c.connection), frames };
  }

  async write(write: TabWrite): Promise<void> {
    const db = await this.db;
    const tabId = write.record.tabId;
    const tx = db.transaction(STORES, 'readwrite');
    const batches = tx.objectStore('batches');
    // Records whose last frame is below the bound hold nothing that is kept.
    if (write.dropBelow !== undefined) void batches.delete(IDBKeyRange.bound([tabId, -Infinity], [tabId, write.dropBelow], false, true));
    const last = write.frames.at(-1);
    if (last) void batches.put({ tabId, last: last.index, packed: packFrames(write.frames) });
    const connections = tx.objectStore('connections');
    for (const connection of write.connections) void connections.put({ tabId, connection });
    void tx.objectStore('tabs').put(write.record);
    await tx.done;
  }

  async clear(tabId: number, keep?: TabRecord): Promise<void> {
    const db = await this.db;
    const tx = db.transaction(STORES, 'readwrite');
    void tx.objectStore('batches').delete(tabRange(tabId));
    void tx.objectStore('connections').delete(connectionRange(tabId));
    if (keep) void tx.objectStore('tabs').put(keep);
    else void tx.objectStore('tabs').delete(tabId);
    await tx.done;
  }

  async tabIds(): Promise<number[]> {
    return (await this.db).getAllKeys('tabs');
  }

  async clearAll(): Promise<void> {
    const db = await this.db;
    const tx = db.transaction(STORES, 'readwrite');
    await Promise.all([tx.objectStore('tabs').clear(), tx.objectStore('connections').clear(), tx.objectStore('batches').clear(), tx.done]);
  }
}

/**
 * IndexedDB when it opens, memory otherwise (a profile where IndexedDB is disabled): capturing
 * goes on either way, only the survival of a worker stop is lost in the second case.
 */
export function openHubStorage(): HubStorage {
  const idb = new IdbStorage();
  const chosen: Promise<HubStorage> = idb.opened().then(
    () => idb,
    (err: unknown) => {
      console.warn('agent-stream-inspector: IndexedDB unavailable, keeping captures in memory only', err);
      return new MemoryStorage();
    },
  );
  return {
    load: async (tabId) => (await chosen).load(tabId),
    write: async (write) => (await chosen).write(write),
    clear: async (tabId, keep) => (await chosen).clear(tabId, keep),
    tabIds: async () => (await chosen).tabIds(),
    clearAll: async () => (await chosen).clearAll(),
  };
}
