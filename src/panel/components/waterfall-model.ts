// What the waterfall draws, computed from a session's track in one pass over flat arrays: per lane
// (connection) and pixel column, which kinds of frames fall there; text and reasoning runs as bars;
// long gaps; tool calls and approvals as spans stacked into rows. Pure, so it is tested without a
// canvas and timed in the bench on 100,000 frames.
import type { SessionTrack, CategoryName } from '../store/session-track';
import { CATEGORY_CODES } from '../store/session-track';

export interface WaterfallSpan {
  kind: 'tool' | 'approval' | 'question';
  label: string;
  startFrame: number;
  endFrame?: number;
  start: number;
  /** Undefined while the call waits for its result. */
  end?: number;
}

export interface WaterfallInput {
  track: SessionTrack;
  /** Epoch ms the axis starts at (the session's request). */
  start: number;
  spans: readonly WaterfallSpan[];
  /** Gaps over this many ms are marked. */
  gapThreshold: number;
  /** Pixel columns of the plot. */
  width: number;
}

export interface LaneColumns {
  /** Bit per category code, per pixel column. */
  flags: Uint16Array;
}

export interface WaterfallLayout {
  start: number;
  end: number;
  width: number;
  lanes: LaneColumns[];
  /** [fromColumn, toColumn) runs of text and reasoning per lane, for the streaming bars. */
  bars: Array<Array<{ from: number; to: number; kind: 'text' | 'reasoning' }>>;
  gaps: Array<{ from: number; to: number; ms: number; afterFrame: number; beforeFrame: number }>;
  spanRows: Array<Array<WaterfallSpan & { from: number; to: number; open: boolean }>>;
}

export const MAX_SPAN_ROWS = 6;

const TEXT = CATEGORY_CODES.indexOf('text');
const REASONING = CATEGORY_CODES.indexOf('reasoning');

export function layoutWaterfall(input: WaterfallInput): WaterfallLayout {
  const { track, spans, width } = input;
  const start = input.start;
  let end = start + 1;
  if (track.length > 0) end = Math.max(end, track.times[track.length - 1] as number);
  for (const s of spans) end = Math.max(end, s.end ?? s.start);
  const scale = width / (end - start);
  const column = (t: number) => Math.max(0, Math.min(width - 1, Math.floor((t - start) * scale)));

  const lanes: LaneColumns[] = track.laneIds.map(() => ({ flags: new Uint16Array(width) }));
  const gaps: WaterfallLayout['gaps'] = [];
  for (let i = 0; i < track.length; i++) {
    const t = track.times[i] as number;
    const lane = lanes[track.lanes[i] as number];
    if (lane) lane.flags[column(t)]! |= 1 << (track.categories[i] as number);
    if (i > 0) {
      const gap = t - (track.times[i - 1] as number);
      if (gap > input.gapThreshold) gaps.push({ from: column(track.times[i - 1] as number), to: column(t), ms: gap, afterFrame: track.indexes[i - 1] as number, beforeFrame: track.indexes[i] as number });
    }
  }

  const bars = lanes.map((lane) => runs(lane.flags, width));
  const spanRows: WaterfallLayout['spanRows'] = [];
  const rowEnds: number[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const from = column(s.start);
    const to = Math.max(from + 2, column(s.end ?? end));
    let row = rowEnds.findIndex((e) => e <= from);
    if (row < 0) {
      if (rowEnds.length >= MAX_SPAN_ROWS) row = rowEnds.length - 1;
      else {
        row = rowEnds.length;
        rowEnds.push(0);
        spanRows.push([]);
      }
    }
    rowEnds[row] = to + 1;
    spanRows[row]!.push({ ...s, from, to, open: s.end === undefined });
  }
  return { start, end, width, lanes, bars, gaps, spanRows };
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
export function nearestFrame(track: SessionTrack, lane: number, t: number, tolerance: number): number | undefined {
  let at = track.firstAtOrAfter(t - tolerance);
  let best: number | undefined;
  let bestDistance = Infinity;
  for (; at < track.length; at++) {
    const time = track.times[at] as number;
    if (time > t + tolerance) break;
    if (track.lanes[at] !== lane) continue;
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
