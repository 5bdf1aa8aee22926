// What the relay holds for the hub: messages validated and not batched yet (pending), and numbered
// batches sent but not yet confirmed as stored (unacked), which go again over a new port after the
// service worker stopped. Bounded as one: past the bound the oldest frames are dropped and counted.
import type { PageToRelay } from '../page-messages';
import { pageMessageSize } from '../page-messages.schema';
import { MAX_BATCH_CHARS, MAX_BATCH_MESSAGES } from '../relay-to-hub';
import { jsonLengthBound } from './json-bound';

/** What a batch says of the moment it was made (see RelayBatch). */
export interface BatchMarks {
  /** Made as the page was being left. */
  leaving: boolean;
  /** Made while the page was being prerendered. */
  prerendering: boolean;
  /** The document's returns from the back/forward cache when it was made. */
  visit: number;
}

export interface QueuedBatch extends BatchMarks {
  seq: number;
  messages: PageToRelay[];
  chars: number;
  /** At least the length of the messages' JSON (see json-bound.ts). */
  jsonBound: number;
}

/** Room for a batch's own fields around its messages. */
const BATCH_ENVELOPE_CHARS = 1_000;

export class OutboundQueue {
  private pending: PageToRelay[] = [];
  /** pageMessageSize of each pending message, computed once. */
  private pendingSizes: number[] = [];
  private pendingChars = 0;
  private readonly unacked: QueuedBatch[] = [];
  private unackedChars = 0;
  private seq = 0;
  /** Frames dropped for the bound, since the document started. */
  dropped = 0;

  constructor(
    readonly maxMessages: number,
    readonly maxChars: number,
  ) {}

  /** Batches numbered so far. */
  get numbered(): number {
    return this.seq;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  get unackedCount(): number {
    return this.unacked.reduce((n, b) => n + b.messages.length, 0);
  }

  /** The batches not confirmed yet, oldest first. */
  unconfirmed(): readonly QueuedBatch[] {
    return this.unacked;
  }

  add(message: PageToRelay): void {
    const size = pageMessageSize(message);
    this.pending.push(message);
    this.pendingSizes.push(size);
    this.pendingChars += size;
  }

  /** Takes the pending messages, cut into lists a batch may carry, in order. */
  takePending(): { messages: PageToRelay[]; chars: number }[] {
    const lists: { messages: PageToRelay[]; chars: number }[] = [];
    const pending = this.pending;
    const sizes = this.pendingSizes;
    let at = 0;
    while (at < pending.length) {
      const start = at;
      let chars = 0;
      while (at < pending.length && at - start < MAX_BATCH_MESSAGES) {
        const size = sizes[at]!;
        if (at > start && chars + size > MAX_BATCH_CHARS) break;
        chars += size;
        at++;
      }
      lists.push({ messages: pending.slice(start, at), chars });
    }
    this.pending = [];
    this.pendingSizes = [];
    this.pendingChars = 0;
    return lists;
  }

  /** Numbers a batch of `messages` and holds it until the hub confirms it. */
  number(messages: PageToRelay[], chars: number, marks: BatchMarks): QueuedBatch {
    let jsonBound = BATCH_ENVELOPE_CHARS;
    for (const m of messages) jsonBound += jsonLengthBound(m);
    const batch: QueuedBatch = { seq: ++this.seq, messages, chars, jsonBound, ...marks };
    this.unacked.push(batch);
    this.unackedChars += chars;
    return batch;
  }

  /** The hub stored every batch up to `seq`. */
  acknowledge(seq: number): void {
    while (this.unacked.length > 0 && this.unacked[0]!.seq <= seq) {
      this.unackedChars -= this.unacked.shift()!.chars;
    }
  }

  /** Drops the oldest frames past the bound (never connection records, which are small and give frames meaning). */
  enforceBound(): void {
    let count = this.pending.length + this.unackedCount;
    while (count > this.maxMessages || this.pendingChars + this.unackedChars > this.maxChars) {
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
    this.pendingChars -= this.pendingSizes[at]!;
    this.pending.splice(at, 1);
    this.pendingSizes.splice(at, 1);
    this.dropped++;
    return true;
  }
}
