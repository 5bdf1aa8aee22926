// The captured frames, appended at the end and trimmed at the start (the hub's frame bound, the
// panel's own), held compactly (bridge/frame-store.ts: payloads in one string per chunk of frames,
// every other field in typed arrays), with their sizes, their descriptions (computed when first asked
// for, for the rows drawn or filtered on) and the filtered list of positions. A frame object is made
// only while something reads it: a row drawn, a session folded again, a scrub, an export. The
// sessions' pipelines keep no frames of their own (live-pipeline.ts): they read them here.
// Appending costs O(new frames): the filtered list is extended rather than rebuilt unless the query,
// the session scope or (for `has:` terms) the findings changed. Trimming costs O(dropped frames) at
// most and one move of the filtered list: positions are kept relative to a base that the trim raises.
import type { Direction, Frame, FrameKind } from '../../model/frame';
import type { Severity } from '../../model/finding';
import type { FrameDescription, ProtocolDefinition } from '../../protocols/types';
import { FrameStore } from '../../bridge/frame-store';
import { frameText } from '../../model/decode';
import { payloadBytes } from './frame-row';
import { describeRawFrame } from '../../analysis/describe-frame';
import { isEmptyQuery, matchesQuery, queryUsesFindings, type ParsedQuery } from './query';
import { framePredicate } from './frame-filter';
import { frameCost } from './panel-bound';
import type { FrameSource } from './live-pipeline';
import { PositionList } from './position-list';
import { ReusedRow } from './log-query-row';

/** What the log asks of the rest of the store when it describes and filters frames. */
export interface FrameContext {
  severityOf(index: number): Severity | undefined;
  protocolOf(connectionId: string): ProtocolDefinition | undefined;
  connectionName(connectionId: string): string;
  /** The page ended the frame's connection after its turn (analysis/page-release.ts): the timeline's event is then a release. */
  releasedByPage(frame: Frame): boolean;
}

/** Descriptions kept at most: the rows drawn lately and a filter's last pass, not one per frame for ever. */
const MAX_DESCRIPTIONS = 20_000;

/** What a trim let go of: how many frames, and of which connections. */
export interface Trimmed {
  count: number;
  connectionIds: ReadonlySet<string>;
}

const NOTHING_TRIMMED: Trimmed = { count: 0, connectionIds: new Set() };

export class FrameLog {
  private store = new FrameStore(payloadBytes);
  /** What the held frames count towards the panel's memory bound (see panel-bound.ts). */
  heldBytes = 0;
  private descriptions = new Map<number, { as: string; description: FrameDescription }>();
  /** Per connection (by the store's code), the absolute positions of its frames. */
  private byConnection: PositionList[] = [];
  /** Per session's connection set (several connections), their frames' positions merged, kept up to date. */
  private merged = new Map<string, { list: PositionList; upTo: number }>();
  /**
   * Frames arrive in capture order (the hub's appends, a sorted import), so a frame is found by a
   * binary search over the capture indexes, with no map entry per frame. Only frames added out of
   * order make this map (capture index → absolute position, so a trim need not renumber what it keeps).
   */
  private positions: Map<number, number> | undefined;
  /** Frames trimmed so far: absolute position = position + base. */
  private base = 0;
  private visible: { query: ParsedQuery; scope: ReadonlySet<string> | undefined; markers: number; done: number; list: number[] } | undefined;

  reset(): void {
    this.store = new FrameStore(payloadBytes);
    this.heldBytes = 0;
    this.descriptions = new Map();
    this.byConnection = [];
    this.merged = new Map();
    this.positions = undefined;
    this.base = 0;
    this.visible = undefined;
  }

  /** Frames held. */
  get length(): number {
    return this.store.length;
  }

  add(frame: Frame): void {
    const n = this.store.length;
    if (!this.positions && n > 0 && frame.index <= this.store.indexAt(n - 1)) {
      this.positions = new Map();
      for (let i = 0; i < n; i++) this.positions.set(this.store.indexAt(i), i + this.base);
    }
    this.positions?.set(frame.index, n + this.base);
    this.store.push(frame);
    this.heldBytes += frameCost(frame.data.length);
    const code = this.store.codeOf(frame.connectionId);
    (this.byConnection[code] ??= new PositionList()).push(n + this.base);
  }

  /** The frame at `position`, made afresh (a row drawn, a frame read again). */
  frameAt(position: number): Frame {
    return this.store.at(position);
  }

  indexAt(position: number): number {
    return this.store.indexAt(position);
  }

  timeAt(position: number): number {
    return this.store.timeAt(position);
  }

  connectionAt(position: number): string {
    return this.store.connectionAt(position);
  }

