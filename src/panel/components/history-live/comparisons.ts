// The history-against-live comparisons of the session in focus, for the panel. The panel's session has
// connection ids where the analysis wants connections; the result is kept per pipeline until it takes
// another frame, so redraws do not fold the session again.
import type { Connection } from '../../../model/frame';
import type { ViewItem } from '../../../model/view';
import { historyLiveComparisons, type HistoryLiveComparison, type ItemPath } from '../../../analysis/history-live';
import type { SessionPipeline } from '../../../analysis/pipeline';
import type { PanelSession } from '../../store/session-set';

const memo = new WeakMap<SessionPipeline, { frames: number; comparisons: HistoryLiveComparison[] }>();

export function comparisonsOf(session: PanelSession, connections: ReadonlyMap<string, Connection>): HistoryLiveComparison[] {
  const frames = session.pipeline.frameCount;
  const known = memo.get(session.pipeline);
  if (known && known.frames === frames) return known.comparisons;
  const comparisons = historyLiveComparisons({
    key: session.id,
    connections: session.connectionIds.map((id) => connections.get(id)).filter((c): c is Connection => c !== undefined),
    pipeline: session.pipeline,
  });
  memo.set(session.pipeline, { frames, comparisons });
  return comparisons;
}

/** The item at a path of a rendering (a top-level index, then an index inside its group). */
export function itemAt(items: readonly ViewItem[], path: ItemPath | undefined): ViewItem | undefined {
  if (!path) return undefined;
  let list = items;
  let found: ViewItem | undefined;
  for (const i of path) {
    found = list[i];
    if (!found) return undefined;
    list = found.kind === 'group' ? found.items : [];
  }
  return found;
}
