// One tab's capture in the hub: its connections, its bounded frame buffer (oldest dropped first,
// counted), its sessions and counters. Pure logic: storage and ports are the hub's business.
import type { Connection, Frame } from '../model/frame';
import type { PageCaptureHealth, PageConnectionOpened, PageFrame } from '../bridge/page-messages';
import type { RelayBatch } from '../bridge/relay-to-hub';
import type { CaptureLike, TabStatus } from '../bridge/hub-to-panel';
import type { ProtocolDefinition } from '../protocols/types';
import { newTabRecord, type DocumentRecord, type StoredTab, type TabRecord } from './storage';
import { TabSessions } from './sessions';
import { jsonByteLength, jsonPrefixFitting } from '../bridge/json-size';
import { MAX_FRAME_BYTES } from '../bridge/page-messages';
import { pageMessageSize } from '../bridge/page-messages.schema';
import { FrameStore } from '../bridge/frame-store';

export interface TabLimits {
  maxFrames: number;
  /**
   * Frames as JSON, in UTF-8 bytes (see frameBytes): what the snapshot to a panel and the stored
   * records take, so no payload (e.g. control characters, six bytes each in JSON) can grow a tab past
   * what a panel can receive (the port's pieces: MAX_PIECES × CHUNK_CHARS).
   */
  maxBytes: number;
}

/**
 * Bounded by bytes: frames are held compactly (FrameStore), so a tab of a million short frames fits;
 * the frame count bound only keeps the typed arrays and the panel's indexes sane.
 */
export const DEFAULT_LIMITS: TabLimits = { maxFrames: 2_000_000, maxBytes: 256_000_000 };

/** Room for a frame's fields around its payload in JSON. */
const FRAME_FIELDS_BYTES = 160;
/** A frame's size as JSON: its payload exactly, its other fields by a margin. */
export const frameBytes = (frame: Frame): number => jsonByteLength(frame.data) + FRAME_FIELDS_BYTES;
/**
 * How many leading characters of a page's payload are kept: all of them unless its JSON passes
 * MAX_FRAME_BYTES (only a text of over a sixth of that many characters is looked at).
 */
const fittingJson = (text: string): number => jsonPrefixFitting(text, MAX_FRAME_BYTES + 2);
/** Lines of the capture-health notice a tab keeps. */
const MAX_DEGRADED_LINES = 20;
/** What a tab holds of pages being prerendered, at most (see `hold`). */
const MAX_HELD_MESSAGES = 20_000;
const MAX_HELD_CHARS = 32_000_000;

/** A prerendered document's messages, held until its page is shown. */
interface HeldPrerender {
  messages: PageMessage[];
  chars: number;
  /** Frames past the bound, counted. */
  dropped: number;
  /** Top-level navigations since the first of them arrived. */
  navigations: number;
}

type PageMessage = RelayBatch['messages'][number];

export interface BatchResult {
  /** The batch was stored before (a resend after a worker restart): nothing changed. */
  duplicate: boolean;
  frames: Frame[];
  connections: Connection[];
  sessions: Set<string>;
  /** Set when the buffer bound dropped frames: every stored frame below this index is gone. */
  dropBelow?: number;
  /** Sessions that joined another one (their connections are in a summary of `sessions`). */
  removedSessions: string[];
}

/**
 * Left documents a tab's record remembers. One is only heard from again on its way out (its last
 * batches, just after the navigation) or back from the back/forward cache, which keeps a few pages a
 * tab; the record is written with every batch, and would otherwise grow with every page the tab loads.
 * A forgotten document heard from again reads as a new one.
 */
export const MAX_LEFT_DOCUMENTS = 64;

