// The relay's logic (isolated world): takes the hook's batches from the private channel, validates
// them, and forwards them every ~20 ms to the hub over a `relay` port. Frames come only through that
// channel: a page script can post tagged messages to its own window, and would otherwise put forged
// frames into a genuine connection of its tab; such messages are only counted as rejected. Receiving only stores what arrived: parsing and validation wait for the
// relay's own timer task, so they never run inside the page's event dispatch or the hook's. Batches stay queued until
// the hub acknowledges them as stored, and are sent again over a new port when the service worker
// was stopped in between (outbound-queue.ts). The queue is bounded: past the bound the oldest frames
// are dropped and counted, and the count reaches the hub with the next batch.
import { PAGE_MESSAGE_TAG, type PageCaptureHealth, type PageToRelay } from '../page-messages';
import { hasPageTag, parsePageBatch } from '../page-messages.schema';
import type { RelayBatch, RelayToHub } from '../relay-to-hub';
import { HubToRelaySchema, type HubToRelay } from '../hub-to-relay';
import { TypedPort, type PortLike } from '../typed-port';
import { listenToHook, type ChannelWindow, type HookChannel } from './hook-channel';
import { OutboundQueue, type QueuedBatch } from './outbound-queue';

export interface RelayOptions {
  /** The window the hook's channel is offered on; tagged messages posted to it are counted as rejected. */
  win: ChannelWindow;
  connect(): PortLike;
  /** Random id of this document; batch numbers count per document. */
  documentId: string;
  batchMs?: number;
  reconnectMs?: number;
  maxQueueMessages?: number;
  maxQueueChars?: number;
  signal?: AbortSignal;
  /** Says in the panel when the hook never showed up (the top document only: a frame where scripts
   * cannot run at all would otherwise claim capture is off for the whole tab). */
  reportMissingHook?: boolean;
  /** Closes the time the hook's channel may be offered in (see trust.ts and hook-channel.ts). */
  startWindow?: (close: () => void) => void;
  /** A document whose hook cannot be trusted (trust.ts): no channel is taken; the line the panel shows. */
  untrustedBecause?: string;
  /**
   * The document's prerendering (Chromium: `document.prerendering`, `prerenderingchange`): batches made
   * before the page is shown say so, and the hub holds them until it is.
   */
  prerender?: { active(): boolean; onShown(listener: () => void): void };
}

export interface RelayStats {
  readonly queued: number;
  readonly unacked: number;
  readonly dropped: number;
  readonly rejected: number;
  readonly connects: number;
}

/**
 * jsonBound counts 6 per string character, the most one takes in JSON (\uXXXX) and so also at least
 * its UTF-8 bytes: under this many, the serialised batch is under 48 MiB whatever its content.
 */
const DIRECT_POST_MAX_BOUND = 48 * 1024 * 1024;

/**
 * Said in the panel when the page hook never took up the channel by the time the document was parsed.
 * Both scripts run at document_start, so it will not come later: builtins the channel needs were
 * replaced before it ran (it then stays silent rather than hand the page our messages), or it failed.
 */
export const HOOK_NEVER_CONNECTED =
  "all capture is off: the inspector's page script never reported in (builtins it needs were replaced before it started, or it failed to start)";

/** A batch text from the hook, received and not validated yet. */
type Unchecked = { batch: unknown };

export class Relay {
  private inbox: Unchecked[] = [];
  private inboxChars = 0;
  private readonly queue: OutboundQueue;
  private rejected = 0;
  private reported = { dropped: 0, rejected: 0 };
  private connects = 0;
  private port: TypedPort<RelayToHub, HubToRelay> | undefined;
  private rawPort: PortLike | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Set while pagehide sends what the page still holds: those batches say so. */
  private leaving = false;
  /** Returns from the back/forward cache so far. */
  private visit = 0;
  private readonly hook: HookChannel;
  private readonly onWindowMessage = (event: MessageEvent) => this.receive(event);
  private readonly onParsed = () => this.checkHookConnected();
  // The page is going away (reload, navigation): take what the hook still holds and send everything
  // now, since timers of a document being unloaded may never run. Marked as the page's last: the hub may
  // already have cleared the tab for the page that replaced this one (tab.ts). A document that sent
  // anything says it is leaving even with nothing left to send.
  private readonly onPageHide = () => {
    if (this.stopped) return;
    this.leaving = true;
    try {
      this.hook.drain();
      this.sendNow();
    } finally {
      this.leaving = false;
    }
  };

