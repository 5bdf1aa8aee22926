// One lane on the canvas: its label (a sub-agent's after an arrow, ✕ when it failed), a faint band for
// the time its request or run lasted, streamed text and reasoning as bars, every other kind of frame as a
// tick per pixel column, and the calls it made in span rows under it.
import type { WaterfallLayout } from './layout';
import { elideMiddle } from './layout';
import { LABEL_WIDTH, LANE, SPAN_ROW } from './geometry';
import type { LaneName } from './lanes';
import type { Palette } from './palette';
import { tickCategory } from './ticks';
import { drawSpanRow } from './draw-spans';

export function drawLane(ctx: CanvasRenderingContext2D, layout: WaterfallLayout, i: number, y: number, name: LaneName, width: number, palette: Palette): void {
  const lane = layout.lanes[i];
  if (!lane) return;
  const catColour = palette.category;
  const x0 = LABEL_WIDTH;
  const sub = i >= layout.connectionLanes;
  // The label: a sub-agent's after an arrow (✕ when it failed, in the error hue).
  const prefix = sub ? (name.failed ? '✕ ' : '↳ ') : '';
  ctx.fillStyle = name.failed ? catColour.error : palette.fg;
  const room = LABEL_WIDTH - 8 - name.indent - ctx.measureText(prefix).width;
  ctx.fillText(prefix + (elideMiddle(name.text, (t) => ctx.measureText(t).width <= room) ?? ''), 2 + name.indent, y + LANE / 2);
  // The request's (or the sub-agent's run's) time: a faint band from its first frame to its last.
  const extent = layout.extents[i];
  if (extent) {
    ctx.fillStyle = name.failed ? catColour.error : catColour.request;
    ctx.globalAlpha = 0.16;
    ctx.fillRect(x0 + extent.from, y + 3, Math.max(2, extent.to - extent.from + 1), LANE - 6);
    ctx.globalAlpha = 1;
  }
  for (const bar of layout.bars[i] ?? []) {
    ctx.fillStyle = catColour[bar.kind];
    ctx.fillRect(x0 + bar.from, y + 5, Math.max(2, bar.to - bar.from), LANE - 10);
  }
  for (let x = 0; x < layout.width; x++) {
    const f = lane.flags[x] as number;
    if (f === 0) continue;
    const cat = tickCategory(f);
    // Text and reasoning are drawn as bars above.
    if (cat === 'text' || cat === 'reasoning') continue;
    ctx.fillStyle = catColour[cat];
    ctx.fillRect(x0 + x, y + 2, 1.5, LANE - 4);
  }
  // A failed sub-agent: ✕ where its run ended.
  if (name.failed && extent) {
    ctx.fillStyle = catColour.error;
    ctx.font = 'bold 11px system-ui, sans-serif';
    ctx.fillText('✕', Math.min(x0 + extent.to + 4, width - 10), y + LANE / 2);
    ctx.font = '11px system-ui, sans-serif';
  }
  (layout.laneSpanRows[i] ?? []).forEach((row, r) => drawSpanRow(ctx, row, y + LANE + r * SPAN_ROW, layout.width, palette));
}