export class Tab {
  record: TabRecord;
  readonly connections = new Map<string, Connection>();
  /** The held frames, oldest first (compact: read them with `frameList()` or the store's accessors). */
  readonly frameStore = new FrameStore(frameBytes);
  /** Page messages whose storing threw (a fault in the hub); the rest of their batch was stored. */
  private failed = 0;
  /**
   * Per document being prerendered, its messages so far: not the tab's page (the user is still on
   * another), so not in the capture until the page is shown. In memory only.
   */
  private readonly held = new Map<string, HeldPrerender>();
  /** Documents shown from a prerender since the last navigation: the navigation that shows one keeps it. */
  private shownFromPrerender = new Set<string>();
  readonly sessions: TabSessions;

  constructor(
    tabId: number,
    registry: readonly ProtocolDefinition[],
    public limits: TabLimits = DEFAULT_LIMITS,
    stored?: StoredTab,
  ) {
    this.record = stored?.record ?? newTabRecord(tabId);
    this.sessions = new TabSessions(registry, (ids) => this.framesOf(ids));
    if (stored) this.rebuild(stored.connections, stored.frames);
  }

  status(): TabStatus {
    const { dropped, cut, rejected, ignored, preserveLog, recording } = this.record;
    return {
      dropped,
      cut,
      rejected,
      ignored,
      failed: this.failed + this.sessions.faults,
      preserveLog,
      recording,
      degraded: this.record.degraded ?? [],
      hookErrors: this.record.hookErrors ?? 0,
      notKept: this.record.notKept ?? 0,
    };
  }

  capture(): CaptureLike {
    return { connections: [...this.connections.values()], frames: this.frameList() };
  }

  /** Every held frame as objects (an export, a snapshot, tests). */
  frameList(): Frame[] {
    return this.frameStore.slice(0);
  }

  /** The held frames of these connections, oldest first (a session pipeline built from scratch). */
  private *framesOf(connectionIds: ReadonlySet<string>): Iterable<Frame> {
    const store = this.frameStore;
    for (let p = 0; p < store.length; p++) if (connectionIds.has(store.connectionAt(p))) yield store.at(p);
  }

  applyBatch(batch: RelayBatch): BatchResult {
    const result: BatchResult = { duplicate: false, frames: [], connections: [], sessions: new Set(), removedSessions: [] };
    const doc = this.document(batch.document);
    if (batch.seq <= doc.lastSeq) return { ...result, duplicate: true };
    doc.lastSeq = batch.seq;
    const visit = batch.visit ?? 0;
    if (visit > (doc.visit ?? 0)) doc.visit = visit;
    // Back from the back/forward cache since the tab left its page: a document of the tab's page again.
    if (doc.left && visit > doc.left.visit) delete doc.left;
    const left = doc.left;
    if (batch.leaving) doc.hidden = true;
    else delete doc.hidden;
    // The relay reports running totals; add only what is new since its last batch (a left page's are not this page's).
    if (!left) {
      this.record.dropped += Math.max(0, batch.dropped - doc.dropped);
      this.record.rejected += Math.max(0, batch.rejected - doc.rejected);
    }
    doc.dropped = Math.max(doc.dropped, batch.dropped);
    doc.rejected = Math.max(doc.rejected, batch.rejected);
    // What the page still held as it was left belongs to the capture its navigation cleared.
    if (left && batch.leaving) return result;
    if (batch.prerendering) {
      doc.prerendering = true;
      this.hold(batch.document, batch.messages);
      return result;
    }
    let messages = batch.messages;
    if (doc.prerendering) {
      // The prerendered page is shown: what it received meanwhile comes first.
      delete doc.prerendering;
      const held = this.held.get(batch.document);
      messages = [...(held?.messages ?? []), ...messages];
      this.record.dropped += held?.dropped ?? 0;
      this.held.delete(batch.document);
      this.shownFromPrerender.add(batch.document);
    }
    const changed = new Map<string, Connection>();
    for (const message of messages) {
      // Received before the navigation committed: of the cleared capture too (see markLeft).
      if (left && message.type !== 'health' && message.time < left.at) continue;
      // Each message on its own: one that throws is counted and the rest of the batch goes on.
      try {
        this.applyMessage(doc, message, changed, result);
      } catch (err) {
        this.failed++;
        console.warn('agent-stream-inspector: could not store a page message', err);
      }
    }
    result.connections = [...changed.values()];
    result.removedSessions = this.sessions.takeRemoved();
    for (const id of result.removedSessions) result.sessions.delete(id);
    const dropBelow = this.enforceBound();
    if (dropBelow !== undefined) result.dropBelow = dropBelow;
    return result;
  }

