// The session's waterfall: one lane per connection with its frames as ticks and streamed text as bars,
// a faint band for the time its request lasted (hover: its tokens and cost as reported), and under it a
// lane per AG-UI sub-agent holding that sub-agent's messages and tool calls (✕ when it ended in
// SUBAGENT_ERROR); the run's own tool calls and approvals as spans under the lanes with their
// durations, long gaps shaded. A client
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
import { CATEGORY_LABELS, elideMiddle, laneBands, layoutWaterfall, nearestFrame, spanCaption, spanOutcomeText, type PlacedSpan, type WaterfallLayout, type WaterfallSpan } from './waterfall-model';
import { answersFrom, waterfallSpans } from '../store/waterfall-spans';
import { sessionState } from '../store/session-summary';
import type { PanelSession } from '../store/session-set';
import type { ConversationRequest } from '../../analysis/conversations';
import type { Session } from '../../analysis/sessions';
import { sentMessage } from '../../analysis/conversation-turns-protocols';
import { sessionMetrics } from '../store/session-metrics';
import { DEFAULT_GAP_THRESHOLD_MS } from '../../analysis/metrics';
import { sessionSubagents } from '../store/session-subagents';
import type { SessionSubagents, SubagentLane } from '../store/subagent-lanes';
import { tokensText } from '../../analysis/usage/tokens-text';
import { costText } from '../../analysis/usage/cost-text';
import type { SessionMetrics } from '../../analysis/metrics-types';

const LABEL_WIDTH = 120;
const AXIS = 18;
const LANE = 18;
const SPAN_ROW = 14;
/** Indent of a sub-agent's lane label per level of nesting. */
const SUB_INDENT = 8;
const GAP_THRESHOLD_MS = DEFAULT_GAP_THRESHOLD_MS;

interface Hover {
  x: number;
  y: number;
  lines: string[];
}

