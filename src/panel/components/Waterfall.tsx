// The session's waterfall: one lane per connection with its frames as ticks and streamed text as bars,
// tool calls and approvals as spans under the lanes with their durations, long gaps shaded. A client
// tool answered in the page's follow-up request ends where that request starts; one never answered is
// a stub with a dotted line on to the end, and says so. Each kind has its own hue in both themes. Hover says what is under the
// pointer; a click selects that frame. Drawn on a canvas at most once per animation frame from flat
// arrays (waterfall-model.ts), so a 100,000-frame session draws in a few milliseconds.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PanelStore } from '../store/store';
import { applyEvent } from '../store/apply';
import { track as touch } from '../store/track';
import { sessionStart, formatDuration } from '../store/session-time';
import { frameNumber } from '../store/frame-row';
import { CATEGORY_CODES, type CategoryName } from '../store/session-track';
import { CATEGORY_LABELS, elideMiddle, layoutWaterfall, nearestFrame, spanCaption, spanOutcomeText, type WaterfallLayout, type WaterfallSpan } from './waterfall-model';
import { answersFrom, waterfallSpans } from '../store/waterfall-spans';
import { sessionState } from '../store/session-summary';
import type { PanelSession } from '../store/session-set';
import type { ConversationRequest } from '../../analysis/conversations';
import type { Session } from '../../analysis/sessions';
import { sentMessage } from '../../analysis/conversation-turns-protocols';
import { sessionMetrics } from '../store/session-metrics';
import { DEFAULT_GAP_THRESHOLD_MS } from '../../analysis/metrics';

const LABEL_WIDTH = 120;
const AXIS = 18;
const LANE = 18;
const SPAN_ROW = 14;
const GAP_THRESHOLD_MS = DEFAULT_GAP_THRESHOLD_MS;

interface Hover {
  x: number;
  y: number;
  text: string;
}

