// The session's waterfall: one lane per connection with its frames as ticks and streamed text as bars,
// a faint band for the time its request lasted (hover: its tokens and cost as reported), and under it a
// lane per AG-UI sub-agent holding that sub-agent's messages and tool calls (✕ when it ended in
// SUBAGENT_ERROR); the run's own tool calls and approvals as spans under the lanes with their
// durations, long gaps shaded. A client tool answered in the page's follow-up request ends where that
// request starts; one never answered is a stub with a dotted line on to the end, and says so. Each kind
// has its own hue in both themes. Hover says what is under the pointer; a click selects that frame.
// Drawn on a canvas at most once per animation frame from flat arrays (layout.ts), so a 100,000-frame
// session draws in a few milliseconds.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelStore } from '../../store/store';
import { applyEvent } from '../../store/apply';
import { track as touch } from '../../store/track';
import { sessionStart } from '../../store/session-time';
import { sessionMetrics } from '../../store/session-metrics';
import { sessionSubagents } from '../../store/session-subagents';
import { laneBands, layoutWaterfall } from './layout';
import { AXIS, GAP_THRESHOLD_MS, LABEL_WIDTH, LANE, SPAN_ROW } from './geometry';
import { laneLabels, onSubLanes, subagentOfLane, subLanesOf } from './lanes';
import { requestTip, subagentTip } from './tooltips';
import { hitTest, type Hit } from './hit-test';
import { drawWaterfall } from './draw';
import { sessionSpans } from './session-spans';
import { useBoxWidth, useThemeRedraw } from './use-canvas-box';
import { Legend } from './Legend';
import { LaneList } from './LaneList';

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
  const selected = store.selection.frame.value;
  useThemeRedraw(box);
  const width = useBoxWidth(box);

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
      drawWaterfall(el, layout, bands, laneNames, width, height, selected === undefined ? undefined : { track: session.track, index: selected });
    });
    return () => cancelAnimationFrame(frame);
  });

  if (!session) return <div class="waterfall empty">No session selected.</div>;
  if (untimed) return <div class="waterfall empty">No timing: this input carries no clock, so there is nothing to lay out in time.</div>;
  if (start === undefined || session.track.length === 0 || !layout) return <div class="waterfall empty">No frames yet.</div>;

  const metrics = sessionMetrics(session);
  const laneTip = (lane: number): string[] => {
    if (lane < layout.connectionLanes) return requestTip(session.track.laneIds[lane] ?? '', store.connectionName, layout.connectionLanes, metrics);
    const sub = subagentOfLane(layout, subs, lane);
    return sub ? subagentTip(sub, layout.bars[lane]?.length ?? 0, (layout.laneSpanRows[lane] ?? []).flat().length) : [];
  };
  const locate = (e: MouseEvent): Hit | undefined => {
    const el = canvas.current;
    if (!el) return undefined;
    const rect = el.getBoundingClientRect();
    return hitTest({ layout, bands, lanesBottom, track: session.track, subs, laneTip }, e.clientX - rect.left, e.clientY - rect.top);
  };

  const lanes = session.track.laneIds.length;
  return (
    <div class="waterfall" ref={box} data-testid="waterfall" data-frames={session.track.length} data-outcomes={spans.map((s) => `${s.label}:${s.outcome}`).join(' ')}>
      <Legend unanswered={spans.some((s) => s.outcome === 'unanswered')} />
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
