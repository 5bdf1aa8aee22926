// Flat-block: a History API response in a session that streamed live before it (the page reloaded with
// preserve log on). The live stretch starts at the previous page load. History has no message ids, so
// turns are matched by their user message.
import type { DecodedFrame } from '../../model/frame';
import { looksLikeHistory } from '../../protocols/flat-block/history';
import { compareByTurns } from './compare';
import { HISTORY_LIVE_RULES } from './rules';
import { eventType, type HistoryReader } from './segments';

export const flatBlockHistoryReader: HistoryReader = {
  protocol: 'flat-block',
  rule: HISTORY_LIVE_RULES.flatBlock,
  isHistory: (d) => d.frame.direction === 'in' && d.frame.kind === 'message' && looksLikeHistory(d.json),
  cumulative: false,
  showsContent: isStreamEvent,
  endsTurn: (d) => {
    const type = eventType(d);
    if (type === 'message_stop') return true;
    return type === 'message_start' || isStreamEvent(d) ? false : undefined;
  },
  compare: (history, live, historyFrame, stretch) => compareByTurns(history.items, live.items, { historyShort: isRunning(historyFrame.json), liveShort: !stretch.turnEnded }),
  pathOf: (difference) => difference.historyItem?.historyPath,
};


function isStreamEvent(d: DecodedFrame): boolean {
  const type = eventType(d);
  return type === 'content_block_start' || type === 'content_block_delta' || type === 'group_start';
}

function isRunning(json: unknown): boolean {
  return !!json && typeof json === 'object' && !Array.isArray(json) && (json as { agent_status?: unknown }).agent_status === 'running';
}