  /**
   * The page came back from the back/forward cache. The browser closed the port when it stored the
   * page, and may not say so: Chromium 150 fires no onDisconnect on this side and drops whatever is
   * posted afterwards without an error, so a relay keeping that port would lose every later frame.
   * A new port is taken with the next batch, and what the hub never confirmed goes again on it.
   */
  private readonly onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted !== true || this.stopped) return;
    this.visit++;
    this.port?.disconnect();
    this.port = undefined;
    this.rawPort = undefined;
    if (this.queue.unconfirmed().length > 0) this.ensurePort();
  };

  constructor(private readonly options: RelayOptions) {
    // Room for a burst of a few seconds while the hub catches up (it acknowledges after storing);
    // memory stays bounded by the character bound.
    this.queue = new OutboundQueue(options.maxQueueMessages ?? 100_000, options.maxQueueChars ?? 64_000_000);
    // Capture phase, registered before any page script: the page's listeners cannot come first.
    options.win.addEventListener('message', this.onWindowMessage, true);
    options.win.addEventListener('pagehide', this.onPageHide, true);
    options.win.addEventListener('pageshow', this.onPageShow, true);
    if (options.reportMissingHook !== false) options.win.addEventListener('DOMContentLoaded', this.onParsed, true);
    const untrusted = options.untrustedBecause;
    this.hook = listenToHook(options.win, (batch) => this.take({ batch }), {
      ...(options.startWindow && { startWindow: options.startWindow }),
      ...(untrusted !== undefined && { refuse: () => this.notice(untrusted) }),
    });
    options.signal?.addEventListener('abort', () => this.stop());
    // A prerendered page the user goes to: what it holds goes now, and a document that sent anything
    // while prerendered says it is shown even with nothing to send, so the hub shows what it held.
    if (options.prerender?.active()) {
      options.prerender.onShown(() => {
        if (!this.stopped) this.sendNow();
      });
    }
  }

  /**
   * Sends what is pending at once, without waiting for the batch timer; a document that sent anything
   * before sends an empty batch when nothing is pending, so the hub hears of the moment (pagehide, a
   * prerendered page shown) through the batch's marks.
   */
  private sendNow(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const seq = this.queue.numbered;
    this.flush();
    if (this.queue.numbered === seq && seq > 0) this.enqueue([], 0);
  }

  stats(): RelayStats {
    const queue = this.queue;
    return { queued: queue.pendingCount + this.inbox.length, unacked: queue.unackedCount, dropped: queue.dropped, rejected: this.rejected, connects: this.connects };
  }

  stop(): void {
    this.stopped = true;
    this.options.win.removeEventListener('message', this.onWindowMessage, true);
    this.options.win.removeEventListener('pagehide', this.onPageHide, true);
    this.options.win.removeEventListener('pageshow', this.onPageShow, true);
    this.options.win.removeEventListener('DOMContentLoaded', this.onParsed, true);
    this.hook.stop();
    clearTimeout(this.flushTimer);
    clearTimeout(this.reconnectTimer);
    this.port?.disconnect();
    this.port = undefined;
  }

  /**
   * The hub asks for this document's port (wake-relay.ts): after the worker stopped, a relay with
   * nothing to send has none, and an answer from the panel goes to the page through it. An empty
   * batch connects and tells the hub which document the port speaks for. A document that never sent
   * anything captured nothing to answer.
   */
  wake(): void {
    if (this.stopped || this.queue.numbered === 0 || this.port?.connected) return;
    this.enqueue([], 0);
  }

  /** Tells the panel that capture is off on this page when the hook never showed up. */
  private checkHookConnected(): void {
    this.options.win.removeEventListener('DOMContentLoaded', this.onParsed, true);
    if (this.stopped || this.hook.connected || this.options.untrustedBecause !== undefined) return;
    this.notice(HOOK_NEVER_CONNECTED);
  }

  /** A line for the panel's notice, sent as the relay's own health message. */
  private notice(line: string): void {
    if (this.stopped) return;
    const notice: PageCaptureHealth = { [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: [line], errors: 0 };
    this.queue.add(notice);
    this.scheduleFlush();
  }

  private receive(event: MessageEvent): void {
    // Not a way in: anything on the page can post here. Counted (not parsed), so a page forging
    // capture messages shows in the panel's "rejected" count.
    if (this.stopped || !hasPageTag(event.data)) return;
    this.rejected++;
    this.scheduleFlush();
  }

  private take(item: Unchecked): void {
    if (this.stopped) return;
    this.inbox.push(item);
    this.inboxChars += batchChars(item.batch);
    // A page flooding us without ever yielding would otherwise grow the inbox past every bound.
    if (this.inbox.length > (this.options.maxQueueMessages ?? 100_000) || this.inboxChars > (this.options.maxQueueChars ?? 64_000_000)) this.check();
    this.scheduleFlush();
  }

  /** Validates what arrived since the last flush, in arrival order, into `pending`. */
  private check(): void {
    const inbox = this.inbox;
    this.inbox = [];
    this.inboxChars = 0;
    for (const item of inbox) {
      const { messages, rejected } = parsePageBatch(item.batch);
      this.rejected += rejected;
      for (const m of messages) this.queue.add(m);
    }
    this.queue.enforceBound();
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.stopped) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.options.batchMs ?? 20);
  }

  /** Moves pending messages into numbered batches and sends them. */
  flush(): void {
    if (this.stopped) return;
    this.check();
    for (const { messages, chars } of this.queue.takePending()) this.enqueue(messages, chars);
    // Counters changed without a valid message (e.g. only garbage arrived): report them anyway.
    if (this.queue.dropped !== this.reported.dropped || this.rejected !== this.reported.rejected) this.enqueue([], 0);
  }

  private enqueue(messages: PageToRelay[], chars: number): void {
    // Connect first: a new port resends what is queued, and this batch must not go out twice.
    const port = this.ensurePort();
    const prerendering = this.options.prerender?.active() === true;
    const batch = this.queue.number(messages, chars, { leaving: this.leaving, visit: this.visit, prerendering });
    if (port) this.send(port, batch);
  }

  private send(port: TypedPort<RelayToHub, HubToRelay>, batch: QueuedBatch): void {
    const message: RelayBatch = {
      type: 'batch',
      document: this.options.documentId,
      seq: batch.seq,
      messages: batch.messages,
      dropped: this.queue.dropped,
      rejected: this.rejected,
      ...(batch.leaving && { leaving: true }),
      ...(batch.visit > 0 && { visit: batch.visit }),
      ...(batch.prerendering && { prerendering: true }),
    };
    if (this.post(port, message, batch.jsonBound)) this.reported = { dropped: this.queue.dropped, rejected: this.rejected };
  }

  /**
   * A batch whose JSON surely stays far below Chrome's 64 MiB port message limit goes to the raw port
   * as it is; only bigger ones pay for the typed port's sizing stringify (and travel in pieces).
   */
  private post(port: TypedPort<RelayToHub, HubToRelay>, message: RelayBatch, jsonBound: number): boolean {
    if (jsonBound <= DIRECT_POST_MAX_BOUND && this.rawPort && port.connected) {
      try {
        this.rawPort.postMessage(message);
        return true;
      } catch {
        // The other end is gone; the typed port notices it the same way and reports it.
      }
    }
    return port.post(message);
  }

  private ensurePort(): TypedPort<RelayToHub, HubToRelay> | undefined {
    if (this.port?.connected) return this.port;
    let raw: PortLike;
    try {
      raw = this.options.connect();
    } catch {
      // The extension was reloaded or removed: this content script is orphaned for good.
      this.stop();
      return undefined;
    }
    this.connects++;
    const port = new TypedPort<RelayToHub, HubToRelay>(raw, HubToRelaySchema);
    this.port = port;
    this.rawPort = raw;
    port.onMessage((message) => {
      // An answer the user sent from the panel, checked by the port's schema: the hook sends it on the page's socket.
      if (message.type === 'answer') this.hook.answer(message.connectionId, message.data);
      else this.queue.acknowledge(message.seq);
    });
    port.onDisconnect(() => {
      if (this.port === port) this.port = undefined;
      // The worker stopped (or restarted): resend what it never confirmed once it can run again.
      if (this.queue.unconfirmed().length > 0) this.scheduleReconnect();
    });
    for (const batch of this.queue.unconfirmed()) this.send(port, batch);
    return port;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== undefined || this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.queue.unconfirmed().length > 0) this.ensurePort();
    }, this.options.reconnectMs ?? 100);
  }
}

/** Characters of a batch from the hook: its JSON text, or that text and the payloads beside it. */
function batchChars(batch: unknown): number {
  if (typeof batch === 'string') return batch.length;
  if (!Array.isArray(batch)) return 200;
  let chars = 0;
  for (const part of batch as unknown[]) chars += typeof part === 'string' ? part.length : 200;
  return chars;
}

/** A random id for this document (crypto.randomUUID needs a secure context; this does not). */
export function randomDocumentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
