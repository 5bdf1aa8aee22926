// Flat-block: a History API response in a session that streamed live before it (the page reloaded with
// preserve log on). The live rendering is the session's frames since the previous load folded on their
// own; the history rendering is the response folded alone, as the client rebuilds it after the reload.
// History has no message ids, so turns are matched by their user message.
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import { looksLikeHistory } from '../../protocols/flat-block/history';
import type { Session } from '../sessions';
import { compareByTurns } from './compare';
import type { HistoryLiveComparison } from './comparison';
import { foldView, keptFrames } from './replay';
import { HISTORY_LIVE_RULES } from './rules';

export function flatBlockComparisons(session: Session): HistoryLiveComparison[] {
  const definition = session.pipeline.definition;
  if (!definition || definition.id !== 'flat-block') return [];
  const out: HistoryLiveComparison[] = [];
  let segment: DecodedFrame[] = [];
  for (const frame of keptFrames(session)) {
    const decoded = decodeFrame(frame);
    const isHistory = frame.direction === 'in' && frame.kind === 'message' && looksLikeHistory(decoded.json);
    if (!isHistory) {
      segment.push(decoded);
      continue;
    }
    if (segment.some(isStreamEvent)) {
      const live = foldView(definition, session, segment);
      const history = foldView(definition, session, [decoded]);
      const difference = compareByTurns(history.items, live.items, { historyShort: isRunning(decoded.json), liveShort: !turnEnded(segment) });
      const path = difference?.historyItem?.historyPath;
      out.push({
        session,
        rule: HISTORY_LIVE_RULES.flatBlock,
        historyFrame: frame.index,
        liveFrames: segment.map((d) => d.frame.index),
        history,
        live,
        ...(difference && { difference }),
        ...(path !== undefined && { path }),
      });
    }
    // The reload starts a new page: the history and what follows it are the next load's live rendering.
    segment = [decoded];
  }
  return out;
}

function eventType(d: DecodedFrame): unknown {
  const json = d.json;
  return d.frame.direction === 'in' && json && typeof json === 'object' && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
}

function isStreamEvent(d: DecodedFrame): boolean {
  const type = eventType(d);
  return type === 'content_block_start' || type === 'content_block_delta' || type === 'group_start';
}

/** The live stretch's last turn reached `message_stop` (a page reloaded mid-turn shows a prefix). */
function turnEnded(segment: readonly DecodedFrame[]): boolean {
  for (let i = segment.length - 1; i >= 0; i--) {
    const type = eventType(segment[i] as DecodedFrame);
    if (type === 'message_stop') return true;
    if (type === 'message_start' || isStreamEvent(segment[i] as DecodedFrame)) return false;
  }
  return false;
}

function isRunning(json: unknown): boolean {
  return !!json && typeof json === 'object' && !Array.isArray(json) && (json as { agent_status?: unknown }).agent_status === 'running';
}
