// A read-only view of the hub for tests (`serviceWorker.evaluate(() => __asiDebug…)`). Reads go
// through the tab queues, so they see a tab hydrated after a cold start, like a panel would.
import type { Frame } from '../model/frame';
import type { SessionSummary } from '../bridge/shared-schemas';
import type { Hub } from './hub';
import type { DocumentRecord, HubStorage } from './storage';
import type { TabLimits } from './tab';

export interface TabDebugInfo {
  tabId: number;
  frames: number;
  connections: number;
  dropped: number;
  rejected: number;
  cut: number;
  /** Payloads past the capture budget the hook counted and did not hand over. */
  notKept: number;
  firstIndex: number;
  nextIndex: number;
}

export interface HubDebugApi {
  /** Changes every time the service worker starts: tests see a restart through it. */
  readonly bootId: string;
  memoryTabIds(): number[];
  tabs(): Promise<TabDebugInfo[]>;
  frames(tabId: number): Promise<Frame[]>;
  sessions(tabId: number): Promise<SessionSummary[]>;
  /** The documents the tab's relays spoke for, by the key their connection ids carry. */
  documents(tabId: number): Promise<DocumentRecord[]>;
  refused(): { ports: number; messages: number };
  /**
   * Every batch the relays of the tabs in memory sent is written to storage, and so acknowledged to
   * them: a worker stopped now leaves no relay with a reason to connect again by itself.
   */
  written(): Promise<boolean>;
  /** Sets every tab's bound (tests that pass a small bound without sending hundreds of megabytes). */
  setLimits(limits: TabLimits): void;
}

export function createDebugApi(hub: Hub, storage: HubStorage): HubDebugApi {
  const info = (tabId: number) =>
    hub.inTab(tabId, async () => {
      const tab = await hub.tab(tabId, false);
      if (!tab) return undefined;
      const r = tab.record;
      return {
        tabId,
        frames: tab.frameStore.length,
        connections: tab.connections.size,
        dropped: r.dropped,
        rejected: r.rejected,
        cut: r.cut,
        notKept: r.notKept ?? 0,
        firstIndex: r.firstIndex,
        nextIndex: r.nextIndex,
      };
    });
  return {
    bootId: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
    memoryTabIds: () => hub.memoryTabIds(),
    async tabs() {
      const ids = new Set([...(await storage.tabIds()), ...hub.memoryTabIds()]);
      const all = await Promise.all([...ids].map(info));
      return all.filter((t): t is TabDebugInfo => t !== undefined);
    },
    frames: (tabId) => hub.inTab(tabId, async () => (await hub.tab(tabId, false))?.frameList() ?? []),
    sessions: (tabId) => hub.inTab(tabId, async () => (await hub.tab(tabId, false))?.sessions.summaries({ findings: true }) ?? []),
    documents: (tabId) => hub.inTab(tabId, async () => Object.values((await hub.tab(tabId, false))?.record.documents ?? {}).map((doc) => structuredClone(doc))),
    refused: () => ({ ...hub.refused }),
    async written() {
      const tabs = await Promise.all(
        hub.memoryTabIds().map((tabId) =>
          hub.inTab(tabId, async () => {
            const [tab, stored] = await Promise.all([hub.tab(tabId, false), storage.load(tabId)]);
            const documents = stored?.record.documents ?? {};
            return Object.entries(tab?.record.documents ?? {}).every(([id, doc]) => documents[id]?.lastSeq === doc.lastSeq);
          }),
        ),
      );
      return tabs.every(Boolean);
    },
    setLimits: (limits) => hub.setLimits(limits),
  };
}
