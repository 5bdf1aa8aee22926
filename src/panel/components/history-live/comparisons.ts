// The history-against-live comparisons of the session in focus, for the panel. The panel's session has
// connection ids where the analysis wants connections. Only frames up to the last history read take part
// in a comparison, so the session is folded again only when a new history read arrives; frames after it
// (a replay streaming on) are only looked at once, to see whether they are one: a session of a protocol
// without history reads is not looked at, and an AG-UI frame is decoded only when its text may hold a
// snapshot (a flood of text deltas is thousands of frames a second, each parsed once by the fold already).
import { decodeFrame } from '../../../model/decode';
import type { Connection } from '../../../model/frame';
import type { ViewItem } from '../../../model/view';
import { historyLiveComparisons, isHistoryFrame, type HistoryLiveComparison, type ItemPath } from '../../../analysis/history-live';
import { readerOf } from '../../../analysis/history-live/readers';
import { arraySource, frameSourceOf } from '../../store/live-pipeline';
import { HISTORY_HINTS } from '../../store/history-hint';
import type { SessionPipeline } from '../../../analysis/pipeline';
import type { PanelSession } from '../../store/session-set';

interface Known {
  protocol: string;
  scanned: number;
  comparisons: HistoryLiveComparison[];
}

const memo = new WeakMap<SessionPipeline, Known>();

export function comparisonsOf(session: PanelSession, connections: ReadonlyMap<string, Connection>): HistoryLiveComparison[] {
  const { pipeline } = session;
  const frames = frameSourceOf(pipeline) ?? EMPTY;
  const count = frames.count();
  let known = memo.get(pipeline);
  if (known && known.protocol === pipeline.protocol && known.scanned === count) return known.comparisons;
  const from = known && known.protocol === pipeline.protocol && known.scanned < count ? known.scanned : 0;
  let newHistory = from === 0;
  if (readerOf(pipeline.protocol)) {
    const hint = HISTORY_HINTS[pipeline.protocol];
    // A frame is made only when its text may be a history read.
    for (let i = from; i < count && !newHistory; i++) {
      if (hint && frames.encodingAt(i) !== 'base64' && !hint(frames.dataAt(i))) continue;
      newHistory = isHistoryFrame(pipeline.protocol, decodeFrame(frames.at(i)));
    }
  }
  const comparisons = newHistory
    ? historyLiveComparisons({
        key: session.id,
        connections: session.connectionIds.map((id) => connections.get(id)).filter((c): c is Connection => c !== undefined),
        pipeline,
      })
    : (known as Known).comparisons;
  known = { protocol: pipeline.protocol, scanned: count, comparisons };
  memo.set(pipeline, known);
  return comparisons;
}

const EMPTY = arraySource([]);

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
