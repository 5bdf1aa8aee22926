// AG-UI: a MESSAGES_SNAPSHOT in a thread whose runs streamed content before it, at the end of a run or
// at the start of a later run of the same threadId (a page that reloaded and asked for the thread
// again). Snapshot messages carry ids, so tools are matched by their call id and may sit anywhere;
// texts are matched in order.
import type { ViewItem } from '../../model/view';
import { MAX_DATA_DEPTH } from '../../model/safe-text';
import { contentText } from '../../protocols/ag-ui/messages';
import { compareByIds } from './compare';
import { HISTORY_LIVE_RULES } from './rules';
import { eventType, type HistoryReader } from './segments';

/**
 * The events that stream content. A switch rather than a set: this runs on every frame, and a set
 * lookup hashes each frame's freshly parsed type.
 */
function streamsContent(type: unknown): boolean {
  switch (type) {
    case 'TEXT_MESSAGE_START':
    case 'TEXT_MESSAGE_CONTENT':
    case 'TEXT_MESSAGE_CHUNK':
    case 'TOOL_CALL_START':
    case 'TOOL_CALL_CHUNK':
    case 'TOOL_CALL_RESULT':
      return true;
    default:
      return false;
  }
}

export const aguiHistoryReader: HistoryReader = {
  protocol: 'ag-ui',
  rule: HISTORY_LIVE_RULES.agui,
  isHistory: (d) => eventType(d) === 'MESSAGES_SNAPSHOT',
  // A snapshot merges into what the page holds: the live rendering is the thread's whole fold before it.
  cumulative: true,
  showsContent: (d) => streamsContent(eventType(d)),
  endsTurn: () => undefined,
  compare: (history, live, historyFrame) => compareByIds(history.items, reconciled(live.items, (historyFrame.json as { messages?: unknown }).messages)),
  pathOf: (difference, historyFrame) => difference.historyItem && snapshotPath((historyFrame.json as { messages?: unknown }).messages, difference.historyItem),
};


/**
 * The live items a snapshot speaks for. MESSAGES_SNAPSHOT reconciles by id (spec/1.1/events/state): a
 * message it omits is dropped from the page, which is its meaning and not a history that lost it. So
 * live items of messages the snapshot does not carry leave the comparison; a tool call stays when the
 * snapshot holds its id under any message (a call streamed without parentMessageId is filed under an
 * id of the client's making). Items without a message id (a user turn read from the request) stay.
 */
function reconciled(items: readonly ViewItem[], messages: unknown): ViewItem[] {
  if (!Array.isArray(messages)) return [...items];
  const ids = new Set<string>();
  const calls = new Set<string>();
  for (const raw of messages) {
    const m = raw as { id?: unknown; toolCalls?: unknown } | null;
    if (!m || typeof m !== 'object') continue;
    if (typeof m.id === 'string') ids.add(m.id);
    if (Array.isArray(m.toolCalls)) for (const c of m.toolCalls as unknown[]) if (c && typeof c === 'object' && typeof (c as { id?: unknown }).id === 'string') calls.add((c as { id: string }).id);
  }
  return keep(items, ids, calls, 0);
}

function keep(items: readonly ViewItem[], ids: ReadonlySet<string>, calls: ReadonlySet<string>, depth: number): ViewItem[] {
  const out: ViewItem[] = [];
  for (const item of items) {
    if (item.kind === 'group') {
      if (depth >= MAX_DATA_DEPTH) continue;
      const inner = keep(item.items, ids, calls, depth + 1);
      if (inner.length > 0 || item.items.length === 0) out.push(inner.length === item.items.length ? item : { ...item, items: inner });
      continue;
    }
    if (item.kind === 'tool' && item.toolId !== '' && calls.has(item.toolId)) {
      out.push(item);
      continue;
    }
    if (item.messageId !== undefined && !ids.has(item.messageId)) continue;
    out.push(item);
  }
  return out;
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
