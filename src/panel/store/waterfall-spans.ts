// Tool calls (call → result) and approvals or questions (asked → answered) of a session as time spans
// for the waterfall, read from the session's view model and its frames' times.
import type { Frame } from '../../model/frame';
import type { ViewItem } from '../../model/view';
import type { WaterfallSpan } from '../components/waterfall-model';
import type { PanelSession } from './session-set';

export function waterfallSpans(session: PanelSession): WaterfallSpan[] {
  const frames = session.pipeline.frames;
  const out: WaterfallSpan[] = [];
  collect(session.pipeline.view().items, frames, out, 0);
  return out;
}

/** Groups nest one level in every protocol; the bound only guards against a fold gone wrong. */
function collect(items: readonly ViewItem[], frames: readonly Frame[], out: WaterfallSpan[], depth: number): void {
  for (const item of items) {
    if (item.kind === 'group' && depth < 8) collect(item.items, frames, out, depth + 1);
    const first = item.frames[0];
    if (first === undefined) continue;
    const start = timeOf(frames, first);
    if (start === undefined) continue;
    if (item.kind === 'tool' && !item.orphanResult) {
      const last = item.frames[item.frames.length - 1] as number;
      const done = item.status !== 'pending' && last !== first;
      out.push({ kind: 'tool', label: item.name || item.label, startFrame: first, start, ...(done && { endFrame: last, end: timeOf(frames, last) ?? start }) });
    } else if (item.kind === 'approval' || item.kind === 'question') {
      const answered = item.kind === 'approval' ? item.outcome !== undefined : item.state !== 'waiting';
      const last = item.frames[item.frames.length - 1] as number;
      const label = item.kind === 'approval' ? item.actions.map((a) => a.name).join(', ') || 'approval' : (item.questions[0]?.header ?? 'question');
      out.push({ kind: item.kind, label, startFrame: first, start, ...(answered && last !== first && { endFrame: last, end: timeOf(frames, last) ?? start }) });
    }
  }
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
