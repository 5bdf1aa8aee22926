// The panel's time figures on a growing session: the store's append feeds each frame to the session's
// track (the waterfall's flat arrays) and its metrics tracker, so appending must cost the same at frame
// 10 and at frame 100,000 with both live; and the waterfall's layout of a 100,000-frame session (one
// pass over flat arrays) must stay far under a 50 ms long task, also when redone after an append.
import { performance } from 'node:perf_hooks';
import { applyEvent } from '../src/panel/store/apply';
import { createStore, type PanelStore } from '../src/panel/store/store';
import { sessionMetrics } from '../src/panel/store/session-metrics';
import { sessionStart } from '../src/panel/store/session-time';
import { waterfallSpans } from '../src/panel/store/waterfall-spans';
import { layoutWaterfall } from '../src/panel/components/waterfall/layout';
import { DEFAULT_GAP_THRESHOLD_MS } from '../src/analysis/metrics';
import type { PanelSession } from '../src/panel/store/session-set';
import type { Frame } from '../src/model/frame';
import { generateFlatSession } from './flat-session';

export interface PanelMetricsBench {
  frames: number;
  /** One hub append of one frame (track and metrics fed), per frame. */
  appendAt10Us: number;
  appendAt100kUs: number;
  appendRatio: number;
  /** The metrics strip's snapshot after an append, as drawn once per animation frame. */
  snapshotAt10Us: number;
  snapshotAt100kUs: number;
  /** One layout of the whole session at a 1,000-column plot. */
  layoutMs: number;
  /** One more frame appended, then the snapshot, the spans and the layout redone (what a live redraw costs). */
  appendThenLayoutMs: number;
  lanes: number;
}

const WINDOW = 1000;
const PLOT_WIDTH = 1000;

const snapshot = (tabId: number) =>
  ({
    type: 'snapshot',
    tabId,
    // A request start is recorded, so the figures are real times (as on a live page).
    capture: { connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws', startedAt: 0 }], frames: [] },
    sessions: [],
    dropped: 0,
    cut: 0,
    rejected: 0,
    ignored: 0,
    preserveLog: false,
    recording: true,
  }) as const;

function appendOne(store: PanelStore, frame: Frame): void {
  applyEvent(store, { type: 'hub', message: { type: 'append', frames: [frame], connections: [], sessions: [] } });
}

function layoutOf(session: PanelSession): ReturnType<typeof layoutWaterfall> {
  const spans = waterfallSpans(sessionMetrics(session), { timeOf: (index) => session.metrics.timeOf(index), finished: true });
  return layoutWaterfall({ track: session.track, start: sessionStart(session) ?? 0, spans, gapThreshold: DEFAULT_GAP_THRESHOLD_MS, width: PLOT_WIDTH });
}

export function benchPanelMetrics(total = 100_000 + WINDOW, rounds = 3): PanelMetricsBench {
  const frames = generateFlatSession(total + 1).slice(0, total + 1);
  const best = { appendAt10Us: Infinity, appendAt100kUs: Infinity, snapshotAt10Us: Infinity, snapshotAt100kUs: Infinity, layoutMs: Infinity, appendThenLayoutMs: Infinity };
  let lanes = 0;
  for (let r = 0; r < rounds; r++) {
    const store = createStore();
    applyEvent(store, { type: 'hub', message: snapshot(1) });
    const session = () => store.sessions.set.list[0] as PanelSession;
    const append = (from: number, to: number): number => {
      const t = performance.now();
      for (let i = from; i < to; i++) appendOne(store, frames[i]!);
      return ((performance.now() - t) * 1000) / (to - from);
    };
    // The strip reads a snapshot after each append here (more often than a real panel, which reads once per paint).
    const snapshots = (from: number, to: number): number => {
      let spent = 0;
      for (let i = from; i < to; i++) {
        appendOne(store, frames[i]!);
        const t = performance.now();
        sessionMetrics(session());
        spent += performance.now() - t;
      }
      return (spent * 1000) / (to - from);
    };
    append(0, 10);
    best.appendAt10Us = Math.min(best.appendAt10Us, append(10, 10 + WINDOW));
    best.snapshotAt10Us = Math.min(best.snapshotAt10Us, snapshots(10 + WINDOW, 10 + WINDOW + 100));
    append(10 + WINDOW + 100, total - WINDOW - 100);
    best.snapshotAt100kUs = Math.min(best.snapshotAt100kUs, snapshots(total - WINDOW - 100, total - WINDOW));
    best.appendAt100kUs = Math.min(best.appendAt100kUs, append(total - WINDOW, total));

    let t = performance.now();
    const layout = layoutOf(session());
    best.layoutMs = Math.min(best.layoutMs, performance.now() - t);
    lanes = layout.lanes.length;
    t = performance.now();
    appendOne(store, frames[total]!);
    layoutOf(session());
    best.appendThenLayoutMs = Math.min(best.appendThenLayoutMs, performance.now() - t);
  }
  return { frames: total, ...best, appendRatio: best.appendAt100kUs / best.appendAt10Us, lanes };
}