export function Waterfall({ store }: { store: PanelStore }) {
  touch(store.sessionsVersion.value);
  const session = store.sessions.current.value;
  const untimed = store.untimed.value;
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const layoutRef = useRef<WaterfallLayout | undefined>(undefined);
  const [hover, setHover] = useState<Hover | undefined>(undefined);
  const [width, setWidth] = useState(600);
  const selected = store.selection.frame.value;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    setWidth(Math.max(200, el.clientWidth));
    return () => observer.disconnect();
  }, []);

  const start = session ? sessionStart(session) : undefined;
  touch(store.findingsVersion.value);
  const spans = session ? sessionSpans(store, session) : [];
  const lanes = session?.track.laneIds.length ?? 0;
  const height = AXIS + lanes * LANE + 6 + Math.min(spans.length, 6) * SPAN_ROW + 6;

  useEffect(() => {
    if (!session || start === undefined || untimed) return;
    const frame = requestAnimationFrame(() => {
      const el = canvas.current;
      if (!el) return;
      const plot = Math.max(1, Math.floor(width - LABEL_WIDTH - 8));
      const layout = layoutWaterfall({ track: session.track, start, spans, gapThreshold: GAP_THRESHOLD_MS, width: plot });
      layoutRef.current = layout;
      draw(el, layout, session.track.laneIds.map(store.connectionName), width, height, selected === undefined ? undefined : session.track, selected);
    });
    return () => cancelAnimationFrame(frame);
  });

  if (!session) return <div class="waterfall empty">No session selected.</div>;
  if (untimed) return <div class="waterfall empty">No timing: this input carries no clock, so there is nothing to lay out in time.</div>;
  if (start === undefined || session.track.length === 0) return <div class="waterfall empty">No frames yet.</div>;

  const locate = (e: MouseEvent): { frame?: number; text: string } | undefined => {
    const layout = layoutRef.current;
    const el = canvas.current;
    if (!layout || !el) return undefined;
    const rect = el.getBoundingClientRect();
    const x = e.clientX - rect.left - LABEL_WIDTH;
    const y = e.clientY - rect.top;
    if (x < 0) return undefined;
    const msPerPx = (layout.end - layout.start) / layout.width;
    const t = layout.start + x * msPerPx;
    const lane = Math.floor((y - AXIS) / LANE);
    if (lane >= 0 && lane < session.track.laneIds.length) {
      const at = nearestFrame(session.track, lane, t, msPerPx * 4);
      if (at !== undefined) {
        const index = session.track.indexes[at] as number;
        const category = session.track.category(at);
        return { frame: index, text: `#${frameNumber(index)} · ${CATEGORY_LABELS[category]} · ${formatDuration((session.track.times[at] as number) - layout.start)}` };
      }
      const gap = layout.gaps.find((g) => x >= g.from && x <= g.to);
      if (gap) return { frame: gap.beforeFrame, text: `gap of ${formatDuration(gap.ms)} between #${frameNumber(gap.afterFrame)} and #${frameNumber(gap.beforeFrame)}` };
      return undefined;
    }
    const row = Math.floor((y - AXIS - lanes * LANE - 6) / SPAN_ROW);
    const span = layout.spanRows[row]?.find((s) => x >= s.from && x <= s.to);
    if (!span) return undefined;
    const where = span.outcome === 'follow-up' && span.endFrame !== undefined ? ` (#${frameNumber(span.endFrame)})` : '';
    return { frame: span.startFrame, text: `${span.kind} ${span.label} · ${spanOutcomeText(span, formatDuration).long}${where}` };
  };

  return (
    <div class="waterfall" ref={box} data-testid="waterfall" data-frames={session.track.length} data-outcomes={spans.map((s) => `${s.label}:${s.outcome}`).join(' ')}>
      <div class="waterfall-legend muted">
        {(['text', 'reasoning', 'tool-call', 'tool-result', 'approval', 'request', 'lifecycle', 'error'] as CategoryName[]).map((c) => (
          <span key={c} class="legend-item">
            <span class={`legend-swatch cat-${c}`} aria-hidden="true" /> {CATEGORY_LABELS[c]}
          </span>
        ))}
        <span class="legend-item">
          <span class="legend-swatch gap" aria-hidden="true" /> gap over {formatDuration(GAP_THRESHOLD_MS)}
        </span>
        {spans.some((s) => s.outcome === 'unanswered') && (
          <span class="legend-item">
            <span class="legend-swatch open-ended" aria-hidden="true" /> never answered
          </span>
        )}
      </div>
      <div class="waterfall-canvas-box">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Waterfall of ${session.track.length} frames on ${lanes} connection${lanes === 1 ? '' : 's'}, ${spans.length} tool calls and approvals`}
          style={{ width: `${width}px`, height: `${height}px` }}
          onMouseMove={(e) => {
            const hit = locate(e);
            const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
            setHover(hit ? { x: e.clientX - rect.left, y: e.clientY - rect.top, text: hit.text } : undefined);
          }}
          onMouseLeave={() => setHover(undefined)}
          onClick={(e) => {
            const hit = locate(e);
            if (hit?.frame !== undefined) applyEvent(store, { type: 'selectFrame', index: hit.frame });
          }}
        />
        {hover && (
          <div class="waterfall-tip" role="status" style={{ left: `${Math.min(hover.x + 12, width - 220)}px`, top: `${hover.y + 12}px` }}>
            {hover.text}
          </div>
        )}
      </div>
    </div>
  );
}

/** The session's spans; a call whose result came in the page's next request ends at that request. */
function sessionSpans(store: PanelStore, session: PanelSession) {
  const { list, ownerOf } = store.findings.across.conversations();
  const answers = answersFrom<Session, ConversationRequest>(list, (s) => ownerOf(s) === session, (index) => store.log.byIndex(index)?.time, carriedResults);
  const finished = sessionState(session, store.connections.value, store.source.value === 'hub') !== 'running';
  return waterfallSpans(sessionMetrics(session), { timeOf: (index) => session.metrics.timeOf(index), answers, finished });
}

/** The tool call ids a request's new messages carry results for. */
function carriedResults(request: ConversationRequest): Set<string> {
  const ids = new Set<string>();
  for (let i = request.newFrom; i < request.messages.length; i++) {
    for (const result of sentMessage(request.protocol, request.messages[i])?.results ?? []) ids.add(result.id);
  }
  return ids;
}

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

function draw(
  el: HTMLCanvasElement,
  layout: WaterfallLayout,
  laneNames: string[],
  width: number,
  height: number,
  selectedTrack: { indexes: Int32Array; times: Float64Array; length: number; lanes: Uint16Array } | undefined,
  selected: number | undefined,
): void {
  const ratio = globalThis.devicePixelRatio || 1;
  if (el.width !== Math.round(width * ratio) || el.height !== Math.round(height * ratio)) {
    el.width = Math.round(width * ratio);
    el.height = Math.round(height * ratio);
  }
  const ctx = el.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const colour = {
    fg: cssVar(el, '--fg', '#202124'),
    bg: cssVar(el, '--bg', '#ffffff'),
    muted: cssVar(el, '--muted', '#5f6368'),
    border: cssVar(el, '--border', '#dadce0'),
    gap: cssVar(el, '--hl', '#fff3c4'),
    sel: cssVar(el, '--blue', '#1a73e8'),
  };
  // Hues from errors-up-front.css: text, reasoning, tool call, tool result and approval told apart.
  const catColour: Record<CategoryName, string> = {
    other: colour.muted,
    text: cssVar(el, '--wf-text', '#1a73e8'),
    reasoning: cssVar(el, '--wf-reasoning', '#8430ce'),
    'tool-call': cssVar(el, '--wf-tool-call', '#e8710a'),
    'tool-result': cssVar(el, '--wf-tool-result', '#188038'),
    approval: cssVar(el, '--wf-approval', '#c5167b'),
    lifecycle: colour.muted,
    error: cssVar(el, '--red', '#d93025'),
    request: cssVar(el, '--wf-request', '#00838f'),
  };
  ctx.clearRect(0, 0, width, height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const x0 = LABEL_WIDTH;
  const plotHeight = AXIS + layout.lanes.length * LANE;

  // Gaps first, so the ticks draw over their edges.
  ctx.fillStyle = colour.gap;
  for (const g of layout.gaps) ctx.fillRect(x0 + g.from + 1, AXIS, Math.max(1, g.to - g.from - 1), plotHeight - AXIS);

  // Time axis: about one label per 90 px, on round steps.
  const span = layout.end - layout.start;
  const step = niceStep(span / Math.max(1, layout.width / 90));
  ctx.fillStyle = colour.muted;
  ctx.strokeStyle = colour.border;
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

  layout.lanes.forEach((lane, i) => {
    const y = AXIS + i * LANE;
    ctx.fillStyle = colour.fg;
    ctx.fillText(elideMiddle(laneNames[i] ?? '', (t) => ctx.measureText(t).width <= LABEL_WIDTH - 8) ?? '', 2, y + LANE / 2);
    for (const bar of layout.bars[i] ?? []) {
      ctx.fillStyle = catColour[bar.kind];
      ctx.fillRect(x0 + bar.from, y + 5, Math.max(2, bar.to - bar.from), LANE - 10);
    }
    for (let x = 0; x < layout.width; x++) {
      const f = lane.flags[x] as number;
      if (f === 0) continue;
      // The most telling kind in the column wins: error, then tool and approval events, then the rest.
      const code = pick(f);
      const cat = CATEGORY_CODES[code] ?? 'other';
      if (cat === 'text' || cat === 'reasoning') continue;
      ctx.fillStyle = catColour[cat];
      ctx.fillRect(x0 + x, y + 2, 1.5, LANE - 4);
    }
  });

  for (const g of layout.gaps) {
    if (g.to - g.from < 40) continue;
    ctx.fillStyle = colour.muted;
    ctx.fillText(formatDuration(g.ms), x0 + g.from + 4, AXIS + 7);
  }

  layout.spanRows.forEach((row, r) => {
    const y = plotHeight + 6 + r * SPAN_ROW;
    row.forEach((s, k) => {
      const hue = s.kind === 'tool' ? catColour['tool-call'] : catColour.approval;
      const barWidth = Math.max(2, s.to - s.from);
      ctx.fillStyle = hue;
      ctx.globalAlpha = s.outcome === 'waiting' ? 0.45 : 0.85;
      ctx.fillRect(x0 + s.from, y + 2, barWidth, SPAN_ROW - 4);
      ctx.globalAlpha = 1;
      // Answered: the end in the result's hue. Never answered: a dotted line on to the end of the axis.
      if (s.outcome === 'result' || s.outcome === 'follow-up') {
        ctx.fillStyle = s.kind === 'tool' ? catColour['tool-result'] : colour.fg;
        ctx.fillRect(x0 + s.from + barWidth - 2, y + 1, 2, SPAN_ROW - 2);
      }
      // The caption where most of it fits: inside the bar, after it (up to the next span of the row or
      // the plot's end) or before it (back to the previous span, or the plot's start).
      const next = row[k + 1];
      const previous = row[k - 1];
      const outcome = spanOutcomeText(s, formatDuration);
      const places: Array<{ where: 'inside' | 'after' | 'before'; room: number }> = [
        ...(s.outcome !== 'unanswered' ? [{ where: 'inside' as const, room: barWidth - 6 }] : []),
        { where: 'after', room: (next ? next.from : layout.width) - s.to - 6 },
        // An open span's line runs on after it, so its caption may also go before it.
        { where: 'before', room: s.from - (previous ? previous.to : 0) - 8 },
      ];
      let caption = '';
      let where: 'inside' | 'after' | 'before' = 'after';
      for (const place of places) {
        if (place.room <= 12) continue;
        const text = spanCaption(s.label, outcome, (t) => ctx.measureText(t).width <= place.room);
        if (text.length > caption.length) {
          caption = text;
          where = place.where;
        }
      }
      const inside = where === 'inside';
      if (s.outcome === 'unanswered') {
        // Never answered: a dotted line (from the caption when it is after the stub) on to the end of the axis.
        const from = x0 + s.to + (caption && where === 'after' ? ctx.measureText(caption).width + 8 : 0);
        ctx.strokeStyle = hue;
        ctx.setLineDash([2, 3]);
        ctx.beginPath();
        ctx.moveTo(from, y + SPAN_ROW / 2 + 0.5);
        ctx.lineTo(x0 + layout.width, y + SPAN_ROW / 2 + 0.5);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (caption) {
        ctx.fillStyle = colour.fg;
        const tx = inside ? x0 + s.from + 3 : where === 'after' ? x0 + s.to + 4 : x0 + s.from - 4 - ctx.measureText(caption).width;
        if (inside) {
          // Text over the bar: a backing in the page's colour keeps it legible on every hue.
          ctx.globalAlpha = 0.8;
          ctx.fillStyle = colour.bg;
          ctx.fillRect(tx - 1, y + 2, ctx.measureText(caption).width + 2, SPAN_ROW - 4);
          ctx.globalAlpha = 1;
          ctx.fillStyle = colour.fg;
        }
        ctx.fillText(caption, tx, y + SPAN_ROW / 2);
      }
    });
  });
  if (layout.spanRows.length > 0) {
    ctx.fillStyle = colour.muted;
    ctx.fillText('tools, approvals', 2, plotHeight + 6 + SPAN_ROW / 2);
  }

  if (selectedTrack && selected !== undefined) {
    for (let i = 0; i < selectedTrack.length; i++) {
      if (selectedTrack.indexes[i] !== selected) continue;
      const x = x0 + Math.floor((((selectedTrack.times[i] as number) - layout.start) / span) * layout.width);
      ctx.strokeStyle = colour.sel;
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 2, AXIS + (selectedTrack.lanes[i] as number) * LANE + 1, 5, LANE - 2);
      ctx.lineWidth = 1;
      break;
    }
  }
}

const PRIORITY: CategoryName[] = ['error', 'approval', 'tool-call', 'tool-result', 'request', 'lifecycle', 'reasoning', 'text', 'other'];
const PRIORITY_CODES = PRIORITY.map((c) => CATEGORY_CODES.indexOf(c));

function pick(flags: number): number {
  for (const code of PRIORITY_CODES) if (flags & (1 << code)) return code;
  return 0;
}

function niceStep(raw: number): number {
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
  return steps.find((s) => s >= raw) ?? 3_600_000 * Math.ceil(raw / 3_600_000);
}

export type { WaterfallSpan };