  private applyMessage(doc: DocumentRecord, message: RelayBatch['messages'][number], changed: Map<string, Connection>, result: BatchResult): void {
    if (message.type === 'health') {
      this.noteHealth(doc, message);
      return;
    }
    if (message.type === 'connection') {
      const c = this.openConnection(doc, message);
      changed.set(c.id, c);
      result.sessions.add(this.sessions.addConnection(c));
      return;
    }
    if (!this.record.recording) {
      this.record.ignored++;
      return;
    }
    const frame = this.toFrame(doc, message, changed);
    result.frames.push(frame);
    result.sessions.add(this.sessions.append(frame).session);
  }

  /**
   * Empties the capture and starts a new one; switches (preserve log, recording) and relay bookkeeping
   * stay. A clear by the user keeps the connections that are still open, so their next frames keep
   * their url and transport; a navigation drops them all, since the document that held them is gone.
   * Frames are numbered from 0 again: a capture's numbers are the ones its export carries and `check`
   * prints (the storage deletes the old capture's records before any of the new one is written).
   */
  clearCapture(keepOpenConnections: boolean): { connections: Connection[]; frames: Frame[] } {
    const kept = keepOpenConnections ? [...this.connections.values()].filter((c) => !c.closed) : this.ofShownPrerenders();
    // A navigation to a prerendered page keeps what that page received before it was shown, numbered from 0.
    const ids = new Set(keepOpenConnections ? [] : kept.map((c) => c.id));
    const frames = ids.size === 0 ? [] : this.frameList().filter((f) => ids.has(f.connectionId)).map((f, index) => ({ ...f, index }));
    this.shownFromPrerender = new Set();
    this.rebuild(kept, frames);
    this.failed = 0;
    this.sessions.faults = 0;
    Object.assign(this.record, { nextIndex: frames.length, firstIndex: 0, dropped: 0, cut: 0, rejected: 0, ignored: 0, hookErrors: 0, notKept: 0 });
    // The page's documents are gone after a navigation; after the user's clear they still run degraded.
    if (!keepOpenConnections) this.record.degraded = [];
    return { connections: kept, frames };
  }

  /** The connections of the documents shown from a prerender since the last navigation. */
  private ofShownPrerenders(): Connection[] {
    if (this.shownFromPrerender.size === 0) return [];
    const prefixes = [...this.shownFromPrerender].flatMap((id) => (Object.hasOwn(this.record.documents, id) ? [`${this.record.documents[id]!.key}.`] : []));
    return [...this.connections.values()].filter((c) => prefixes.some((p) => c.id.startsWith(p)));
  }

  /**
   * Holds a prerendered document's messages until its page is shown, within a bound per tab: past it
   * the frames are counted, as dropped from the capture of the page once shown (a prerender the user
   * never goes to is let go at the second navigation after it began: see navigated).
   */
  private hold(documentId: string, messages: readonly PageMessage[]): void {
    let chars = 0;
    let count = 0;
    for (const h of this.held.values()) {
      chars += h.chars;
      count += h.messages.length;
    }
    let entry = this.held.get(documentId);
    if (!entry) this.held.set(documentId, (entry = { messages: [], chars: 0, dropped: 0, navigations: 0 }));
    for (const m of messages) {
      const size = pageMessageSize(m);
      if (count >= MAX_HELD_MESSAGES || chars + size > MAX_HELD_CHARS) {
        if (m.type === 'frame') entry.dropped++;
        continue;
      }
      entry.messages.push(m);
      entry.chars += size;
      chars += size;
      count++;
    }
  }

