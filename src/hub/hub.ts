// The capture hub in the background service worker: accepts relay and panel ports, keeps every
// tab's capture (hydrated from storage before it is touched after a cold start), persists each
// batch before acknowledging it, and fans changes out to the panels subscribed to the tab.
import type { ProtocolDefinition } from '../protocols/types';
import type { HubToPanel } from '../bridge/hub-to-panel';
import { fastRelayBatch, RELAY_PORT_NAME, RelayToHubSchema, type RelayBatch, type RelayToHub } from '../bridge/relay-to-hub';
import type { HubToRelay } from '../bridge/hub-to-relay';
import { PANEL_PORT_NAME, PanelToHubSchema, type PanelToHub } from '../bridge/panel-to-hub';
import { TypedPort, type PortLike } from '../bridge/typed-port';
import { Tab, type BatchResult, type TabLimits } from './tab';
import type { HubStorage } from './storage';
import { TabQueues } from './tab-queues';
import { CoalescingStorage } from './coalescing-storage';
import { PanelFeed } from './panel-feed';
import { AnswerRoutes, type AnswerRouting } from './answer-route';

export interface IncomingPort extends PortLike {
  readonly sender?: { id?: string; url?: string; tab?: { id?: number } };
}

export interface HubOptions {
  storage: HubStorage;
  registry: readonly ProtocolDefinition[];
  extensionId: string;
  /** `chrome-extension://<id>/`: panel ports must come from pages under it, relay ports must not. */
  extensionOrigin: string;
  limits?: TabLimits;
  /** Least time between two writes of one tab's batches (see CoalescingStorage); 0 by default. */
  writeGapMs?: number;
  /**
   * Asks the relay of document `document` in tab `tabId` to connect again (wake-relay.ts): an answer
   * from the panel needs its port and the worker stopped since it last sent. Without it such an
   * answer is refused at once.
   */
  wakeRelay?: (tabId: number, document: string) => void;
}

/** How long an answer waits for a woken relay to connect before it is refused. */
const WAKE_WAIT_MS = 5_000;

type PanelPort = TypedPort<HubToPanel, PanelToHub>;

export class Hub {
  private readonly tabs = new Map<number, Tab>();
  private readonly queues = new TabQueues();
  /** Per tab, its panels, each fed under flow control (see PanelFeed). */
  private readonly panels = new Map<number, Map<PanelPort, PanelFeed>>();
  private ready: Promise<void> = Promise.resolve();
  private readonly storage: HubStorage;
  private limits: TabLimits | undefined;
  /** The relay port of each document, for answers from the panel. */
  private readonly answers = new AnswerRoutes();
  /** Ports refused or messages that failed validation, for the debug hook. */
  readonly refused = { ports: 0, messages: 0 };

  constructor(private readonly options: HubOptions) {
    this.storage = new CoalescingStorage(options.storage, options.writeGapMs);
    this.limits = options.limits;
  }

  acceptPort(raw: IncomingPort): void {
    const sender = raw.sender;
    const fromUs = sender?.id === this.options.extensionId;
    const fromExtensionPage = fromUs && (sender?.url ?? '').startsWith(this.options.extensionOrigin);
    const tabId = sender?.tab?.id;
    if (raw.name === RELAY_PORT_NAME && fromUs && !fromExtensionPage && typeof tabId === 'number' && tabId >= 0) {
      this.acceptRelay(raw, tabId);
    } else if (raw.name === PANEL_PORT_NAME && fromExtensionPage) {
      this.acceptPanel(raw);
    } else {
      this.refused.ports++;
      raw.disconnect();
    }
  }

  /**
   * A top-level navigation committed in the tab (at `committedAt`, ms since the epoch, where the
   * browser says): start afresh unless the log is preserved.
   */
  onNavigation(tabId: number, committedAt?: number): Promise<void> {
    return this.queues.run(tabId, async () => {
      const tab = await this.tab(tabId, false);
      if (!tab) return;
      tab.navigated();
      if (tab.record.preserveLog) return;
      const marked = committedAt !== undefined && Number.isFinite(committedAt);
      if (marked) tab.markLeft(committedAt);
      if (tab.frameStore.length > 0 || tab.connections.size > 0) return this.clearTab(tab, false);
      // Nothing to clear, but the marks are stored (the clear stores them with the record otherwise).
      if (marked) await this.storage.write({ record: tab.record, connections: [], frames: [] });
    });
  }

  onTabRemoved(tabId: number): Promise<void> {
    return this.queues.run(tabId, async () => {
      this.tabs.delete(tabId);
      this.answers.forgetTab(tabId);
      await this.ready;
      await this.storage.clear(tabId);
      this.send(tabId, { type: 'cleared', tabId });
    });
  }

  /** Forgets every stored tab (browser start: tab ids begin again and would match stale records). */
  resetAll(): Promise<void> {
    this.tabs.clear();
    this.ready = this.ready.then(() => this.storage.clearAll()).catch(() => undefined);
    return this.ready;
  }

