// The captured frames, append-only, with their sizes, their descriptions (computed when first asked
// for) and the filtered list of positions. Appending costs O(new frames): the filtered list is extended
// rather than rebuilt unless the query, the session scope or (for `has:` terms) the findings changed.
import type { Frame } from '../../model/frame';
import type { Severity } from '../../model/finding';
import { frameText } from '../../model/decode';
import type { FrameDescription, ProtocolDefinition } from '../../protocols/types';
import { describeFrameFor, payloadBytes } from './frame-row';
import { isEmptyQuery, matchesQuery, queryUsesFindings, type ParsedQuery, type QueryRow } from './query';

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
  private descriptions: (FrameDescription | undefined)[] = [];
  private describedAs: (string | undefined)[] = [];
  private byConnection = new Map<string, Frame[]>();
  private positions = new Map<number, number>();
  private visible: { query: ParsedQuery; scope: ReadonlySet<string> | undefined; markers: number; done: number; list: number[] } | undefined;

  reset(): void {
    this.frames = [];
    this.bytes = [];
    this.descriptions = [];
    this.describedAs = [];
    this.byConnection = new Map();
    this.positions = new Map();
    this.visible = undefined;
  }

  add(frame: Frame): void {
    this.positions.set(frame.index, this.frames.length);
    this.frames.push(frame);
    this.bytes.push(payloadBytes(frame));
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
    return this.positions.get(index);
  }

  byIndex(index: number): Frame | undefined {
    const at = this.positions.get(index);
    return at === undefined ? undefined : this.frames[at];
  }

  /** What the frame at `position` is, as its session's protocol reads it; cached per protocol. */
  describe(position: number, protocol: ProtocolDefinition | undefined): FrameDescription {
    const id = protocol?.id ?? '';
    const cached = this.descriptions[position];
    if (cached && this.describedAs[position] === id) return cached;
    const frame = this.frames[position] as Frame;
    const description = describeFrameFor(protocol, frame);
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
    for (let i = v.done; i < this.frames.length; i++) {
      const frame = this.frames[i] as Frame;
      if (scope && !scope.has(frame.connectionId)) continue;
      if (all || matchesQuery(query, this.queryRow(i, ctx))) v.list.push(i);
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
