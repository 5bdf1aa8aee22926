// Whole AG-UI messages (MESSAGES_SNAPSHOT, RUN_STARTED.input, the run request) into view items, and the
// snapshot's edit-merge: messages in the snapshot replace local ones with the same id, local ones it
// lacks are removed (except activity and reasoning messages when the snapshot has none of that role),
// new ones are appended.
import type { ViewItem } from '../../model/view';
import { isTodoToolName } from '../../model/view';
import type { MessageEntry, ToolEntry, ViewStore } from './view-store';
import { addFrame } from '../shared/view-helpers';
import { parseArguments, todosFrom } from './tool-input';

interface LooseMessage {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: unknown;
  toolCallId?: unknown;
  error?: unknown;
  activityType?: unknown;
}

function asMessage(value: unknown): LooseMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'string' && typeof m.role === 'string' ? (m as unknown as LooseMessage) : undefined;
}

/** The text a client shows for message content: a string, or the text parts of a multi-part content. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      const p = part as { type?: unknown; text?: unknown } | null;
      if (p && p.type === 'text' && typeof p.text === 'string') return p.text;
      return p && typeof p.type === 'string' ? `[${p.type}]` : '';
    })
    .filter((t) => t.length > 0)
    .join(' ');
}

/** Adds messages the view does not hold yet (RUN_STARTED.input and run requests append, never replace). */
export function appendNewMessages(store: ViewStore, messages: unknown, frame: number): void {
  if (!Array.isArray(messages)) return;
  store.historyKnown = true;
  for (const raw of messages) {
    const m = asMessage(raw);
    if (!m) continue;
    if (m.role === 'tool' ? store.toolMessages.has(m.id) : store.messages.has(m.id)) continue;
    addMessage(store, m, frame);
  }
}

export function applyMessagesSnapshot(store: ViewStore, messages: readonly unknown[], frame: number): void {
  store.historyKnown = true;
  const snapshot = messages.map(asMessage).filter((m): m is LooseMessage => m !== undefined);
  const ids = new Set(snapshot.map((m) => m.id));
  const keepActivity = !snapshot.some((m) => m.role === 'activity');
  const keepReasoning = !snapshot.some((m) => m.role === 'reasoning');
  for (const entry of [...store.messages.values()]) {
    if (ids.has(entry.id)) continue;
    if ((entry.role === 'activity' && keepActivity) || (entry.role === 'reasoning' && keepReasoning)) continue;
    store.removeEntry(entry);
  }
  for (const [messageId, toolCallId] of [...store.toolMessages]) {
    if (ids.has(messageId)) continue;
    store.toolMessages.delete(messageId);
    // A result shown on its own goes with its message; one shown on its call leaves the call waiting.
    store.dropLooseResults(messageId);
    const tool = store.tools.get(toolCallId);
    if (tool && tool.resultFrom === messageId) {
      tool.item.status = 'pending';
      delete tool.item.result;
      tool.resultFrom = undefined;
    }
  }
  for (const m of snapshot) {
    if (m.role === 'tool') {
      replaceToolMessage(store, m, frame);
      continue;
    }
    const existing = store.messages.get(m.id);
    // Its calls' results are tool messages of their own, which replacing the message leaves in place.
    const calls = existing?.toolIds?.map((id) => store.tools.get(id)).filter((t): t is ToolEntry => t !== undefined && !t.item.orphanResult);
    const at = existing ? store.removeEntry(existing) : undefined;
    addMessage(store, m, frame, at, calls);
  }
}

/**
 * A snapshot's tool message replaces every message with its id, as the client's reconciliation does:
 * results shown on their own under that id take its content, and so does the call's result when that
 * message gave it; with neither, it is added like any new message.
 */
