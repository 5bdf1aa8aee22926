// The captured frames, appended at the end and trimmed at the start (the hub's frame bound), with their
// sizes, their descriptions (computed when first asked for) and the filtered list of positions.
// Appending costs O(new frames): the filtered list is extended rather than rebuilt unless the query,
// the session scope or (for `has:` terms) the findings changed. Trimming costs O(dropped frames) in
// the maps and one move of the arrays: positions are kept relative to a base that the trim raises.
import type { Frame } from '../../model/frame';
import type { Severity } from '../../model/finding';
import { frameText } from '../../model/decode';
import type { FrameDescription, ProtocolDefinition } from '../../protocols/types';
import { payloadBytes } from './frame-row';
import { describeRawFrame } from '../../analysis/describe-frame';
import { isEmptyQuery, matchesQuery, queryUsesFindings, type ParsedQuery, type QueryRow } from './query';
import { framePredicate } from './frame-filter';
import { frameCost } from './panel-bound';

/** What the log asks of the rest of the store when it describes and filters frames. */
export interface FrameContext {
  severityOf(index: number): Severity | undefined;
  protocolOf(connectionId: string): ProtocolDefinition | undefined;
  connectionName(connectionId: string): string;
}

export class FrameLog {
  frames: Frame[] = [];
  /** Payload bytes per position. */
  bytes: number[] = [];
  /** What the held frames count towards the panel's memory bound (see panel-bound.ts). */
  heldBytes = 0;
  private descriptions: (FrameDescription | undefined)[] = [];
  private describedAs: (string | undefined)[] = [];
  private byConnection = new Map<string, Frame[]>();
  /**
   * Frames arrive in capture order (the hub's appends, a sorted import), so a frame is found by a
   * binary search over `frames`, with no map entry per frame. Only frames added out of order make
   * this map (capture index → position + `base`, so a trim need not renumber what it keeps).
   */
  private positions: Map<number, number> | undefined;
  private base = 0;
  private visible: { query: ParsedQuery; scope: ReadonlySet<string> | undefined; markers: number; done: number; list: number[] } | undefined;

  reset(): void {
    this.frames = [];
    this.bytes = [];
    this.heldBytes = 0;
    this.descriptions = [];
    this.describedAs = [];
    this.byConnection = new Map();
    this.positions = undefined;
    this.base = 0;
    this.visible = undefined;
  }

  add(frame: Frame): void {
    const last = this.frames[this.frames.length - 1];
    if (!this.positions && last && frame.index <= last.index) {
      this.positions = new Map();
      for (let i = 0; i < this.frames.length; i++) this.positions.set((this.frames[i] as Frame).index, i + this.base);
    }
    this.positions?.set(frame.index, this.frames.length + this.base);
    this.frames.push(frame);
    this.bytes.push(payloadBytes(frame));
    this.heldBytes += frameCost(frame.data.length);
    let list = this.byConnection.get(frame.connectionId);
    if (!list) this.byConnection.set(frame.connectionId, (list = []));
    list.push(frame);
  }

  framesOf(connectionId: string): readonly Frame[] {
    return this.byConnection.get(connectionId) ?? [];
  }

  connectionIds(): string[] {
    return [...this.byConnection.keys()];
  }

