// Flat-block: a History API response in a session that streamed live before it (the page reloaded with
// preserve log on). History has no message ids, so turns are matched by their user message.
import type { DecodedFrame } from '../../model/frame';
import { looksLikeHistory } from '../../protocols/flat-block/history';
import type { Session } from '../sessions';
import { compareByTurns } from './compare';
import type { HistoryLiveComparison } from './comparison';
import { HISTORY_LIVE_RULES } from './rules';
import { compareAtHistory, eventType, type HistoryReader } from './segments';

export const flatBlockHistoryReader: HistoryReader = {
  protocol: 'flat-block',
  rule: HISTORY_LIVE_RULES.flatBlock,
  isHistory: (d) => d.frame.direction === 'in' && d.frame.kind === 'message' && looksLikeHistory(d.json),
  showsContent: (segment) => segment.some(isStreamEvent),
  compare: (history, live, historyFrame, segment) => compareByTurns(history.items, live.items, { historyShort: isRunning(historyFrame.json), liveShort: !turnEnded(segment) }),
  pathOf: (difference) => difference.historyItem?.historyPath,
};

export function flatBlockComparisons(session: Session): HistoryLiveComparison[] {
  return compareAtHistory(session, flatBlockHistoryReader);
}

function isStreamEvent(d: DecodedFrame): boolean {
  const type = eventType(d);
  return type === 'content_block_start' || type === 'content_block_delta' || type === 'group_start';
}

/** The live stretch's last turn reached `message_stop` (a page reloaded mid-turn shows a prefix). */
function turnEnded(segment: readonly DecodedFrame[]): boolean {
  for (let i = segment.length - 1; i >= 0; i--) {
    const d = segment[i] as DecodedFrame;
    const type = eventType(d);
    if (type === 'message_stop') return true;
    if (type === 'message_start' || isStreamEvent(d)) return false;
  }
  return false;
}

function isRunning(json: unknown): boolean {
  return !!json && typeof json === 'object' && !Array.isArray(json) && (json as { agent_status?: unknown }).agent_status === 'running';
}
