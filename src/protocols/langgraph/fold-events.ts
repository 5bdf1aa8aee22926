// One checked run stream event of the LangGraph fold, by stream mode (`values`, `updates`, `messages`,
// `messages/partial`, `tasks`, `checkpoints`, `error`, `end`; the rest only show in the timeline), and
// a thread state read. Events of subgraphs (`values|ns`) are checked but not drawn.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { isRecord } from '../shared/view-helpers';
import { LANGGRAPH_RULES as R } from './rules';
import type { LangGraphInterrupt, LangGraphMessage } from './schema';
import type { State, Stream } from './fold-state';
import { upsert, upsertUnchecked } from './fold-messages';
import { addInterrupts } from './fold-interrupts';
import { settleAllIdlessCalls } from './fold-tools';

export function applyEvent(state: State, stream: Stream, mode: string, namespace: string | undefined, data: unknown, frame: Frame, sink: FindingSink): void {
  const root = namespace === undefined;
  switch (mode) {
    case 'metadata':
      return;
    case 'values': {
      const values = data as Record<string, unknown>;
      if (!root) return;
      state.model.state = nextValues(state.model.state, values, stream);
      if (Array.isArray(values.messages)) for (const m of values.messages) upsertUnchecked(state, m, frame, 'values', sink);
      if (Array.isArray(values.__interrupt__)) addInterrupts(state, values.__interrupt__, frame, sink);
      return;
    }
    case 'updates': {
      const updates = data as Record<string, unknown>;
      for (const node of Object.keys(updates)) {
        const update = updates[node];
        if (node === '__interrupt__') {
          if (Array.isArray(update)) addInterrupts(state, update, frame, sink);
          continue;
        }
        if (!root || !isRecord(update)) continue;
        const messages = update.messages;
        if (Array.isArray(messages)) for (const m of messages) upsertUnchecked(state, m, frame, 'whole', sink);
        else if (isRecord(messages)) upsertUnchecked(state, messages, frame, 'whole', sink);
      }
      return;
    }
    case 'messages': {
      if (!root) return;
      upsert(state, (data as [LangGraphMessage, unknown])[0], frame, 'chunk', sink);
      return;
    }
    case 'messages/partial':
    case 'messages/complete':
      if (!root) return;
      for (const m of data as LangGraphMessage[]) upsert(state, m, frame, mode === 'messages/partial' ? 'partial' : 'whole', sink);
      return;
    case 'tasks': {
      const task = data as { interrupts?: LangGraphInterrupt[] | null };
      if (task.interrupts && task.interrupts.length > 0) addInterrupts(state, task.interrupts, frame, sink);
      return;
    }
    case 'checkpoints': {
      const checkpoint = data as { tasks?: { interrupts?: LangGraphInterrupt[] | null }[] | null };
      for (const task of checkpoint.tasks ?? []) if (task.interrupts && task.interrupts.length > 0) addInterrupts(state, task.interrupts, frame, sink);
      return;
    }
    case 'error': {
      // useStream stops reading at the run's error (a subgraph's `error|ns` is not the run's).
      if (root) stream.failed = true;
      const error = data as { error?: string | null; message?: string | null } | string;
      const message = typeof error === 'string' ? error : [error.error, error.message].filter((s) => typeof s === 'string' && s !== '').join(': ') || 'error';
      state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
      sink.report(R.errorEvent, `the run failed: ${message.slice(0, 200)}`, [frame.index]);
      return;
    }
    case 'end':
      stream.ended = true;
      state.model.streaming = false;
      settleAllIdlessCalls(state, sink);
      return;
    default:
      // custom, debug, events, tools, lifecycle, feedback, messages/metadata: the timeline shows them.
      return;
  }
}

/**
 * The state after a root `values` event, as useStream's StreamManager keeps it: the first of a run drops
 * the previous run's `__interrupt__`; one that carries `__interrupt__` (the official server sends
 * `{"__interrupt__": […]}` after the full values when a node interrupts) adds its interrupts to those
 * kept, by id, and keeps every other key; one without it replaces the state and keeps the interrupts.
 */
function nextValues(current: unknown, values: Record<string, unknown>, stream: Stream): Record<string, unknown> {
  let prev = isRecord(current) ? current : undefined;
  if (!stream.clearedInterrupts) {
    stream.clearedInterrupts = true;
    if (prev && '__interrupt__' in prev) {
      const { __interrupt__: _dropped, ...rest } = prev;
      prev = rest;
    }
  }
  if ('__interrupt__' in values) {
    let interrupts = values.__interrupt__;
    const kept = prev?.__interrupt__;
    if (Array.isArray(interrupts) && interrupts.length > 0 && Array.isArray(kept)) {
      const merged: unknown[] = [...kept];
      const ids = new Set(kept.map((i) => (isRecord(i) ? i.id : undefined)).filter((id) => id !== undefined && id !== null));
      for (const interrupt of interrupts) {
        const id = isRecord(interrupt) ? interrupt.id : undefined;
        if (id !== undefined && id !== null) {
          if (ids.has(id)) continue;
          ids.add(id);
        }
        merged.push(interrupt);
      }
      interrupts = merged;
    }
    return { ...prev, __interrupt__: interrupts };
  }
  if (prev && Array.isArray(prev.__interrupt__)) return { ...values, __interrupt__: prev.__interrupt__ };
  return values;
}

/** A thread state read (`GET /threads/{id}/state`, the first of `/history`): the thread's messages and pending interrupts. */
export function applyThreadState(state: State, threadState: unknown, frame: Frame): void {
  if (!isRecord(threadState)) return;
  const values = threadState.values;
  const silent: FindingSink = { report() {} };
  if (isRecord(values)) {
    state.model.state = values;
    if (Array.isArray(values.messages)) for (const m of values.messages) upsertUnchecked(state, m, frame, 'state', silent);
  }
  if (Array.isArray(threadState.tasks)) {
    for (const task of threadState.tasks) if (isRecord(task) && Array.isArray(task.interrupts)) addInterrupts(state, task.interrupts, frame, silent);
  }
  state.model.streaming = false;
}