  /**
   * A top-level navigation committed. A prerender is shown by the navigation after the one that began
   * its page, or never: the browser discards it when its page is left for another. So what one still
   * holds at the second navigation is let go, its document no longer taken for a prerender (a batch of
   * it still on its way belongs to a capture that navigation clears). A prerender the user never went to
   * would otherwise be held until the tab closed. Held in memory only, as the messages are.
   */
  navigated(): void {
    for (const [id, entry] of this.held) {
      // This navigation may be the one that shows it.
      if (entry.navigations++ === 0) continue;
      this.held.delete(id);
      if (Object.hasOwn(this.record.documents, id)) delete this.record.documents[id]!.prerendering;
    }
  }

  /** Prerendered messages held so far, for each document (tests). */
  heldPrerenders(): Map<string, number> {
    return new Map([...this.held].map(([id, entry]) => [id, entry.messages.length]));
  }

  /**
   * The tab navigated away (the commit at `at`, ms since the epoch): every document heard from so far
   * belonged to the page left, or to one before it. Their batches can still arrive after the navigation
   * cleared the capture: the last ones a relay sent as its page was hidden, or ones on their way
   * meanwhile (the navigation's event and a relay's port reach the worker in either order). Those would
   * show the old page's last frames in the new page's capture. So a left document's frames and
   * connections from before `at` are left out, and the batch it sends as it is hidden (`leaving`) too;
   * a document that comes back from the back/forward cache is the tab's page again.
   */
  markLeft(at: number): void {
    const left: [string, DocumentRecord][] = [];
    for (const [id, doc] of Object.entries(this.record.documents)) {
      // A prerendered page is the one being shown, not one left.
      if (doc.prerendering || this.shownFromPrerender.has(id)) continue;
      doc.left = { at, visit: doc.visit ?? 0 };
      left.push([id, doc]);
    }
    // The oldest left documents are forgotten past the bound (keys grow with each new document).
    if (left.length <= MAX_LEFT_DOCUMENTS) return;
    left.sort((a, b) => a[1].key - b[1].key);
    for (const [id] of left.slice(0, left.length - MAX_LEFT_DOCUMENTS)) delete this.record.documents[id];
  }

  /** A document's health report: running totals, so only what is new since its last one is added. */
  private noteHealth(doc: DocumentRecord, m: PageCaptureHealth): void {
    this.record.hookErrors = (this.record.hookErrors ?? 0) + Math.max(0, m.errors - (doc.errors ?? 0));
    doc.errors = Math.max(doc.errors ?? 0, m.errors);
    const notKept = m.notKept ?? 0;
    this.record.notKept = (this.record.notKept ?? 0) + Math.max(0, notKept - (doc.notKept ?? 0));
    doc.notKept = Math.max(doc.notKept ?? 0, notKept);
    const lines = this.record.degraded ?? [];
    for (const line of m.degraded) if (!lines.includes(line) && lines.length < MAX_DEGRADED_LINES) lines.push(line);
    this.record.degraded = lines;
  }

  private document(id: string): DocumentRecord {
    let doc = this.record.documents[id];
    if (!doc) {
      doc = { key: this.record.nextDocumentKey++, lastSeq: 0, dropped: 0, rejected: 0 };
      this.record.documents[id] = doc;
    }
    return doc;
  }

