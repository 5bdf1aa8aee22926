// The history-against-live comparisons of the session in focus, for the panel. The panel's session has
// connection ids where the analysis wants connections. Only frames up to the last history read take part
// in a comparison, so the session is folded again only when a new history read arrives; frames after it
// (a replay streaming on) are only looked at once, to see whether they are one.
import { decodeFrame } from '../../../model/decode';
import type { Connection } from '../../../model/frame';
import type { ViewItem } from '../../../model/view';
import { historyLiveComparisons, isHistoryFrame, type HistoryLiveComparison, type ItemPath } from '../../../analysis/history-live';
import { isolate, type SessionPipeline } from '../../../analysis/pipeline';
import type { PanelSession } from '../../store/session-set';

interface Known {
  protocol: string;
  scanned: number;
  comparisons: HistoryLiveComparison[];
}

const memo = new WeakMap<SessionPipeline, Known>();

export function comparisonsOf(session: PanelSession, connections: ReadonlyMap<string, Connection>): HistoryLiveComparison[] {
  const { pipeline } = session;
  const frames = isolate(() => pipeline.frames) ?? [];
  let known = memo.get(pipeline);
  if (known && known.protocol === pipeline.protocol && known.scanned === frames.length) return known.comparisons;
  const from = known && known.protocol === pipeline.protocol && known.scanned < frames.length ? known.scanned : 0;
  let newHistory = from === 0;
  for (let i = from; i < frames.length && !newHistory; i++) newHistory = isHistoryFrame(pipeline.protocol, decodeFrame(frames[i]!));
  const comparisons = newHistory
    ? historyLiveComparisons({
        key: session.id,
        connections: session.connectionIds.map((id) => connections.get(id)).filter((c): c is Connection => c !== undefined),
        pipeline,
      })
    : (known as Known).comparisons;
  known = { protocol: pipeline.protocol, scanned: frames.length, comparisons };
  memo.set(pipeline, known);
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
