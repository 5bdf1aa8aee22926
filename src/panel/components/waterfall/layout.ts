// What the waterfall draws, computed from a session's track in one pass over flat arrays: per lane
// (a connection, or a sub-agent's lane under its connection's) and pixel column, which kinds of frames
// fall there; each lane's first and last column; text and reasoning runs as bars;
// long gaps; tool calls and approvals as spans stacked into rows, each with a caption that fits (name
// elided from the middle, duration kept). Pure, so it is tested without a canvas and timed in the
// bench on 100,000 frames.
import type { SessionTrack, CategoryName } from '../../store/session-track';
import { CATEGORY_CODES } from '../../store/session-track';

/**
 * How a span ended: its result (or reply) in the stream, the page's follow-up request carrying a client
 * tool's result, its stream cut off before the result (`cut-off`, ending at the cut), or not at all:
 * `waiting` while the session may still get it, `unanswered` once it is over.
 */
export type SpanOutcome = 'result' | 'follow-up' | 'cut-off' | 'waiting' | 'unanswered';

export interface WaterfallSpan {
  kind: 'tool' | 'approval' | 'question';
  label: string;
  startFrame: number;
  endFrame?: number;
  start: number;
  /** Undefined while the call waits for its result, or when it never got one. */
  end?: number;
  outcome: SpanOutcome;
  /** The sub-lane (a sub-agent) whose call this is: drawn on that lane rather than under all of them. */
  subLane?: number;
}

/** Pixels of the solid part of an open-ended span (one never answered); a dotted line runs on to the axis end. */
export const OPEN_STUB = 16;

export interface WaterfallInput {
  track: SessionTrack;
  /** Epoch ms the axis starts at (the session's request). */
  start: number;
  spans: readonly WaterfallSpan[];
  /** Gaps over this many ms are marked. */
  gapThreshold: number;
  /** Pixel columns of the plot. */
  width: number;
  /**
   * Lanes within the connections' lanes (a sub-agent's frames): how many, and which one a frame (by
   * capture index) belongs to. Such a frame is drawn on its sub-lane, under its connection's lane.
   */
  subLanes?: { count: number; of(frame: number): number | undefined };
}

export interface LaneColumns {
  /** Bit per category code, per pixel column. */
  flags: Uint16Array;
}

export type PlacedSpan = WaterfallSpan & { from: number; to: number; open: boolean };

export interface WaterfallLayout {
  start: number;
  end: number;
  width: number;
  /** The connections' lanes (track lane order), then the sub-lanes. */
  lanes: LaneColumns[];
  /** Lanes from the first: the rest are sub-lanes. */
  connectionLanes: number;
  /** The lane of each track position, where sub-lanes take some frames; else the track's own lanes. */
  laneOf: Uint16Array;
  /** Each sub-lane's connection lane (the lane of its first frame); -1 for one with no frame yet. */
  parentOf: number[];
  /** Lanes in drawing order: each connection's lane followed by its sub-lanes. */
  order: number[];
  /** [first, last] column holding a frame of the lane (a connection: its request, a sub-agent: its run). */
  extents: Array<{ from: number; to: number } | undefined>;
  /** [fromColumn, toColumn) runs of text and reasoning per lane, for the streaming bars. */
  bars: Array<Array<{ from: number; to: number; kind: 'text' | 'reasoning' }>>;
  gaps: Array<{ from: number; to: number; ms: number; afterFrame: number; beforeFrame: number }>;
  /** Spans under all the lanes. `to` is where the bar ends; an `unanswered` span's bar is a stub and its row is kept to the end. */
  spanRows: PlacedSpan[][];
  /** Spans drawn on a lane (a sub-agent's calls), per lane; empty for most. */
  laneSpanRows: PlacedSpan[][][];
}

export const MAX_SPAN_ROWS = 6;
/** Rows of calls a sub-agent's lane takes at most (a busy one stacks the rest on its last row). */
export const MAX_LANE_SPAN_ROWS = 3;

const TEXT = CATEGORY_CODES.indexOf('text');
const REASONING = CATEGORY_CODES.indexOf('reasoning');

