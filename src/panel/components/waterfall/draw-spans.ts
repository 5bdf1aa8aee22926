// One row of tool call and approval spans on the canvas: each bar in its kind's hue, its end marked when
// answered, a dotted line on to the end of the axis when never answered, and its caption where it fits.
import { formatDuration } from '../../store/session-time';
import { spanCaption, spanOutcomeText, type PlacedSpan } from './layout';
import { LABEL_WIDTH, SPAN_ROW } from './geometry';
import type { Palette } from './palette';

type CaptionPlace = 'inside' | 'after' | 'before';

/** One row of spans at `y`: each bar in its kind's hue, its end marked, its caption where it fits. */
export function drawSpanRow(ctx: CanvasRenderingContext2D, row: readonly PlacedSpan[], y: number, plotWidth: number, palette: Palette): void {
  const x0 = LABEL_WIDTH;
  const catColour = palette.category;
  row.forEach((s, k) => {
    const hue = s.kind === 'tool' ? catColour['tool-call'] : catColour.approval;
    const barWidth = Math.max(2, s.to - s.from);
    ctx.fillStyle = hue;
    ctx.globalAlpha = s.outcome === 'waiting' ? 0.45 : 0.85;
    ctx.fillRect(x0 + s.from, y + 2, barWidth, SPAN_ROW - 4);
    ctx.globalAlpha = 1;
    // Answered: the end in the result's hue; cut off: in the error's. Never answered: a dotted line on
    // to the end of the axis.
    if (s.outcome === 'result' || s.outcome === 'follow-up' || s.outcome === 'cut-off') {
      ctx.fillStyle = s.outcome === 'cut-off' ? catColour.error : s.kind === 'tool' ? catColour['tool-result'] : palette.fg;
      ctx.fillRect(x0 + s.from + barWidth - 2, y + 1, 2, SPAN_ROW - 2);
    }
    const { caption, where } = placeCaption(ctx, s, row[k - 1], row[k + 1], barWidth, plotWidth);
    const inside = where === 'inside';
    if (s.outcome === 'unanswered') {
      // Never answered: a dotted line (from the caption when it is after the stub) on to the end of the axis.
      const from = x0 + s.to + (caption && where === 'after' ? ctx.measureText(caption).width + 8 : 0);
      ctx.strokeStyle = hue;
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(from, y + SPAN_ROW / 2 + 0.5);
      ctx.lineTo(x0 + plotWidth, y + SPAN_ROW / 2 + 0.5);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (caption) {
      ctx.fillStyle = palette.fg;
      const tx = inside ? x0 + s.from + 3 : where === 'after' ? x0 + s.to + 4 : x0 + s.from - 4 - ctx.measureText(caption).width;
      if (inside) {
        // Text over the bar: a backing in the page's colour keeps it legible on every hue.
        ctx.globalAlpha = 0.8;
        ctx.fillStyle = palette.bg;
        ctx.fillRect(tx - 1, y + 2, ctx.measureText(caption).width + 2, SPAN_ROW - 4);
        ctx.globalAlpha = 1;
        ctx.fillStyle = palette.fg;
      }
      ctx.fillText(caption, tx, y + SPAN_ROW / 2);
    }
  });
}

/**
 * The caption where most of it fits: inside the bar, after it (up to the next span of the row or the
 * plot's end) or before it (back to the previous span, or the plot's start).
 */
function placeCaption(
  ctx: CanvasRenderingContext2D,
  s: PlacedSpan,
  previous: PlacedSpan | undefined,
  next: PlacedSpan | undefined,
  barWidth: number,
  plotWidth: number,
): { caption: string; where: CaptionPlace } {
  const outcome = spanOutcomeText(s, formatDuration);
  const places: Array<{ where: CaptionPlace; room: number }> = [
    ...(s.outcome !== 'unanswered' ? [{ where: 'inside' as const, room: barWidth - 6 }] : []),
    { where: 'after', room: (next ? next.from : plotWidth) - s.to - 6 },
    // An open span's line runs on after it, so its caption may also go before it.
    { where: 'before', room: s.from - (previous ? previous.to : 0) - 8 },
  ];
  let caption = '';
  let where: CaptionPlace = 'after';
  for (const place of places) {
    if (place.room <= 12) continue;
    const text = spanCaption(s.label, outcome, (t) => ctx.measureText(t).width <= place.room);
    if (text.length > caption.length) {
      caption = text;
      where = place.where;
    }
  }
  return { caption, where };
}
