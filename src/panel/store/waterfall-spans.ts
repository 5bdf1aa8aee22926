// Tool calls (call → result) and approvals or questions (asked → answered) of a session as time spans
// for the waterfall, from the session's timing figures and its frames' times.
import type { Frame } from '../../model/frame';
import type { SessionMetrics } from '../../analysis/metrics-types';
import type { WaterfallSpan } from '../components/waterfall-model';

export function waterfallSpans(metrics: SessionMetrics, frames: readonly Frame[]): WaterfallSpan[] {
  const out: WaterfallSpan[] = [];
  for (const t of metrics.tools) {
    const start = timeOf(frames, t.callFrame);
    if (start === undefined) continue;
    const end = t.resultFrame === undefined ? undefined : timeOf(frames, t.resultFrame);
    out.push({ kind: 'tool', label: t.name || 'tool', startFrame: t.callFrame, start, ...(end !== undefined && { endFrame: t.resultFrame, end }) });
  }
  for (const w of metrics.waits) {
    const start = timeOf(frames, w.askFrame);
    if (start === undefined) continue;
    const end = w.replyFrame === undefined ? undefined : timeOf(frames, w.replyFrame);
    out.push({ kind: w.kind, label: w.kind === 'approval' ? 'approval' : 'question', startFrame: w.askFrame, start, ...(end !== undefined && { endFrame: w.replyFrame, end }) });
  }
  return out;
}

/** Frames of a session are in capture-index order: binary search. */
export function timeOf(frames: readonly Frame[], index: number): number | undefined {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const f = frames[mid] as Frame;
    if (f.index === index) return f.time;
    if (f.index < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