export function Waterfall({ store }: { store: PanelStore }) {
  touch(store.sessionsVersion.value);
  const session = store.sessions.current.value;
  const untimed = store.untimed.value;
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<Hover | undefined>(undefined);
  const [width, setWidth] = useState(600);
  const selected = store.selection.frame.value;

  // The canvas reads the theme's colours when it draws: draw again when the panel's theme changes.
  const [, setTheme] = useState('');
  useLayoutEffect(() => {
    const root = box.current?.closest('.asi-panel');
    if (!root || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => setTheme(root.className));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [box.current]);

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
  const subs = sessionSubagents(session);
  const spans = session ? onSubLanes(sessionSpans(store, session), subs) : [];
  const plot = Math.max(1, Math.floor(width - LABEL_WIDTH - 8));
  const layout = session && start !== undefined && !untimed ? layoutWaterfall({ track: session.track, start, spans, gapThreshold: GAP_THRESHOLD_MS, width: plot, subLanes: subLanesOf(subs) }) : undefined;
  const bands = layout ? laneBands(layout, AXIS, LANE, SPAN_ROW) : [];
  const lanesBottom = bands.length > 0 ? bands[bands.length - 1]!.y + bands[bands.length - 1]!.height : AXIS;
  const height = lanesBottom + 6 + (layout?.spanRows.length ?? 0) * SPAN_ROW + 6;
  const laneNames = session && layout ? laneLabels(layout, session.track.laneIds.map(store.connectionName), subs) : [];

  useEffect(() => {
    if (!session || !layout) return;
    const frame = requestAnimationFrame(() => {
      const el = canvas.current;
      if (!el) return;
      draw(el, layout, bands, laneNames, width, height, selected === undefined ? undefined : session.track, selected);
    });
    return () => cancelAnimationFrame(frame);
  });

  if (!session) return <div class="waterfall empty">No session selected.</div>;
  if (untimed) return <div class="waterfall empty">No timing: this input carries no clock, so there is nothing to lay out in time.</div>;
  if (start === undefined || session.track.length === 0 || !layout) return <div class="waterfall empty">No frames yet.</div>;

  const metrics = sessionMetrics(session);
  const laneTip = (lane: number): string[] => {
    if (lane < layout.connectionLanes) return requestTip(session.track.laneIds[lane] ?? '', store.connectionName, layout.connectionLanes, metrics);
    const sub = subs.lanes[lane - layout.connectionLanes];
    return sub ? subagentTip(sub, layout.bars[lane]?.length ?? 0, (layout.laneSpanRows[lane] ?? []).flat().length) : [];
  };
  const spanTip = (span: PlacedSpan): { frame: number; lines: string[] } => {
    const where = span.outcome === 'follow-up' && span.endFrame !== undefined ? ` (#${frameNumber(span.endFrame)})` : '';
    return { frame: span.startFrame, lines: [`${span.kind} ${span.label} · ${spanOutcomeText(span, formatDuration).long}${where}`] };
  };
  const locate = (e: MouseEvent): { frame?: number; lines: string[] } | undefined => {
    const el = canvas.current;
    if (!el) return undefined;
    const rect = el.getBoundingClientRect();
    const x = e.clientX - rect.left - LABEL_WIDTH;
    const y = e.clientY - rect.top;
    const msPerPx = (layout.end - layout.start) / layout.width;
    const t = layout.start + x * msPerPx;
    const band = bands.find((b) => y >= b.y && y < b.y + b.height);
    if (band) {
      const lane = band.lane;
      // The label: what the lane is (a request with its tokens, or a sub-agent).
      if (x < 0) return { lines: laneTip(lane) };
      if (y >= band.y + LANE) {
        const row = Math.floor((y - band.y - LANE) / SPAN_ROW);
        const span = layout.laneSpanRows[lane]?.[row]?.find((s) => x >= s.from && x <= s.to);
        return span ? spanTip(span) : undefined;
      }
      const at = nearestFrame(session.track, lane, t, msPerPx * 4, layout.laneOf);
      if (at !== undefined) {
        const index = session.track.indexes[at] as number;
        const category = session.track.category(at);
        const sub = lane >= layout.connectionLanes ? subs.lanes[lane - layout.connectionLanes] : undefined;
        return { frame: index, lines: [`#${frameNumber(index)} · ${CATEGORY_LABELS[category]} · ${formatDuration((session.track.times[at] as number) - layout.start)}${sub ? ` · sub-agent ${sub.name}` : ''}`] };
      }
      const gap = layout.gaps.find((g) => x >= g.from && x <= g.to);
      if (gap) return { frame: gap.beforeFrame, lines: [`gap of ${formatDuration(gap.ms)} between #${frameNumber(gap.afterFrame)} and #${frameNumber(gap.beforeFrame)}`] };
      // The lane's band: the request (or the sub-agent's run) it stands for.
      const extent = layout.extents[lane];
      if (extent && x >= extent.from - 2 && x <= extent.to + 2) return { lines: laneTip(lane) };
      return undefined;
    }
    if (x < 0) return undefined;
    const row = Math.floor((y - lanesBottom - 6) / SPAN_ROW);
    const span = layout.spanRows[row]?.find((s) => x >= s.from && x <= s.to);
    return span ? spanTip(span) : undefined;
  };

  const lanes = session.track.laneIds.length;
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
          aria-label={`Waterfall of ${session.track.length} frames on ${lanes} connection${lanes === 1 ? '' : 's'}${subs.lanes.length > 0 ? ` and ${subs.lanes.length} sub-agent${subs.lanes.length === 1 ? '' : 's'}` : ''}, ${spans.length} tool calls and approvals`}
          style={{ width: `${width}px`, height: `${height}px` }}
          onMouseMove={(e) => {
            const hit = locate(e);
            const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
            setHover(hit && hit.lines.length > 0 ? { x: e.clientX - rect.left, y: e.clientY - rect.top, lines: hit.lines } : undefined);
          }}
          onMouseLeave={() => setHover(undefined)}
          onClick={(e) => {
            const hit = locate(e);
            if (hit?.frame !== undefined) applyEvent(store, { type: 'selectFrame', index: hit.frame });
          }}
        />
        {hover && (
          <div class="waterfall-tip" role="status" data-testid="waterfall-tip" style={{ left: `${Math.max(0, Math.min(hover.x + 12, width - 300))}px`, top: `${hover.y + 12}px` }}>
            {hover.lines.map((line, i) => (
              <div key={i}>{line}</div>
            ))}
          </div>
        )}
        <LaneList layout={layout} bands={bands} names={laneNames} subs={subs} tip={laneTip} metrics={metrics} />
      </div>
    </div>
  );
}

