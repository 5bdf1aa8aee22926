// Tool calls (call → result) and approvals or questions (asked → answered) of a session as time spans
// for the waterfall, from the session's timing figures; frame times come from the tracker that made them.
import type { SessionMetrics } from '../../analysis/metrics-types';
import type { WaterfallSpan } from '../components/waterfall-model';

export function waterfallSpans(metrics: SessionMetrics, timeOf: (index: number) => number | undefined): WaterfallSpan[] {
  const out: WaterfallSpan[] = [];
  for (const t of metrics.tools) {
    const start = timeOf(t.callFrame);
    if (start === undefined) continue;
    const end = t.resultFrame === undefined ? undefined : timeOf(t.resultFrame);
    out.push({ kind: 'tool', label: t.name || 'tool', startFrame: t.callFrame, start, ...(end !== undefined && { endFrame: t.resultFrame, end }) });
  }
  for (const w of metrics.waits) {
    const start = timeOf(w.askFrame);
    if (start === undefined) continue;
    const end = w.replyFrame === undefined ? undefined : timeOf(w.replyFrame);
    out.push({ kind: w.kind, label: w.kind === 'approval' ? 'approval' : 'question', startFrame: w.askFrame, start, ...(end !== undefined && { endFrame: w.replyFrame, end }) });
  }
  return out;
}