export function layoutWaterfall(input: WaterfallInput): WaterfallLayout {
  const { track, spans, width } = input;
  const start = input.start;
  let end = start + 1;
  if (track.length > 0) end = Math.max(end, track.times[track.length - 1] as number);
  // A span that never ended does not stretch the axis; one answered in a follow-up request does.
  for (const s of spans) end = Math.max(end, s.end ?? s.start);
  const scale = width / (end - start);
  const column = (t: number) => Math.max(0, Math.min(width - 1, Math.floor((t - start) * scale)));

  const connectionLanes = track.laneIds.length;
  const sub = input.subLanes && input.subLanes.count > 0 ? input.subLanes : undefined;
  const laneCount = connectionLanes + (sub?.count ?? 0);
  const lanes: LaneColumns[] = Array.from({ length: laneCount }, () => ({ flags: new Uint16Array(width) }));
  const extents: WaterfallLayout['extents'] = new Array(laneCount).fill(undefined);
  const parentOf: number[] = new Array(sub?.count ?? 0).fill(-1);
  let laneOf = track.lanes.subarray(0, track.length);
  if (sub) {
    laneOf = laneOf.slice();
    for (let i = 0; i < track.length; i++) {
      const k = sub.of(track.indexes[i] as number);
      if (k === undefined || k < 0 || k >= sub.count) continue;
      if (parentOf[k] === -1) parentOf[k] = track.lanes[i] as number;
      laneOf[i] = connectionLanes + k;
    }
  }
  const gaps: WaterfallLayout['gaps'] = [];
  for (let i = 0; i < track.length; i++) {
    const t = track.times[i] as number;
    const laneIndex = laneOf[i] as number;
    const lane = lanes[laneIndex];
    const x = column(t);
    if (lane) {
      lane.flags[x]! |= 1 << (track.categories[i] as number);
      const extent = extents[laneIndex];
      if (extent) extent.to = x;
      else extents[laneIndex] = { from: x, to: x };
    }
    if (i > 0) {
      const gap = t - (track.times[i - 1] as number);
      if (gap > input.gapThreshold) gaps.push({ from: column(track.times[i - 1] as number), to: column(t), ms: gap, afterFrame: track.indexes[i - 1] as number, beforeFrame: track.indexes[i] as number });
    }
  }

  const order: number[] = [];
  for (let c = 0; c < connectionLanes; c++) {
    order.push(c);
    parentOf.forEach((p, k) => p === c && order.push(connectionLanes + k));
  }

  const bars = lanes.map((lane) => runs(lane.flags, width));
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const onLane = (s: WaterfallSpan) => s.subLane !== undefined && s.subLane >= 0 && s.subLane < (sub?.count ?? 0) && parentOf[s.subLane] !== -1;
  const spanRows = packSpans(sorted.filter((s) => !onLane(s)), column, width, end, MAX_SPAN_ROWS);
  const laneSpanRows: PlacedSpan[][][] = lanes.map(() => []);
  for (let k = 0; k < (sub?.count ?? 0); k++) {
    const mine = sorted.filter((s) => onLane(s) && s.subLane === k);
    if (mine.length > 0) laneSpanRows[connectionLanes + k] = packSpans(mine, column, width, end, MAX_LANE_SPAN_ROWS);
  }
  return { start, end, width, lanes, connectionLanes, laneOf, parentOf, order, extents, bars, gaps, spanRows, laneSpanRows };
}

/** Spans stacked into rows (a row takes the next span that starts after its last one ends). */
function packSpans(spans: readonly WaterfallSpan[], column: (t: number) => number, width: number, end: number, maxRows: number): PlacedSpan[][] {
  const rows: PlacedSpan[][] = [];
  const rowEnds: number[] = [];
  for (const s of spans) {
    const from = column(s.start);
    const unanswered = s.end === undefined && s.outcome === 'unanswered';
    const to = unanswered ? Math.min(width, from + OPEN_STUB) : Math.max(from + 2, column(s.end ?? end));
    let row = rowEnds.findIndex((e) => e <= from);
    if (row < 0) {
      if (rowEnds.length >= maxRows) row = rowEnds.length - 1;
      else {
        row = rowEnds.length;
        rowEnds.push(0);
        rows.push([]);
      }
    }
    // An open span holds its row to the end: it is still open there.
    rowEnds[row] = s.end === undefined ? width + 1 : to + 1;
    rows[row]!.push({ ...s, from, to, open: s.end === undefined });
  }
  return rows;
}

/** Where each lane is drawn: its top and height, in drawing order, from the axis down. */
export function laneBands(layout: Pick<WaterfallLayout, 'order' | 'laneSpanRows'>, top: number, laneHeight: number, spanRowHeight: number): Array<{ lane: number; y: number; height: number }> {
  const out: Array<{ lane: number; y: number; height: number }> = [];
  let y = top;
  for (const lane of layout.order) {
    const height = laneHeight + (layout.laneSpanRows[lane]?.length ?? 0) * spanRowHeight;
    out.push({ lane, y, height });
    y += height;
  }
  return out;
}

