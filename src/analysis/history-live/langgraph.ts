// LangGraph: a read of the thread's state (`GET /threads/{id}/state`, or the newest state of
// `/history`) after runs of the same thread streamed live, as a page does when it reloads (useStream
// rebuilds the thread from it). The state holds the whole thread, so the live side is every run of the
// thread before it. Messages carry ids and tool calls their call ids: tools are matched by id, texts
// in order (the state may hold more: earlier turns). Interrupts are left out: an answered interrupt
// leaves the state, which is its meaning and not a history that lost it.
import type { ViewItem } from '../../model/view';
import { eventOf } from '../../protocols/langgraph/event-name';
import { compareByIds } from './compare';
import { HISTORY_LIVE_RULES } from './rules';
import type { HistoryReader } from './segments';

const CONTENT_EVENTS = new Set(['values', 'updates', 'messages', 'messages/partial', 'messages/complete']);

const withoutInterrupts = (items: readonly ViewItem[]): ViewItem[] => items.filter((i) => i.kind !== 'question' && i.kind !== 'approval');

function isStateRead(name: string | undefined): boolean {
  return name === 'thread-state' || name === 'thread-history';
}

export const langgraphHistoryReader: HistoryReader = {
  protocol: 'langgraph',
  rule: HISTORY_LIVE_RULES.langgraph,
  isHistory: (d) => d.frame.direction === 'in' && d.frame.kind === 'message' && isStateRead(eventOf(d)),
  cumulative: true,
  showsContent: (d) => {
    if (d.frame.direction !== 'in' || d.frame.kind !== 'message') return false;
    const name = eventOf(d);
    return name !== undefined && CONTENT_EVENTS.has(name);
  },
  endsTurn: (d) => {
    const name = d.frame.direction === 'in' ? eventOf(d) : undefined;
    if (name === 'end') return true;
    return name === 'metadata' ? false : undefined;
  },
  compare: (history, live) => compareByIds(withoutInterrupts(history.items), withoutInterrupts(live.items)),
  pathOf: (difference, historyFrame) => {
    const item = difference.historyItem;
    if (!item?.messageId) return undefined;
    const json = historyFrame.json;
    const state = Array.isArray(json) ? (json[0] as unknown) : json;
    const messages = (state as { values?: { messages?: unknown } } | null)?.values?.messages;
    if (!Array.isArray(messages)) return undefined;
    const at = messages.findIndex((m) => !!m && typeof m === 'object' && (m as { id?: unknown }).id === item.messageId);
    return at < 0 ? undefined : `${Array.isArray(json) ? '[0].' : ''}values.messages[${at}]`;
  },
};