function replaceToolMessage(store: ViewStore, m: LooseMessage, frame: number): void {
  const loose = store.looseResults?.get(m.id);
  if (loose === undefined || loose.length === 0) return addMessage(store, m, frame);
  for (const item of loose) {
    item.result = m.content;
    addFrame(item.frames, frame);
  }
  const tool = typeof m.toolCallId === 'string' ? store.tools.get(m.toolCallId) : undefined;
  if (tool !== undefined && !tool.item.orphanResult && tool.resultFrom === m.id) attachResult(store, m, frame);
}

function addMessage(store: ViewStore, m: LooseMessage, frame: number, at?: { container: ViewItem[]; index: number }, replacedCalls?: readonly ToolEntry[]): void {
  const placed: ViewItem[] = [];
  const put = (item: ViewItem) => {
    if (at) store.place(item, { container: at.container, index: at.index + placed.length });
    else store.place(item);
    placed.push(item);
  };
  if (m.role === 'tool') return attachResult(store, m, frame);
  const entry: MessageEntry = store.entry(m.id, m.role);
  if (m.role === 'user') {
    entry.content = { kind: 'user', id: store.nextId('user'), frames: [frame], text: contentText(m.content), messageId: m.id };
    entry.contentIsString = typeof m.content === 'string';
    put(entry.content);
  } else if (m.role === 'reasoning') {
    entry.content = { kind: 'reasoning', id: store.nextId('reasoning'), frames: [frame], text: contentText(m.content), messageId: m.id };
    put(entry.content);
  } else if (m.role === 'activity') {
    entry.activity = store.newActivity(typeof m.activityType === 'string' ? m.activityType : 'activity', m.content, frame);
    put(entry.activity);
  } else {
    if (m.content !== undefined && m.content !== null) {
      entry.content = { kind: 'text', id: store.nextId('text'), frames: [frame], text: contentText(m.content), part: false, final: true, brand: false, messageId: m.id };
      entry.contentIsString = typeof m.content === 'string';
      put(entry.content);
    }
    if (m.role === 'assistant' && Array.isArray(m.toolCalls)) {
      for (const call of m.toolCalls as unknown[]) {
        const c = call as { id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null;
        if (!c || typeof c.id !== 'string') continue;
        const name = typeof c.function?.name === 'string' ? c.function.name : '';
        const args = typeof c.function?.arguments === 'string' ? c.function.arguments : '';
        const held = store.tools.get(c.id) ?? replacedCalls?.find((t) => t.item.toolId === c.id);
        // The call replaces its earlier card; a result shown on its own is a message of its own and stays.
        const previous = held !== undefined && !held.item.orphanResult ? held : undefined;
        if (previous) store.remove(previous.item);
        const tool = store.newTool(c.id, name, m.id, frame);
        if (previous?.resultFrom !== undefined) {
          // Its result is a tool message of its own, which replacing the call leaves in place.
          tool.result = previous.item.result;
          tool.status = previous.item.status;
          const entry = store.tools.get(c.id);
          if (entry) entry.resultFrom = previous.resultFrom;
        }
        tool.inputText = args;
        const parsed = parseArguments(args);
        if (parsed.ok) tool.input = parsed.value;
        if (isTodoToolName(name)) {
          const todos = todosFrom(tool.input);
          if (todos) {
            tool.todos = todos;
            store.model.todos = todos;
          }
        }
        const toolEntry = store.tools.get(c.id);
        if (toolEntry) toolEntry.ended = true;
        store.addToolId(entry, c.id);
        put(tool);
      }
    }
  }
}

function attachResult(store: ViewStore, m: LooseMessage, frame: number): void {
  if (typeof m.toolCallId !== 'string') return;
  store.toolMessages.set(m.id, m.toolCallId);
  const tool = store.tools.get(m.toolCallId);
  // A tool message whose call the view does not hold is shown on its own, as the client lists it.
  if (!tool || tool.item.orphanResult) return store.addLooseResult(m.id, m.toolCallId, m.content, frame);
  tool.resultFrom = m.id;
  tool.item.result = m.content;
  tool.item.status = typeof m.error === 'string' && m.error.length > 0 ? 'error' : 'success';
  addFrame(tool.item.frames, frame);
}