  private openConnection(doc: DocumentRecord, m: PageConnectionOpened): Connection {
    const id = `${doc.key}.${m.id}`;
    const c: Connection = { ...this.connections.get(id), id, transport: m.transport, url: m.url, startedAt: m.time };
    if (m.responseAt !== undefined) c.responseAt = m.responseAt;
    if (m.method !== undefined) c.method = m.method;
    if (m.requestHeaders) c.requestHeaders = lowerCaseNames(m.requestHeaders);
    if (m.requestBody !== undefined) {
      const keep = fittingJson(m.requestBody);
      c.requestBody = keep === m.requestBody.length ? m.requestBody : m.requestBody.slice(0, keep);
      if (keep < m.requestBody.length) c.requestBodyTruncated = { originalLength: m.requestBody.length };
    }
    if (m.requestBodyTruncated) c.requestBodyTruncated = { originalLength: m.requestBodyTruncated.originalLength };
    if (m.status !== undefined) c.status = m.status;
    if (m.responseHeaders) c.responseHeaders = lowerCaseNames(m.responseHeaders);
    this.connections.set(id, c);
    return c;
  }

  private toFrame(doc: DocumentRecord, m: PageFrame, changed: Map<string, Connection>): Frame {
    const connectionId = `${doc.key}.${m.connectionId}`;
    let connection = this.connections.get(connectionId);
    if (!connection) {
      // A frame whose connection record never arrived (dropped, or forged): keep the frame anyway.
      connection = { id: connectionId, transport: 'file' };
      this.connections.set(connectionId, connection);
      changed.set(connectionId, connection);
      this.sessions.addConnection(connection);
    }
    if (m.kind === 'close') {
      connection.closed = { at: m.time, ...(m.code !== undefined && { code: m.code }), ...(m.reason !== undefined && { reason: m.reason }) };
      changed.set(connectionId, connection);
    }
    // The hook cut the payload at a number of characters; what passes the bound in JSON bytes is cut here.
    const keep = fittingJson(m.data);
    const frame: Frame = { index: this.record.nextIndex++, connectionId, time: m.time, direction: m.direction, kind: m.kind, data: keep === m.data.length ? m.data : m.data.slice(0, keep) };
    if (m.encoding !== undefined) frame.encoding = m.encoding;
    if (m.eventName !== undefined) frame.eventName = m.eventName;
    if (m.eventId !== undefined) frame.eventId = m.eventId;
    if (m.sentBy !== undefined) frame.sentBy = m.sentBy;
    if (m.notKeptBefore !== undefined) frame.notKeptBefore = m.notKeptBefore;
    if (m.truncated || keep < m.data.length) {
      frame.truncated = { originalLength: m.truncated ? m.truncated.originalLength : m.data.length };
      this.record.cut++;
    }
    this.frameStore.push(frame);
    return frame;
  }

  /** Drops the oldest frames down to 90 % of the bound, so the (costly) session rebuild is rare. */
  private enforceBound(): number | undefined {
    const { maxFrames, maxBytes } = this.limits;
    const store = this.frameStore;
    if (store.length <= maxFrames && store.bytes <= maxBytes) return undefined;
    let drop = 0;
    let bytes = store.bytes;
    while (drop < store.length && (store.length - drop > maxFrames * 0.9 || bytes > maxBytes * 0.9)) {
      bytes -= store.sizeAt(drop);
      drop++;
    }
    store.dropFront(drop);
    this.record.dropped += drop;
    this.record.firstIndex = store.length > 0 ? store.indexAt(0) : this.record.nextIndex;
    this.regroup();
    return this.record.firstIndex;
  }

  private rebuild(connections: readonly Connection[], frames: readonly Frame[]): void {
    this.connections.clear();
    this.frameStore.clear();
    for (const c of connections) this.connections.set(c.id, c);
    for (const f of frames) this.frameStore.push(f);
    this.regroup();
  }

  /** Groups the held frames into sessions afresh (after a load or a trim). */
  private regroup(): void {
    this.sessions.clear();
    for (const c of this.connections.values()) this.sessions.addConnection(c);
    const store = this.frameStore;
    for (let p = 0; p < store.length; p++) this.sessions.append(store.at(p));
  }
}

function lowerCaseNames(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
