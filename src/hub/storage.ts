// Where the hub keeps captured tabs so that a stopped service worker loses nothing. The hub writes
// each accepted batch (new frames, changed connections, the tab record) before it acknowledges
// the batch to the relay, and reads a tab back before touching it after a cold start.
import type { Connection, Frame } from '../model/frame';
import { pushAll } from '../model/push-all';

/** A tab's counters, switches and relay bookkeeping (everything except frames and connections). */
export interface TabRecord {
  tabId: number;
  /** The capture index the next frame gets. */
  nextIndex: number;
  /** Frames below this index were dropped by the buffer bound. */
  firstIndex: number;
  dropped: number;
  cut: number;
  rejected: number;
  ignored: number;
  preserveLog: boolean;
  recording: boolean;
  /** Per relay document: its short key (prefix of its connection ids), last stored batch, reported totals. */
  documents: Record<string, DocumentRecord>;
  nextDocumentKey: number;
  /** What the hook could not capture on the tab's pages, and why (absent in records stored before). */
  degraded?: string[];
  /** Errors the hook caught in its own code. */
  hookErrors?: number;
  /** Payloads past the capture budget that the hook counted and did not hand over. */
  notKept?: number;
}

export interface DocumentRecord {
  key: number;
  lastSeq: number;
  dropped: number;
  rejected: number;
  /** The hook's error count last reported by this document. */
  errors?: number;
  /** The hook's count of payloads not kept, last reported by this document. */
  notKept?: number;
  /** The document's returns from the back/forward cache, as its batches last said; absent: none. */
  visit?: number;
  /**
   * Set when the tab navigated away from the page this document belonged to (at `at`, the commit's
   * time in ms since the epoch, on its visit `visit`); taken off when it comes back from the cache.
   */
  left?: { at: number; visit: number };
  /** The document's last batch said its page was being left (pagehide), and none since. */
  hidden?: true;
  /** The document is being prerendered: its messages are held until its page is shown (tab.ts). */
  prerendering?: true;
}

export interface StoredTab {
  record: TabRecord;
  connections: Connection[];
  frames: Frame[];
}

export interface TabWrite {
  record: TabRecord;
  /** Connections that are new or changed. */
  connections: readonly Connection[];
  frames: readonly Frame[];
  /** Delete stored frames with an index below this one (buffer bound). */
  dropBelow?: number;
}

export interface HubStorage {
  load(tabId: number): Promise<StoredTab | undefined>;
  write(write: TabWrite): Promise<void>;
  /** Deletes the tab's frames and connections; keeps the record when one is given (settings survive a clear). */
  clear(tabId: number, keep?: TabRecord): Promise<void>;
  tabIds(): Promise<number[]>;
  clearAll(): Promise<void>;
}

export function newTabRecord(tabId: number): TabRecord {
  return {
    tabId,
    nextIndex: 0,
    firstIndex: 0,
    dropped: 0,
    cut: 0,
    rejected: 0,
    ignored: 0,
    preserveLog: false,
    recording: true,
    documents: {},
    nextDocumentKey: 1,
  };
}

/** Keeps everything in memory: used by unit tests and when IndexedDB cannot be opened. */
export class MemoryStorage implements HubStorage {
  private readonly tabs = new Map<number, StoredTab>();

  async load(tabId: number): Promise<StoredTab | undefined> {
    const tab = this.tabs.get(tabId);
    return tab && structuredClone(tab);
  }

  async write(write: TabWrite): Promise<void> {
    const tab = this.tabs.get(write.record.tabId) ?? { record: write.record, connections: [], frames: [] };
    tab.record = structuredClone(write.record);
    for (const c of write.connections) {
      const at = tab.connections.findIndex((x) => x.id === c.id);
      if (at >= 0) tab.connections[at] = structuredClone(c);
      else tab.connections.push(structuredClone(c));
    }
    pushAll(tab.frames, structuredClone(write.frames));
    // After the push: a batch larger than what the bound keeps loses its own oldest frames too.
    if (write.dropBelow !== undefined) tab.frames = tab.frames.filter((f) => f.index >= write.dropBelow!);
    this.tabs.set(write.record.tabId, tab);
  }

  async clear(tabId: number, keep?: TabRecord): Promise<void> {
    if (keep) this.tabs.set(tabId, { record: structuredClone(keep), connections: [], frames: [] });
    else this.tabs.delete(tabId);
  }

  async tabIds(): Promise<number[]> {
    return [...this.tabs.keys()];
  }

  async clearAll(): Promise<void> {
    this.tabs.clear();
  }
}