/** The lanes as text, for screen readers (the canvas is one image) and tests: name, frames, bars and calls. */
function LaneList({
  layout,
  bands,
  names,
  subs,
  tip,
  metrics: m,
}: {
  layout: WaterfallLayout;
  bands: ReadonlyArray<{ lane: number; y: number }>;
  names: readonly LaneName[];
  subs: SessionSubagents;
  tip: (lane: number) => string[];
  metrics: SessionMetrics;
}) {
  return (
    <ul class="visually-hidden" data-testid="waterfall-lanes">
      {bands.map(({ lane, y }) => {
        const sub = lane >= layout.connectionLanes ? subs.lanes[lane - layout.connectionLanes] : undefined;
        const calls = (layout.laneSpanRows[lane] ?? []).flat().length;
        return (
          <li
            key={lane}
            data-lane={sub ? 'subagent' : 'connection'}
            data-name={sub ? sub.name : names[lane]?.text}
            data-y={y}
            {...(sub && { 'data-status': sub.status, 'data-depth': sub.depth })}
            {...(!sub && { 'data-input': m.tokens?.input ?? '', 'data-output': m.tokens?.output ?? '', 'data-cost': m.cost ? String(m.cost.usd) : '' })}
            data-frames={countFrames(layout, lane)}
            data-bars={layout.bars[lane]?.length ?? 0}
            data-calls={calls}
          >
            {tip(lane).join(' · ')}
          </li>
        );
      })}
    </ul>
  );
}

function countFrames(layout: WaterfallLayout, lane: number): number {
  let n = 0;
  for (let i = 0; i < layout.laneOf.length; i++) if (layout.laneOf[i] === lane) n++;
  return n;
}

interface LaneName {
  text: string;
  indent: number;
  failed: boolean;
}

/** Each lane's label: the connection's name, or the sub-agent's with an arrow, indented by its nesting. */
function laneLabels(layout: WaterfallLayout, connectionNames: readonly string[], subs: SessionSubagents): LaneName[] {
  const out: LaneName[] = connectionNames.map((text) => ({ text, indent: 0, failed: false }));
  subs.lanes.forEach((sub) => out.push({ text: sub.name, indent: SUB_INDENT * (sub.depth + 1), failed: sub.status === 'failed' }));
  return out.slice(0, layout.lanes.length);
}

/** The lane of each sub-agent, for the layout. */
function subLanesOf(subs: SessionSubagents): { count: number; of(frame: number): number | undefined } | undefined {
  if (subs.lanes.length === 0) return undefined;
  const index = new Map<SubagentLane, number>(subs.lanes.map((l, k) => [l, k]));
  return { count: subs.lanes.length, of: (frame) => {
    const lane = subs.of(frame);
    return lane === undefined ? undefined : index.get(lane);
  } };
}

/** A sub-agent's calls (and approvals) go on its lane: the frame that made them is one of its frames. */
function onSubLanes(spans: WaterfallSpan[], subs: SessionSubagents): WaterfallSpan[] {
  if (subs.lanes.length === 0) return spans;
  return spans.map((s) => {
    const lane = subs.of(s.startFrame);
    return lane ? { ...s, subLane: subs.lanes.indexOf(lane) } : s;
  });
}

/** A request lane's tooltip: what it is and its tokens and cost as the stream reported them. */
function requestTip(connectionId: string, nameOf: (id: string) => string, connections: number, m: SessionMetrics): string[] {
  // Tokens are the session's: with one connection they are this request's; with several, say so.
  const whose = connections === 1 ? '' : ` (the session's ${connections} connections)`;
  if (!m.tokens) return [`request ${nameOf(connectionId)}`, `tokens${whose}: not reported by the stream`];
  return [`request ${nameOf(connectionId)}`, `tokens${whose}: ${tokensText(m.tokens)}`, `cost: ${costText(m)}`];
}