  /** Deletes stored tabs that are no longer open (their close event came while nothing listened). */
  async pruneClosed(openTabIds: readonly number[]): Promise<void> {
    await this.ready;
    const open = new Set(openTabIds);
    for (const id of await this.storage.tabIds()) if (!open.has(id)) await this.onTabRemoved(id);
  }

  /** The tab, hydrated from storage on first use after a cold start. */
  async tab(tabId: number, create = true): Promise<Tab | undefined> {
    let tab = this.tabs.get(tabId);
    if (tab) return tab;
    await this.ready;
    const stored = await this.storage.load(tabId);
    if (!stored && !create) return undefined;
    tab = new Tab(tabId, this.options.registry, this.limits, stored);
    this.tabs.set(tabId, tab);
    return tab;
  }

  /** Runs `work` in the tab's queue (after any pending batch of that tab). */
  inTab<T>(tabId: number, work: () => Promise<T>): Promise<T> {
    return this.queues.run(tabId, work);
  }

  private acceptRelay(raw: IncomingPort, tabId: number): void {
    const port = new TypedPort<HubToRelay, RelayToHub>(raw, RelayToHubSchema, { onInvalid: () => this.refused.messages++, fast: fastRelayBatch });
    let document: string | undefined;
    port.onDisconnect(() => this.answers.forget(port));
    port.onMessage((batch) => {
      // One relay port serves one document; a port may not speak for another.
      document ??= batch.document;
      if (batch.document !== document) return void this.refused.messages++;
      void this.queues.run(tabId, () => this.storeBatch(tabId, batch, port));
    });
  }

  /**
   * Runs in the tab's queue, which the write does not hold up: batches that arrive while a write is
   * under way are applied at once and stored together by the next write (see CoalescingStorage).
   * The relay hears of a batch only once it is stored.
   */
  private async storeBatch(tabId: number, batch: RelayBatch, port: TypedPort<HubToRelay, RelayToHub>): Promise<void> {
    const tab = (await this.tab(tabId))!;
    const counters = statusKey(tab);
    const result = tab.applyBatch(batch);
    const documents = tab.record.documents;
    if (Object.hasOwn(documents, batch.document)) this.answers.note(tabId, documents[batch.document]!.key, port);
    // A resend of a batch stored before (or still being stored): its acknowledgement waits for that write too.
    const write = result.duplicate
      ? { record: tab.record, connections: [], frames: [] }
      : { record: tab.record, connections: result.connections, frames: result.frames, ...(result.dropBelow !== undefined && { dropBelow: result.dropBelow }) };
    const stored = this.storage.write(write).catch((err: unknown) => {
      // Still acknowledged: the frames are in memory, and a relay resending forever would be worse.
      console.warn('agent-stream-inspector: could not persist a batch', err);
    });
    if (!result.duplicate) {
      if (this.watched(tabId)) this.tellPanels(tab, result);
      if (counters !== statusKey(tab)) this.send(tabId, { type: 'status', ...tab.status() });
    }
    // The sequence number alone waits for the write: the batch's messages can go as soon as they are applied.
    const seq = batch.seq;
    void stored.then(() => port.post({ type: 'ack', seq }));
  }

  private tellPanels(tab: Tab, result: BatchResult): void {
    const tabId = tab.record.tabId;
    // The panel drops what the hub dropped: a message of a few bytes, not the buffer again.
    if (result.dropBelow !== undefined) this.send(tabId, { type: 'trim', tabId, below: result.dropBelow });
    // A regroup is a summary of the joined session (it lists the connections it took) and the ids
    // of the sessions it emptied: the panel refolds the sessions concerned, never the whole tab.
    const removedSessions = result.removedSessions;
    if (result.frames.length === 0 && result.connections.length === 0 && result.sessions.size === 0 && removedSessions.length === 0) return;
    const sessions = [...result.sessions].map((id) => tab.sessions.summary(id)!).filter(Boolean);
    // Each panel gets the new frames as its window allows (frames the bound dropped are no longer there).
    const news = { connections: result.connections, sessions, removedSessions };
    for (const [port, feed] of this.panels.get(tabId) ?? []) if (!feed.pump(tab, news)) this.unwatch(tabId, port);
  }

  private acceptPanel(raw: IncomingPort): void {
    const port: PanelPort = new TypedPort<HubToPanel, PanelToHub>(raw, PanelToHubSchema, { onInvalid: () => this.refused.messages++ });
    let tabId: number | undefined;
    port.onDisconnect(() => {
      if (tabId !== undefined) this.unwatch(tabId, port);
    });
    port.onMessage((message) => {
      if (message.type === 'subscribe') {
        if (tabId !== undefined) this.unwatch(tabId, port);
        const id = (tabId = message.tabId);
        void this.queues.run(id, async () => {
          const tab = (await this.tab(id))!;
          if (!this.panels.has(id)) this.panels.set(id, new Map());
          const feed = new PanelFeed((m) => port.post(m));
          this.panels.get(id)!.set(port, feed);
          if (!feed.snapshot(tab)) this.unwatch(id, port);
        });
      } else if (tabId !== undefined) {
        const id = tabId;
        void this.queues.run(id, async () => this.panelRequest((await this.tab(id))!, message, port));
      }
    });
  }

