// AG-UI: a MESSAGES_SNAPSHOT in a thread whose runs streamed content before it, at the end of a run or
// at the start of a later run of the same threadId (a page that reloaded and asked for the thread
// again). The live rendering is the thread's frames since the previous snapshot folded on their own;
// the history rendering is the snapshot folded alone, as a fresh page builds it. Snapshot messages
// carry ids, so tools are matched by their call id and may sit anywhere; texts are matched in order.
import { decodeFrame } from '../../model/decode';
import type { DecodedFrame } from '../../model/frame';
import type { ViewItem } from '../../model/view';
import { contentText } from '../../protocols/ag-ui/messages';
import type { Session } from '../sessions';
import { compareByIds } from './compare';
import type { HistoryLiveComparison } from './comparison';
import { foldView, keptFrames } from './replay';
import { HISTORY_LIVE_RULES } from './rules';

const STREAMED = new Set(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CHUNK', 'TOOL_CALL_START', 'TOOL_CALL_CHUNK', 'TOOL_CALL_RESULT']);

export function aguiComparisons(session: Session): HistoryLiveComparison[] {
  const definition = session.pipeline.definition;
  if (!definition || definition.id !== 'ag-ui') return [];
  const out: HistoryLiveComparison[] = [];
  let segment: DecodedFrame[] = [];
  for (const frame of keptFrames(session)) {
    const decoded = decodeFrame(frame);
    const type = typeOf(decoded);
    if (type !== 'MESSAGES_SNAPSHOT') {
      segment.push(decoded);
      continue;
    }
    if (segment.some((d) => STREAMED.has(String(typeOf(d))))) {
      const live = foldView(definition, session, segment);
      const history = foldView(definition, session, [decoded]);
      const difference = compareByIds(history.items, live.items);
      const path = difference?.historyItem && snapshotPath((decoded.json as { messages?: unknown }).messages, difference.historyItem);
      out.push({
        session,
        rule: HISTORY_LIVE_RULES.agui,
        historyFrame: frame.index,
        liveFrames: segment.map((d) => d.frame.index),
        history,
        live,
        ...(difference && { difference }),
        ...(path !== undefined && { path }),
      });
    }
    segment = [decoded];
  }
  return out;
}

function typeOf(d: DecodedFrame): unknown {
  const json = d.json;
  return d.frame.direction === 'in' && json && typeof json === 'object' && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
}

/** Where the snapshot holds an item: `messages[i].toolCalls[j]` for a tool, `messages[i]` for a message. */
function snapshotPath(messages: unknown, item: ViewItem): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as { role?: unknown; content?: unknown; toolCalls?: unknown } | null;
    if (!m || typeof m !== 'object') continue;
    if (item.kind === 'tool' && Array.isArray(m.toolCalls)) {
      const j = m.toolCalls.findIndex((c: unknown) => !!c && typeof c === 'object' && (c as { id?: unknown }).id === item.toolId);
      if (j >= 0) return `messages[${i}].toolCalls[${j}]`;
    }
    if ((item.kind === 'text' || item.kind === 'user') && (m.role === 'user') === (item.kind === 'user') && contentText(m.content) === item.text) return `messages[${i}]`;
  }
  return undefined;
}