  directionAt(position: number): Direction {
    return this.store.directionAt(position);
  }

  kindAt(position: number): FrameKind {
    return this.store.kindAt(position);
  }

  dataAt(position: number): string {
    return this.store.dataAt(position);
  }

  /** The payload as text: base64 payloads decoded (what the filter searches). */
  textAt(position: number): string {
    return this.store.encodingAt(position) === 'base64' ? frameText(this.store.at(position)) : this.store.dataAt(position);
  }

  /** A text payload in the pieces the log keeps it in (see FrameStore.piecesAt); undefined when kept whole or base64. */
  piecesAt(position: number): { start: string; middle: string; end: string } | undefined {
    return this.store.encodingAt(position) === 'base64' ? undefined : this.store.piecesAt(position);
  }

  /** The payload's size in bytes (UTF-8 for text, decoded for base64), as computed on arrival. */
  bytesAt(position: number): number {
    return this.store.sizeAt(position);
  }

  /** Capture index of the newest frame held. */
  lastIndex(): number | undefined {
    const n = this.store.length;
    return n === 0 ? undefined : this.store.indexAt(n - 1);
  }

  /** Every held frame as objects, oldest first (an export, tests). */
  all(): Frame[] {
    return this.store.slice(0);
  }

  /** How many frames of this connection are held. */
  countOf(connectionId: string): number {
    return this.listOf(connectionId)?.length ?? 0;
  }

  /** The held frames of one connection as objects, oldest first (a session folded again, tests). */
  framesOf(connectionId: string): Frame[] {
    const list = this.listOf(connectionId);
    const out: Frame[] = [];
    if (list) for (let i = 0; i < list.length; i++) out.push(this.store.at(list.get(i) - this.base));
    return out;
  }

  /** Connection ids that have frames held. */
  connectionIds(): string[] {
    const out: string[] = [];
    this.byConnection.forEach((list, code) => {
      if (list.length > 0) out.push(this.store.connectionOfCode(code));
    });
    return out;
  }

  /**
   * How to read the held frames of some connections (a session's), in the order they arrived, without
   * making them all: how many there are and the i-th one. Kept up to date as frames come and go.
   */
  sessionFrames(connectionIds: readonly string[]): FrameSource {
    let positionAt: (i: number) => number;
    let count: () => number;
    if (connectionIds.length === 1) {
      const id = connectionIds[0] as string;
      count = () => this.countOf(id);
      positionAt = (i) => (this.listOf(id) as PositionList).get(i) - this.base;
    } else {
      const merged = () => this.mergedOf(connectionIds);
      count = () => merged().length;
      positionAt = (i) => merged().get(i) - this.base;
    }
    return {
      count,
      at: (i) => this.store.at(positionAt(i)),
      dataAt: (i) => this.store.dataAt(positionAt(i)),
      encodingAt: (i) => this.store.encodingAt(positionAt(i)),
      directionAt: (i) => this.store.directionAt(positionAt(i)),
      kindAt: (i) => this.store.kindAt(positionAt(i)),
      connectionAt: (i) => this.store.connectionAt(positionAt(i)),
    };
  }