  /** Position in `frames` of the frame with this capture index. */
  positionOf(index: number): number | undefined {
    if (this.positions) {
      const at = this.positions.get(index);
      return at === undefined ? undefined : at - this.base;
    }
    let lo = 0;
    let hi = this.frames.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = (this.frames[mid] as Frame).index;
      if (at === index) return mid;
      if (at < index) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  byIndex(index: number): Frame | undefined {
    const at = this.positionOf(index);
    return at === undefined ? undefined : this.frames[at];
  }

  /**
   * Drops every frame whose capture index is below `below` (frames arrive from the hub in index
   * order, so they are the first ones) and returns them, oldest first.
   */
  trim(below: number): Frame[] {
    let drop = 0;
    while (drop < this.frames.length && (this.frames[drop] as Frame).index < below) drop++;
    if (drop === 0) return [];
    const dropped = this.frames.splice(0, drop);
    for (const f of dropped) this.heldBytes -= frameCost(f.data.length);
    this.bytes.splice(0, drop);
    this.descriptions.splice(0, drop);
    this.describedAs.splice(0, drop);
    this.base += drop;
    const perConnection = new Map<string, number>();
    for (const f of dropped) {
      this.positions?.delete(f.index);
      perConnection.set(f.connectionId, (perConnection.get(f.connectionId) ?? 0) + 1);
    }
    for (const [id, n] of perConnection) {
      const list = this.byConnection.get(id);
      if (!list) continue;
      if (n >= list.length) this.byConnection.delete(id);
      else list.splice(0, n);
    }
    const v = this.visible;
    if (v) {
      // The filtered positions are sorted: cut those of dropped frames and shift the rest, in place.
      let cut = 0;
      while (cut < v.list.length && (v.list[cut] as number) < drop) cut++;
      v.list.splice(0, cut);
      for (let i = 0; i < v.list.length; i++) v.list[i] = (v.list[i] as number) - drop;
      v.done = Math.max(0, v.done - drop);
    }
    return dropped;
  }

  /**
   * When the held frames count more than `maxBytes`: the capture index below which frames must go to
   * bring them down to `keep` of it (the oldest first). Undefined within the bound.
   */
  boundBelow(maxBytes: number, keep: number): number | undefined {
    if (this.heldBytes <= maxBytes || this.frames.length === 0) return undefined;
    let bytes = this.heldBytes;
    let drop = 0;
    // Never the newest frame: the panel always shows where the capture is.
    while (drop < this.frames.length - 1 && bytes > maxBytes * keep) bytes -= frameCost((this.frames[drop++] as Frame).data.length);
    return (this.frames[drop] as Frame).index;
  }

  /** What the frame at `position` is, as its session's protocol reads it; cached per protocol. */
  describe(position: number, protocol: ProtocolDefinition | undefined): FrameDescription {
    const id = protocol?.id ?? '';
    const cached = this.descriptions[position];
    if (cached && this.describedAs[position] === id) return cached;
    const frame = this.frames[position] as Frame;
    const description = describeRawFrame(frame, protocol);
    this.descriptions[position] = description;
    this.describedAs[position] = id;
    return description;
  }

  /**
   * Positions of the frames that pass the query within the scope (a set of connection ids, or every
   * connection). `markersVersion` changes when findings changed; only `has:` terms care. The returned
   * array is extended in place on appends.
   */
  filtered(query: ParsedQuery, scope: ReadonlySet<string> | undefined, markersVersion: number, ctx: FrameContext): number[] {
    const markers = queryUsesFindings(query) ? markersVersion : 0;
    let v = this.visible;
    if (!v || v.query !== query || v.scope !== scope || v.markers !== markers || v.done > this.frames.length) {
      v = this.visible = { query, scope, markers, done: 0, list: [] };
    }
    const all = isEmptyQuery(query);
    // Terms over the frame's own fields are matched without a row object per frame.
    const fast = all ? undefined : framePredicate(query, (id) => ctx.connectionName(id));
    for (let i = v.done; i < this.frames.length; i++) {
      const frame = this.frames[i] as Frame;
      if (scope && !scope.has(frame.connectionId)) continue;
      if (all || (fast ? fast(frame, this.bytes[i] ?? 0) : matchesQuery(query, this.queryRow(i, ctx)))) v.list.push(i);
    }
    v.done = this.frames.length;
    return v.list;
  }

  private queryRow(position: number, ctx: FrameContext): QueryRow {
    const frame = this.frames[position] as Frame;
    return {
      text: () => frameText(frame),
      event: () => this.describe(position, ctx.protocolOf(frame.connectionId)).event,
      direction: frame.direction,
      connection: frame.connectionId,
      get connectionLabel() {
        return ctx.connectionName(frame.connectionId);
      },
      bytes: this.bytes[position] ?? 0,
      frameKind: frame.kind,
      get severity() {
        return ctx.severityOf(frame.index);
      },
    };
  }
}