  private async panelRequest(tab: Tab, message: PanelToHub, port: PanelPort): Promise<void> {
    const tabId = tab.record.tabId;
    switch (message.type) {
      case 'clear':
        return this.clearTab(tab, true);
      case 'setPreserveLog':
      case 'setRecording':
        if (message.type === 'setPreserveLog') tab.record.preserveLog = message.value;
        else tab.record.recording = message.value;
        await this.storage.write({ record: tab.record, connections: [], frames: [] });
        // The panel that asked is told which status answers it; until then it shows what was clicked.
        return this.sendStatus(tab, message.type === 'setPreserveLog' && message.requestId !== undefined ? { port, requestId: message.requestId } : undefined);
      case 'export':
        port.post({ type: 'export', requestId: message.requestId, capture: tab.capture(), dropped: tab.record.dropped });
        return;
      case 'applied': {
        const feed = this.panels.get(tabId)?.get(port);
        if (feed && !feed.applied(tab, message.frames)) this.unwatch(tabId, port);
        return;
      }
      case 'answer': {
        // Only what a panel of this tab sent, checked by the port's schema; the relay and the hook check again.
        port.post({ type: 'answerReceived', answerId: message.answerId });
        const routing = this.answers.route(tabId, tab.connections, message);
        const key = 'relayGone' in routing ? routing.relayGone : undefined;
        const document = key !== undefined ? documentIdOf(tab, key) : undefined;
        if (key === undefined || document === undefined || !this.options.wakeRelay) return deliver(routing, message, port);
        this.options.wakeRelay(tabId, document);
        // Waited for outside the tab's queue, where the woken relay's batch is stored.
        void this.answers.noted(tabId, key, WAKE_WAIT_MS).then(() =>
          this.queues.run(tabId, async () => {
            const now = await this.tab(tabId, false);
            if (now) deliver(this.answers.route(tabId, now.connections, message), message, port);
            else port.post({ type: 'answerRefused', answerId: message.answerId, reason: 'the tab was closed: nothing was sent' });
          }),
        );
        return;
      }
      case 'subscribe':
        return;
    }
  }

  private async clearTab(tab: Tab, keepOpenConnections: boolean): Promise<void> {
    const kept = tab.clearCapture(keepOpenConnections);
    await this.storage.clear(tab.record.tabId, tab.record);
    if (kept.connections.length > 0) await this.storage.write({ record: tab.record, ...kept });
    this.send(tab.record.tabId, { type: 'cleared', tabId: tab.record.tabId });
    for (const [port, feed] of this.panels.get(tab.record.tabId) ?? []) if (!feed.snapshot(tab)) this.unwatch(tab.record.tabId, port);
  }

  /** The tab's status to its panels; the panel whose request it answers gets that request's id with it. */
  private sendStatus(tab: Tab, answering?: { port: PanelPort; requestId: number }): void {
    const status: HubToPanel = { type: 'status', ...tab.status() };
    this.send(tab.record.tabId, status, answering && { port: answering.port, message: { ...status, answers: answering.requestId } });
  }

  /** `message` to every panel of the tab, or `instead` to one of them. */
  private send(tabId: number, message: HubToPanel, instead?: { port: PanelPort; message: HubToPanel }): void {
    for (const port of this.panels.get(tabId)?.keys() ?? []) if (!port.post(port === instead?.port ? instead.message : message)) this.unwatch(tabId, port);
  }

  private watched(tabId: number): boolean {
    return (this.panels.get(tabId)?.size ?? 0) > 0;
  }

  /** A panel of the tab went away. */
  private unwatch(tabId: number, port: PanelPort): void {
    const set = this.panels.get(tabId);
    if (!set?.delete(port) || set.size > 0) return;
    this.panels.delete(tabId);
  }

  setLimits(limits: TabLimits): void {
    this.limits = limits;
    for (const tab of this.tabs.values()) tab.limits = limits;
  }

  /** Tabs held in memory right now (empty after a cold start until something touches a tab). */
  memoryTabIds(): number[] {
    return [...this.tabs.keys()];
  }
}

/** The counters a status message carries, to tell whether a batch changed them. */
function statusKey(tab: Tab): string {
  const s = tab.status();
  return `${s.dropped}/${s.rejected}/${s.ignored}/${s.failed ?? 0}/${s.hookErrors ?? 0}/${s.notKept ?? 0}/${s.degraded?.length ?? 0}`;
}

/** The random id of the tab's document numbered `key` (the hub's connection ids carry the number). */
function documentIdOf(tab: Tab, key: number): string | undefined {
  for (const [id, doc] of Object.entries(tab.record.documents)) if (doc.key === key) return id;
  return undefined;
}

/** Sends a routed answer from the panel to its page's relay, or tells the panel why it was not sent. */
function deliver(routing: AnswerRouting, message: Extract<PanelToHub, { type: 'answer' }>, port: PanelPort): void {
  if ('refused' in routing || !routing.port.post(routing.message)) {
    port.post({ type: 'answerRefused', answerId: message.answerId, reason: 'refused' in routing ? routing.refused : 'the page’s relay went away' });
  }
}
