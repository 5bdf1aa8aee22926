// The waterfall on its canvas, drawn whole each time (at most once per animation frame): sub-agent lane
// tints, shaded gaps, the time axis, each lane, the run's own tool calls and approvals under the lanes,
// and the selected frame's outline.
import { formatDuration } from '../../store/session-time';
import type { WaterfallLayout } from './layout';
import { AXIS, LABEL_WIDTH, LANE, SPAN_ROW, type LaneBand } from './geometry';
import type { LaneName } from './lanes';
import { readPalette } from './palette';
import { niceStep } from './ticks';
import { drawLane } from './draw-lane';
import { drawSpanRow } from './draw-spans';

export interface SelectedFrame {
  track: { indexes: Int32Array; times: Float64Array; length: number };
  index: number;
}

export function drawWaterfall(
  el: HTMLCanvasElement,
  layout: WaterfallLayout,
  bands: readonly LaneBand[],
  laneNames: readonly LaneName[],
  width: number,
  height: number,
  selected: SelectedFrame | undefined,
): void {
  const ratio = globalThis.devicePixelRatio || 1;
  if (el.width !== Math.round(width * ratio) || el.height !== Math.round(height * ratio)) {
    el.width = Math.round(width * ratio);
    el.height = Math.round(height * ratio);
  }
  const ctx = el.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const palette = readPalette(el);
  ctx.clearRect(0, 0, width, height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const x0 = LABEL_WIDTH;
  const last = bands[bands.length - 1];
  const plotHeight = last ? last.y + last.height : AXIS;

  // A sub-agent's lane is tinted, so it reads as part of the run above it; first, under everything.
  ctx.fillStyle = palette.tint;
  for (const { lane, y, height: bandHeight } of bands) {
    if (lane < layout.connectionLanes) continue;
    const indent = laneNames[lane]?.indent ?? 0;
    ctx.fillRect(indent - 4, y, width - indent + 4, bandHeight);
  }

  // Gaps first, so the ticks draw over their edges.
  ctx.fillStyle = palette.gap;
  for (const g of layout.gaps) ctx.fillRect(x0 + g.from + 1, AXIS, Math.max(1, g.to - g.from - 1), plotHeight - AXIS);

  drawAxis(ctx, layout, width, plotHeight, palette);

  for (const { lane, y } of bands) drawLane(ctx, layout, lane, y, laneNames[lane] ?? { text: '', indent: 0, failed: false }, width, palette);

  for (const g of layout.gaps) {
    if (g.to - g.from < 40) continue;
    ctx.fillStyle = palette.muted;
    ctx.fillText(formatDuration(g.ms), x0 + g.from + 4, AXIS + 7);
  }

  layout.spanRows.forEach((row, r) => drawSpanRow(ctx, row, plotHeight + 6 + r * SPAN_ROW, layout.width, palette));
  if (layout.spanRows.length > 0) {
    ctx.fillStyle = palette.muted;
    ctx.fillText('tools, approvals', 2, plotHeight + 6 + SPAN_ROW / 2);
  }

  if (selected) outlineSelected(ctx, layout, bands, selected, palette.sel);
}

/** Time axis: about one label per 90 px, on round steps, each with a line down through the lanes. */
function drawAxis(ctx: CanvasRenderingContext2D, layout: WaterfallLayout, width: number, plotHeight: number, palette: { muted: string; border: string }): void {
  const x0 = LABEL_WIDTH;
  const span = layout.end - layout.start;
  const step = niceStep(span / Math.max(1, layout.width / 90));
  ctx.fillStyle = palette.muted;
  ctx.strokeStyle = palette.border;
  for (let t = 0; t <= span; t += step) {
    const x = x0 + Math.round((t / span) * layout.width);
    const label = formatDuration(t);
    // A label that would run past the canvas's edge is left out (its tick stays).
    if (x + 2 + ctx.measureText(label).width <= width) ctx.fillText(label, x + 2, AXIS / 2);
    ctx.beginPath();
    ctx.moveTo(x + 0.5, AXIS - 4);
    ctx.lineTo(x + 0.5, plotHeight);
    ctx.stroke();
  }
}

/** The selected frame: an outline on its lane at its time. */
function outlineSelected(ctx: CanvasRenderingContext2D, layout: WaterfallLayout, bands: readonly LaneBand[], selected: SelectedFrame, colour: string): void {
  const { track, index } = selected;
  const span = layout.end - layout.start;
  for (let i = 0; i < track.length; i++) {
    if (track.indexes[i] !== index) continue;
    const x = LABEL_WIDTH + Math.floor((((track.times[i] as number) - layout.start) / span) * layout.width);
    const band = bands.find((b) => b.lane === layout.laneOf[i]);
    if (!band) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.strokeRect(x - 2, band.y + 1, 5, LANE - 2);
    ctx.lineWidth = 1;
    return;
  }
}