  /** Position of the frame with this capture index. */
  positionOf(index: number): number | undefined {
    if (this.positions) {
      const at = this.positions.get(index);
      return at === undefined ? undefined : at - this.base;
    }
    let lo = 0;
    let hi = this.store.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.store.indexAt(mid);
      if (at === index) return mid;
      if (at < index) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** The frame with this capture index, made afresh. */
  byIndex(index: number): Frame | undefined {
    const at = this.positionOf(index);
    return at === undefined ? undefined : this.store.at(at);
  }

  /**
   * Drops every frame whose capture index is below `below` (frames arrive from the hub in index
   * order, so they are the first ones); returns how many went and of which connections.
   */
  trim(below: number): Trimmed {
    const store = this.store;
    let drop = 0;
    while (drop < store.length && store.indexAt(drop) < below) drop++;
    if (drop === 0) return NOTHING_TRIMMED;
    const connectionIds = new Set<string>();
    const codes = new Set<number>();
    for (let p = 0; p < drop; p++) {
      this.heldBytes -= frameCost(store.dataLengthAt(p));
      const code = store.connectionCodeAt(p);
      if (!codes.has(code)) {
        codes.add(code);
        connectionIds.add(store.connectionOfCode(code));
      }
      if (this.positions) this.positions.delete(store.indexAt(p));
    }
    store.dropFront(drop);
    this.base += drop;
    for (const code of codes) this.byConnection[code]?.dropBelow(this.base);
    for (const m of this.merged.values()) m.list.dropBelow(this.base);
    for (const key of this.descriptions.keys()) if (key < this.base) this.descriptions.delete(key);
    const v = this.visible;
    if (v) {
      // The filtered positions are sorted: cut those of dropped frames and shift the rest, in place.
      let cut = 0;
      while (cut < v.list.length && (v.list[cut] as number) < drop) cut++;
      v.list.splice(0, cut);
      for (let i = 0; i < v.list.length; i++) v.list[i] = (v.list[i] as number) - drop;
      v.done = Math.max(0, v.done - drop);
    }
    return { count: drop, connectionIds };
  }

  /**
   * When the held frames count more than `maxBytes`: the capture index below which frames must go to
   * bring them down to `keep` of it (the oldest first). Undefined within the bound.
   */
  boundBelow(maxBytes: number, keep: number): number | undefined {
    const store = this.store;
    if (this.heldBytes <= maxBytes || store.length === 0) return undefined;
    let bytes = this.heldBytes;
    let drop = 0;
    // Never the newest frame: the panel always shows where the capture is.
    while (drop < store.length - 1 && bytes > maxBytes * keep) bytes -= frameCost(store.dataLengthAt(drop++));
    return store.indexAt(drop);
  }

  /** What the frame at `position` is, as its session's protocol reads it; cached per protocol for a while. */
  describe(position: number, protocol: ProtocolDefinition | undefined): FrameDescription {
    const id = protocol?.id ?? '';
    const key = position + this.base;
    const cached = this.descriptions.get(key);
    if (cached && cached.as === id) return cached.description;
    const description = describeRawFrame(this.store.at(position), protocol);
    if (this.descriptions.size >= MAX_DESCRIPTIONS) this.descriptions.clear();
    this.descriptions.set(key, { as: id, description });
    return description;
  }

  /**
   * Positions of the frames that pass the query within the scope (a set of connection ids, or every
   * connection). `markersVersion` changes when findings changed; only `has:` terms care. The returned
   * array is extended in place on appends.
   */
  filtered(query: ParsedQuery, scope: ReadonlySet<string> | undefined, markersVersion: number, ctx: FrameContext): number[] {
    const store = this.store;
    const markers = queryUsesFindings(query) ? markersVersion : 0;
    let v = this.visible;
    if (!v || v.query !== query || v.scope !== scope || v.markers !== markers || v.done > store.length) {
      v = this.visible = { query, scope, markers, done: 0, list: [] };
    }
    const all = isEmptyQuery(query);
    const inScope = scope ? this.codesOf(scope) : undefined;
    // Terms over the frame's own fields are matched without a row object per frame.
    const fast = all ? undefined : framePredicate(query, (id) => ctx.connectionName(id));
    const list = v.list;
    const n = store.length;
    if (all && !inScope) for (let i = v.done; i < n; i++) list.push(i);
    else {
      const row = fast ? undefined : this.queryRow(ctx);
      for (let i = v.done; i < n; i++) {
        if (inScope && !inScope.has(store.connectionCodeAt(i))) continue;
        if (all || (fast ? fast(this, i) : matchesQuery(query, (row as ReusedRow).at(i)))) list.push(i);
      }
    }
    v.done = n;
    return list;
  }

  private listOf(connectionId: string): PositionList | undefined {
    const code = this.store.knownCode(connectionId);
    return code === undefined ? undefined : this.byConnection[code];
  }

  private codesOf(ids: ReadonlySet<string>): Set<number> {
    const codes = new Set<number>();
    for (const id of ids) {
      const code = this.store.knownCode(id);
      if (code !== undefined) codes.add(code);
    }
    return codes;
  }

  /** The positions of several connections' frames merged in arrival order, extended by what arrived since. */
  private mergedOf(connectionIds: readonly string[]): PositionList {
    const key = connectionIds.join('\u0000');
    let m = this.merged.get(key);
    if (!m) this.merged.set(key, (m = { list: new PositionList(), upTo: -1 }));
    const lists = connectionIds.map((id) => this.listOf(id)).filter((l): l is PositionList => l !== undefined);
    const fresh: number[] = [];
    for (const list of lists) for (let i = list.firstAbove(m.upTo); i < list.length; i++) fresh.push(list.get(i));
    if (fresh.length > 0) {
      fresh.sort((a, b) => a - b);
      for (const p of fresh) m.list.push(p);
      m.upTo = fresh[fresh.length - 1] as number;
    }
    return m.list;
  }

  /** One row object for the general matcher, pointed at each frame in turn. */
  private queryRow(ctx: FrameContext): ReusedRow {
    return new ReusedRow(this, ctx);
  }
}
