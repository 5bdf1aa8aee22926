// The captured frames, append-only, with their timeline rows and the filtered list of positions.
// Appending costs O(new frames): rows are computed once, and the filtered list is extended rather
// than rebuilt unless the filter (or, for the severity filter, the findings) changed.
import type { Connection, Frame } from '../../model/frame';
import type { Severity } from '../../model/finding';
import { frameRow, type FrameRow } from './frame-row';
import { isFilterEmpty, matchesFilter, type TimelineFilter } from './filters';

export class FrameLog {
  frames: Frame[] = [];
  rows: FrameRow[] = [];
  readonly types = new Set<string>();
  private byConnection = new Map<string, Frame[]>();
  private positions = new Map<number, number>();
  private visible: { filter: TimelineFilter; markers: number; done: number; list: number[] } | undefined;

  reset(): void {
    this.frames = [];
    this.rows = [];
    this.types.clear();
    this.byConnection = new Map();
    this.positions = new Map();
    this.visible = undefined;
  }

  add(frame: Frame): void {
    this.positions.set(frame.index, this.frames.length);
    this.frames.push(frame);
    const row = frameRow(frame);
    this.rows.push(row);
    this.types.add(row.type);
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

  /**
   * Positions of the frames passing the filter. `markersVersion` changes when findings changed; it
   * only matters to the severity filter. The returned array is extended in place on appends.
   */
  filtered(filter: TimelineFilter, markersVersion: number, severityOf: (index: number) => Severity | undefined): number[] {
    const markers = filter.severity === '' ? 0 : markersVersion;
    let v = this.visible;
    if (!v || v.filter !== filter || v.markers !== markers || v.done > this.frames.length) {
      v = this.visible = { filter, markers, done: 0, list: [] };
    }
    const all = isFilterEmpty(filter);
    for (let i = v.done; i < this.frames.length; i++) {
      if (all || matchesFilter(this.frames[i] as Frame, this.rows[i] as FrameRow, filter, severityOf)) v.list.push(i);
    }
    v.done = this.frames.length;
    return v.list;
  }
}

export function connectionLabel(connection: Connection | undefined, id: string): string {
  if (!connection?.url) return id;
  try {
    const url = new URL(connection.url);
    return `${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return connection.url;
  }
}
