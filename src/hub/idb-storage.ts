// IndexedDB storage for the hub (through `idb`). Chosen over storage.session because frames are
// appended as separate records, so a batch costs a write proportional to the batch rather than a
// rewrite of the whole tab, and because storage.session's 10 MB quota would be used up by a few
// large frames. IndexedDB outlives the browser session too, so the hub wipes it on browser start.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Connection, Frame } from '../model/frame';
import { MemoryStorage, type HubStorage, type StoredTab, type TabRecord, type TabWrite } from './storage';

interface HubDb extends DBSchema {
  tabs: { key: number; value: TabRecord };
  connections: { key: [number, string]; value: { tabId: number; connection: Connection } };
  frames: { key: [number, number]; value: { tabId: number; frame: Frame } };
}

const tabRange = (tabId: number) => IDBKeyRange.bound([tabId, -Infinity], [tabId, Infinity]);
const connectionRange = (tabId: number) => IDBKeyRange.bound([tabId, ''], [tabId, '\uffff']);

export class IdbStorage implements HubStorage {
  private db: Promise<IDBPDatabase<HubDb>>;

  constructor(name = 'agent-stream-inspector-hub') {
    this.db = openDB<HubDb>(name, 1, {
      upgrade(db) {
        db.createObjectStore('tabs', { keyPath: 'tabId' });
        db.createObjectStore('connections', { keyPath: ['tabId', 'connection.id'] });
        db.createObjectStore('frames', { keyPath: ['tabId', 'frame.index'] });
      },
    });
  }

  /** Resolves once the database is open; rejects when IndexedDB is unavailable. */
  async opened(): Promise<void> {
    await this.db;
  }

  async load(tabId: number): Promise<StoredTab | undefined> {
    const db = await this.db;
    const tx = db.transaction(['tabs', 'connections', 'frames'], 'readonly');
    const [record, connections, frames] = await Promise.all([
      tx.objectStore('tabs').get(tabId),
      tx.objectStore('connections').getAll(connectionRange(tabId)),
      tx.objectStore('frames').getAll(tabRange(tabId)),
      tx.done,
    ]);
    if (!record) return undefined;
    return { record, connections: connections.map((c) => c.connection), frames: frames.map((f) => f.frame) };
  }

  async write(write: TabWrite): Promise<void> {
    const db = await this.db;
    const tabId = write.record.tabId;
    const tx = db.transaction(['tabs', 'connections', 'frames'], 'readwrite');
    const frames = tx.objectStore('frames');
    if (write.dropBelow !== undefined) void frames.delete(IDBKeyRange.bound([tabId, -Infinity], [tabId, write.dropBelow], false, true));
    for (const frame of write.frames) void frames.put({ tabId, frame });
    const connections = tx.objectStore('connections');
    for (const connection of write.connections) void connections.put({ tabId, connection });
    void tx.objectStore('tabs').put(write.record);
    await tx.done;
  }

  async clear(tabId: number, keep?: TabRecord): Promise<void> {
    const db = await this.db;
    const tx = db.transaction(['tabs', 'connections', 'frames'], 'readwrite');
    void tx.objectStore('frames').delete(tabRange(tabId));
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
    const tx = db.transaction(['tabs', 'connections', 'frames'], 'readwrite');
    await Promise.all([tx.objectStore('tabs').clear(), tx.objectStore('connections').clear(), tx.objectStore('frames').clear(), tx.done]);
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