/** What a span's outcome reads as after its name: in full, and in short for a narrow bar. */
export function spanOutcomeText(span: Pick<WaterfallSpan, 'start' | 'end' | 'outcome' | 'kind'>, formatDuration: (ms: number) => string): { long: string; short: string } {
  const took = span.end === undefined ? '' : formatDuration(span.end - span.start);
  switch (span.outcome) {
    case 'result':
      return { long: took, short: took };
    case 'follow-up':
      return { long: `${took} to the follow-up request`, short: took };
    case 'cut-off':
      return { long: `cut off after ${took}`, short: 'cut off' };
    case 'waiting':
      return { long: span.kind === 'tool' ? 'waiting for its result' : 'waiting for the reply', short: 'waiting' };
    case 'unanswered':
      return { long: span.kind === 'tool' ? 'never answered in the capture' : 'never replied to in the capture', short: span.kind === 'tool' ? 'never answered' : 'no reply' };
  }
}

/**
 * The longest caption that fits: the name and the outcome in full, then in short, the name elided from
 * the middle (its start and end tell tools apart: `get_weather_forecast`, `get_…_forecast`), then the
 * short outcome alone, then the name alone elided; '' when nothing fits.
 */
export function spanCaption(name: string, outcome: { long: string; short: string }, fits: (text: string) => boolean): string {
  for (const text of [outcome.long, outcome.short]) if (fits(`${name} · ${text}`)) return `${name} · ${text}`;
  const elided = elideMiddle(name, (n) => fits(`${n} · ${outcome.short}`), 4);
  if (elided !== undefined) return `${elided} · ${outcome.short}`;
  if (fits(outcome.short)) return outcome.short;
  return elideMiddle(name, fits, 2) ?? '';
}

/** `text` with its middle replaced by `…` until it fits, keeping at least `keep` characters; undefined when even that does not fit. */
export function elideMiddle(text: string, fits: (text: string) => boolean, keep = 2): string | undefined {
  if (fits(text)) return text;
  const chars = [...text];
  // The longest kept length that fits, by binary search; the start keeps the extra character.
  let lo = keep;
  let hi = chars.length - 1;
  let best: string | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const head = Math.ceil(mid / 2);
    const candidate = `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (mid - head)).join('')}`;
    if (fits(candidate)) {
      best = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** Runs of adjacent columns holding text (or reasoning): a streaming answer reads as one bar. */
function runs(flags: Uint16Array, width: number): Array<{ from: number; to: number; kind: 'text' | 'reasoning' }> {
  const out: Array<{ from: number; to: number; kind: 'text' | 'reasoning' }> = [];
  let open: { from: number; to: number; kind: 'text' | 'reasoning' } | undefined;
  // Two empty columns inside a run still read as one stream at this scale.
  const bridge = 2;
  for (let x = 0; x < width; x++) {
    const f = flags[x] as number;
    const kind = f & (1 << TEXT) ? 'text' : f & (1 << REASONING) ? 'reasoning' : undefined;
    if (kind && open && open.kind === kind && x - open.to <= bridge) open.to = x + 1;
    else if (kind) {
      if (open) out.push(open);
      open = { from: x, to: x + 1, kind };
    }
  }
  if (open) out.push(open);
  return out;
}

/** The frame of `lane` nearest to time `t`, within `tolerance` ms; for hover and click. */
export function nearestFrame(track: SessionTrack, lane: number, t: number, tolerance: number, laneOf: ArrayLike<number> = track.lanes): number | undefined {
  let at = track.firstAtOrAfter(t - tolerance);
  let best: number | undefined;
  let bestDistance = Infinity;
  for (; at < track.length; at++) {
    const time = track.times[at] as number;
    if (time > t + tolerance) break;
    if (laneOf[at] !== lane) continue;
    const d = Math.abs(time - t);
    if (d < bestDistance) {
      bestDistance = d;
      best = at;
    }
  }
  return best;
}

export const CATEGORY_LABELS: Record<CategoryName, string> = {
  other: 'other',
  text: 'text',
  reasoning: 'reasoning',
  'tool-call': 'tool call',
  'tool-result': 'tool result',
  approval: 'approval',
  lifecycle: 'open / close',
  error: 'error',
  request: 'sent by the page',
};