function subagentTip(sub: SubagentLane, bars: number, calls: number): string[] {
  const status = sub.status === 'failed' ? 'failed (SUBAGENT_ERROR)' : sub.status;
  return [`sub-agent ${sub.name} · ${status}`, `${sub.frames.length} frame${sub.frames.length === 1 ? '' : 's'} · ${bars} text bar${bars === 1 ? '' : 's'} · ${calls} call${calls === 1 ? '' : 's'}`];
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
  bands: ReadonlyArray<{ lane: number; y: number; height: number }>,
  laneNames: readonly LaneName[],
  width: number,
  height: number,
  selectedTrack: { indexes: Int32Array; times: Float64Array; length: number } | undefined,
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
    tint: cssVar(el, '--row-alt', '#f8f9fa'),
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
  const last = bands[bands.length - 1];
  const plotHeight = last ? last.y + last.height : AXIS;

  // A sub-agent's lane is tinted, so it reads as part of the run above it; first, under everything.
  ctx.fillStyle = colour.tint;
  for (const { lane, y, height: bandHeight } of bands) {
    if (lane < layout.connectionLanes) continue;
    const indent = laneNames[lane]?.indent ?? 0;
    ctx.fillRect(indent - 4, y, width - indent + 4, bandHeight);
  }

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

  for (const { lane: i, y } of bands) {
    const lane = layout.lanes[i];
    if (!lane) continue;
    const name = laneNames[i] ?? { text: '', indent: 0, failed: false };
    const sub = i >= layout.connectionLanes;
    // The label: a sub-agent's after an arrow (✕ when it failed, in the error hue).
    const prefix = sub ? (name.failed ? '✕ ' : '↳ ') : '';
    ctx.fillStyle = name.failed ? catColour.error : colour.fg;
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
      // The most telling kind in the column wins: error, then tool and approval events, then the rest.
      const code = pick(f);
      const cat = CATEGORY_CODES[code] ?? 'other';
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
    (layout.laneSpanRows[i] ?? []).forEach((row, r) => drawSpanRow(ctx, row, y + LANE + r * SPAN_ROW, layout.width, catColour, colour));
  }

  for (const g of layout.gaps) {
    if (g.to - g.from < 40) continue;
    ctx.fillStyle = colour.muted;
    ctx.fillText(formatDuration(g.ms), x0 + g.from + 4, AXIS + 7);
  }

  layout.spanRows.forEach((row, r) => drawSpanRow(ctx, row, plotHeight + 6 + r * SPAN_ROW, layout.width, catColour, colour));
  if (layout.spanRows.length > 0) {
    ctx.fillStyle = colour.muted;
    ctx.fillText('tools, approvals', 2, plotHeight + 6 + SPAN_ROW / 2);
  }

  if (selectedTrack && selected !== undefined) {
    for (let i = 0; i < selectedTrack.length; i++) {
      if (selectedTrack.indexes[i] !== selected) continue;
      const x = x0 + Math.floor((((selectedTrack.times[i] as number) - layout.start) / span) * layout.width);
      const band = bands.find((b) => b.lane === layout.laneOf[i]);
      if (!band) break;
      ctx.strokeStyle = colour.sel;
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 2, band.y + 1, 5, LANE - 2);
      ctx.lineWidth = 1;
      break;
    }
  }
}

/** One row of spans at `y`: each bar in its kind's hue, its end marked, its caption where it fits. */
function drawSpanRow(
  ctx: CanvasRenderingContext2D,
  row: readonly PlacedSpan[],
  y: number,
  plotWidth: number,
  catColour: Record<CategoryName, string>,
  colour: { fg: string; bg: string },
): void {
  const x0 = LABEL_WIDTH;
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
      { where: 'after', room: (next ? next.from : plotWidth) - s.to - 6 },
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
      ctx.lineTo(x0 + plotWidth, y + SPAN_ROW / 2 + 0.5);
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
