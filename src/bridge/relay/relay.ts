// The relay's logic (isolated world): takes the hook's window messages, validates them, batches
// them every ~20 ms and forwards them to the hub over a `relay` port. Batches stay queued until
// the hub acknowledges them as stored, and are sent again over a new port when the service worker
// was stopped in between. The queue is bounded: past the bound the oldest frames are dropped and
// counted, and the count reaches the hub with the next batch.
import type { PageToRelay } from '../page-messages';
import { hasPageTag, pageMessageSize, PageToRelaySchema } from '../page-messages.schema';
import { MAX_BATCH_CHARS, MAX_BATCH_MESSAGES, type RelayBatch, type RelayToHub } from '../relay-to-hub';
import { HubToRelaySchema, type HubToRelay } from '../hub-to-relay';
import { TypedPort, type PortLike } from '../typed-port';

export interface RelayOptions {
  /** The window whose own messages are accepted (`event.source === win`). */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  connect(): PortLike;
  /** Random id of this document; batch numbers count per document. */
  documentId: string;
  batchMs?: number;
  reconnectMs?: number;
  maxQueueMessages?: number;
  maxQueueChars?: number;
  signal?: AbortSignal;
}

export interface RelayStats {
  readonly queued: number;
  readonly unacked: number;
  readonly dropped: number;
  readonly rejected: number;
  readonly connects: number;
}

interface QueuedBatch {
  seq: number;
  messages: PageToRelay[];
  chars: number;
}

export class Relay {
  private pending: PageToRelay[] = [];
  private pendingChars = 0;
  private readonly unacked: QueuedBatch[] = [];
  private unackedChars = 0;
  private seq = 0;
  private dropped = 0;
  private rejected = 0;
  private reported = { dropped: 0, rejected: 0 };
  private connects = 0;
  private port: TypedPort<RelayToHub, HubToRelay> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly onWindowMessage = (event: MessageEvent) => this.receive(event);
  // The page is going away (reload, navigation): send what waits for the batch timer now.
  private readonly onPageHide = () => {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flush();
  };

  constructor(private readonly options: RelayOptions) {
    options.win.addEventListener('message', this.onWindowMessage);
    options.win.addEventListener('pagehide', this.onPageHide);
    options.signal?.addEventListener('abort', () => this.stop());
  }

  stats(): RelayStats {
    const unacked = this.unacked.reduce((n, b) => n + b.messages.length, 0);
    return { queued: this.pending.length, unacked, dropped: this.dropped, rejected: this.rejected, connects: this.connects };
  }

  stop(): void {
    this.stopped = true;
    this.options.win.removeEventListener('message', this.onWindowMessage);
    this.options.win.removeEventListener('pagehide', this.onPageHide);
    clearTimeout(this.flushTimer);
    clearTimeout(this.reconnectTimer);
    this.port?.disconnect();
    this.port = undefined;
  }

  private receive(event: MessageEvent): void {
    // Only the page's own window talks to us; frames and other windows can post here too.
    if (event.source !== (this.options.win as unknown) || !hasPageTag(event.data)) return;
    let parsed;
    try {
      parsed = PageToRelaySchema.safeParse(event.data);
    } catch {
      parsed = undefined; // a hostile getter or proxy; counted like any other bad message
    }
    if (!parsed?.success) {
      this.rejected++;
    } else {
      this.pending.push(parsed.data);
      this.pendingChars += pageMessageSize(parsed.data);
      this.enforceBound();
    }
    this.scheduleFlush();
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
    while (this.pending.length > 0) {
      const messages: PageToRelay[] = [];
      let chars = 0;
      while (this.pending.length > 0 && messages.length < MAX_BATCH_MESSAGES) {
        const next = this.pending[0]!;
        const size = pageMessageSize(next);
        if (messages.length > 0 && chars + size > MAX_BATCH_CHARS) break;
        messages.push(next);
        this.pending.shift();
        chars += size;
      }
      this.pendingChars -= chars;
      this.enqueue(messages, chars);
    }
    // Counters changed without a valid message (e.g. only garbage arrived): report them anyway.
    if (this.dropped !== this.reported.dropped || this.rejected !== this.reported.rejected) this.enqueue([], 0);
  }

  private enqueue(messages: PageToRelay[], chars: number): void {
    // Connect first: a new port resends what is queued, and this batch must not go out twice.
    const port = this.ensurePort();
    const batch: QueuedBatch = { seq: ++this.seq, messages, chars };
    this.unacked.push(batch);
    this.unackedChars += chars;
    if (port) this.send(port, batch);
  }

  private send(port: TypedPort<RelayToHub, HubToRelay>, batch: QueuedBatch): void {
    const message: RelayBatch = {
      type: 'batch',
      document: this.options.documentId,
      seq: batch.seq,
      messages: batch.messages,
      dropped: this.dropped,
      rejected: this.rejected,
    };
    if (port.post(message)) this.reported = { dropped: this.dropped, rejected: this.rejected };
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
    port.onMessage((message) => this.acknowledge(message.seq));
    port.onDisconnect(() => {
      if (this.port === port) this.port = undefined;
      // The worker stopped (or restarted): resend what it never confirmed once it can run again.
      if (this.unacked.length > 0) this.scheduleReconnect();
    });
    for (const batch of this.unacked) this.send(port, batch);
    return port;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== undefined || this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.unacked.length > 0) this.ensurePort();
    }, this.options.reconnectMs ?? 100);
  }

  private acknowledge(seq: number): void {
    while (this.unacked.length > 0 && this.unacked[0]!.seq <= seq) {
      this.unackedChars -= this.unacked.shift()!.chars;
    }
  }

  /** Drops the oldest frames (never connection records, which are small and give frames meaning). */
  private enforceBound(): void {
    const maxMessages = this.options.maxQueueMessages ?? 20_000;
    const maxChars = this.options.maxQueueChars ?? 64_000_000;
    let count = this.pending.length + this.unacked.reduce((n, b) => n + b.messages.length, 0);
    while (count > maxMessages || this.pendingChars + this.unackedChars > maxChars) {
      if (!this.dropOldestFrame()) break;
      count--;
    }
  }

  private dropOldestFrame(): boolean {
    for (const batch of this.unacked) {
      const at = batch.messages.findIndex((m) => m.type === 'frame');
      if (at >= 0) {
        const size = pageMessageSize(batch.messages[at]!);
        batch.messages = batch.messages.filter((_, i) => i !== at);
        batch.chars -= size;
        this.unackedChars -= size;
        this.dropped++;
        return true;
      }
    }
    const at = this.pending.findIndex((m) => m.type === 'frame');
    if (at < 0) return false;
    this.pendingChars -= pageMessageSize(this.pending[at]!);
    this.pending.splice(at, 1);
    this.dropped++;
    return true;
  }
}

/** A random id for this document (crypto.randomUUID needs a secure context; this does not). */
export function randomDocumentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
