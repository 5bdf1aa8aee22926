// Stream events (server to page, spec section 2): structure rules and what each event does to the view.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem } from '../../model/view';
import { isTodoToolName } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { distancePast, isNotAfter, parseEventId } from './ids';
import { firstIssue, StreamEventSchema, type ContentBlock, type StreamEvent } from './schema';
import type { FlatState } from './state';
import { addRaw } from './raw';
import { extendText } from '../../model/text-builder';
import { isPlainMarker } from './plain-events';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

const IN_MESSAGE_ONLY = new Set(['content_block_start', 'content_block_delta', 'content_block_stop', 'group_start', 'group_end']);

export function applyStreamEvent(state: FlatState, event: Record<string, unknown>, frame: Frame, sink: FindingSink): void {
  // A known type is short, plain text: only another type needs making safe for the finding.
  const type = isStreamEventType(event.type) ? event.type : safeText(event.type);
  if (!isStreamEventType(type)) {
    sink.report('flat/unknown-event', `event type "${type}" is not part of the flat-block protocol`, [frame.index]);
    addRaw(state, frame);
    return;
  }
  checkReplay(state, event, frame, sink);
  let e: StreamEvent;
  if (isPlainDeltaOrStop(event) || isPlainBlockStart(event) || isPlainMarker(event)) {
    e = event as StreamEvent;
  } else {
    const parsed = StreamEventSchema.safeParse(event);
    if (!parsed.success) {
      sink.report('flat/invalid-event', `${type} does not match the protocol: ${firstIssue(parsed.error)}`, [frame.index]);
      addRaw(state, frame);
      return;
    }
    e = parsed.data;
  }
  if (state.afterStop && IN_MESSAGE_ONLY.has(e.type)) {
    sink.report('flat/event-outside-message', `${e.type} after message_stop and before the next message_start`, [frame.index]);
  }
  handle(state, e, frame, sink);
}

/**
 * STREAM_EVENT_TYPES.has, as string compares: a set lookup hashes the freshly parsed type string of
 * every frame first, which cost more than the rest of this function (a test keeps the two the same).
 */
export function isStreamEventType(type: unknown): type is string {
  switch (type) {
    case 'content_block_delta':
    case 'content_block_start':
    case 'content_block_stop':
    case 'group_start':
    case 'group_end':
    case 'message_start':
    case 'message_stop':
    case 'error':
      return true;
    default:
      return false;
  }
}

/**
 * Deltas and stops are most of a stream. This check accepts exactly what StreamEventSchema accepts for
 * them when it returns true; anything it is unsure of goes through the schema, which also words the finding.
 */
export function isPlainDeltaOrStop(e: Record<string, unknown>): boolean {
  const index = e.index;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return false;
  if (!validEventId(e.event_id)) return false;
  if (e.type === 'content_block_stop') return true;
  if (e.type !== 'content_block_delta') return false;
  const d = e.delta;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return false;
  const { text, thinking } = d as { text?: unknown; thinking?: unknown };
  return (text === undefined || typeof text === 'string') && (thinking === undefined || typeof thinking === 'string');
}

const validEventId = (v: unknown): boolean => v === undefined || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const optional = (v: unknown, type: 'string' | 'boolean'): boolean => v === undefined || typeof v === type;
const nullableString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const RESULT_STATUSES = new Set(['success', 'error', 'cancelled']);

/** The same promise as isPlainDeltaOrStop, for content_block_start with the block shapes of section 2. */
export function isPlainBlockStart(e: Record<string, unknown>): boolean {
  if (e.type !== 'content_block_start') return false;
  const index = e.index;
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return false;
  if (!validEventId(e.event_id)) return false;
  const b = e.content_block;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return false;
  const block = b as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return optional(block.text, 'string') && optional(block.is_part, 'boolean') && optional(block.is_final, 'boolean');
    case 'thinking':
      return optional(block.thinking, 'string');
    case 'tool_use':
      return typeof block.id === 'string' && typeof block.name === 'string' && nullableString(block.tool_content_message) && nullableString(block.parent_tool_use_id);
    case 'tool_result':
      return typeof block.tool_use_id === 'string' && RESULT_STATUSES.has(block.status as string) && nullableString(block.tool_content_message);
    case 'approval_request':
    case 'approval_result':
    case 'approval_timeout':
      return typeof block.approval_key === 'string';
    default:
      return false;
  }
}

function handle(state: FlatState, e: StreamEvent, frame: Frame, sink: FindingSink): void {
  const at = frame.index;
  switch (e.type) {
    case 'message_start': {
      state.afterStop = false;
      const kind = e.message?.message_type;
      // message_start begins a turn of the agent, whose first text shows the brand, unless the producer
      // marks the message as a later "step" of the turn.
      state.brandPending = kind !== 'step';
      state.view.setStreaming(true);
      return;
    }
    case 'content_block_start':
      return blockStart(state, e.index, e.content_block, frame, sink);
    case 'content_block_delta':
      return blockDelta(state, e.index, e.delta, at, sink);
    case 'content_block_stop': {
      const open = state.openBlocks.get(e.index);
      if (!open) {
        sink.report('flat/block-stop-without-start', `content_block_stop for index ${e.index}, which has no open block`, [at]);
        return;
      }
      if (open.approvalKey !== undefined) state.approvals.close(open.approvalKey);
      state.openBlocks.delete(e.index);
      return;
    }
    case 'group_start': {
      if (state.group) {
        sink.report('flat/group-start-while-open', `group_start while the group opened at frame ${state.group.frame + 1} never ended`, [at, state.group.frame]);
      }
      state.openGroup(at);
      state.view.groupStart(e.summary ?? '', at);
      return;
    }
    case 'group_end': {
      if (!e.summary || e.summary.trim() === '') {
        sink.report('flat/group-end-missing-summary', 'group_end has no summary; the collapsed group header shows it', [at]);
      }
      if (!state.group) {
        sink.report('flat/group-end-without-start', 'group_end while no group is open', [at]);
      } else {
        state.tools.groupEnded(state.group.id, at, sink);
        state.group = null;
      }
      state.view.groupEnd(e.summary ?? undefined, at);
      return;
    }
    case 'message_stop':
      return messageStop(state, at, sink);
    case 'error': {
      const text = typeof e.error === 'string' ? e.error : JSON.stringify(e.error ?? null);
      state.view.model.items.push({ kind: 'error', id: state.view.id('error'), frames: [at], message: text });
      return;
    }
  }
}

function blockStart(state: FlatState, index: number, block: ContentBlock, frame: Frame, sink: FindingSink): void {
  const at = frame.index;
  if (state.openBlocks.has(index)) {
    sink.report('flat/block-duplicate-start', `content_block_start for index ${index}, which is still open since frame ${(state.openBlocks.get(index)?.frame ?? 0) + 1}`, [at]);
  }
  const group = state.group?.id ?? null;
  switch (block.type) {
    case 'text': {
      const item: TextItem = { kind: 'text', id: state.view.id('text'), frames: [at], text: block.text ?? '', part: block.is_part === true, final: block.is_final === true, brand: state.takeBrand() };
      state.view.text(item);
      state.openBlocks.set(index, { type: 'text', frame: at, text: item });
      return;
    }
    case 'thinking': {
      const item: ReasoningItem = { kind: 'reasoning', id: state.view.id('reasoning'), frames: [at], text: block.thinking ?? '' };
      state.view.place(item);
      state.openBlocks.set(index, { type: 'thinking', frame: at, reasoning: item });
      return;
    }
    case 'tool_use': {
      const tool = { id: block.id, name: block.name, input: block.input, hasInput: true, contentMessage: block.tool_content_message, parentId: block.parent_tool_use_id };
      state.tools.use(tool, { frame: at, stream: true, group }, sink);
      state.openBlocks.set(index, { type: 'tool_use', frame: at, toolName: block.name, todo: isTodoToolName(block.name) });
      return;
    }
    case 'tool_result':
      state.tools.result({ toolUseId: block.tool_use_id, status: block.status, content: block.content }, { frame: at, stream: true, group }, sink);
      break;
    case 'approval_request':
      state.approvals.open(block.approval_key, at, frame.time);
      state.openBlocks.set(index, { type: block.type, frame: at, approvalKey: block.approval_key });
      return;
    case 'approval_result':
      state.approvals.settle(block.approval_key, at, 'result', answersOf(block));
      break;
    case 'approval_timeout':
      state.approvals.settle(block.approval_key, at, 'timeout');
      break;
  }
  state.openBlocks.set(index, { type: block.type, frame: at });
}

function blockDelta(state: FlatState, index: number, delta: Record<string, unknown>, at: number, sink: FindingSink): void {
  const open = state.openBlocks.get(index);
  if (!open) {
    sink.report('flat/block-delta-without-start', `content_block_delta for index ${index}, which has no open block`, [at]);
    return;
  }
  if (open.text) {
    if (typeof delta.text === 'string') open.text.text = extendText(open.text, open.text.text, delta.text, DIGESTIBLE);
    open.text.frames.push(at);
  } else if (open.reasoning) {
    if (typeof delta.thinking === 'string') open.reasoning.text = extendText(open.reasoning, open.reasoning.text, delta.thinking, DIGESTIBLE);
    open.reasoning.frames.push(at);
  } else if (open.todo) {
    sink.report('flat/todos-delta', `content_block_delta for todo tool "${open.toolName}"; its whole input belongs in content_block_start`, [at, open.frame]);
  } else if (open.approvalKey !== undefined) {
    state.approvals.describe(open.approvalKey, delta, at, state.group !== null, sink);
  }
}

function messageStop(state: FlatState, at: number, sink: FindingSink): void {
  for (const [index, open] of state.openBlocks) {
    sink.report('flat/block-not-stopped', `block ${index} (${open.type}) opened at frame ${open.frame + 1} was never stopped before message_stop`, [open.frame, at]);
  }
  state.openBlocks.clear();
  if (state.group) {
    sink.report('flat/group-not-ended', `the group opened at frame ${state.group.frame + 1} has no group_end before message_stop`, [state.group.frame, at]);
    state.group = null;
  }
  state.tools.allEnded(at, sink, 'when the message stopped');
  state.approvals.messageStop(at, sink);
  state.afterStop = true;
  state.view.setStreaming(false);
}

function checkReplay(state: FlatState, event: Record<string, unknown>, frame: Frame, sink: FindingSink): void {
  const replay = state.replay;
  if (!replay) return;
  const raw = event.event_id ?? frame.eventId;
  if (typeof raw !== 'string' && typeof raw !== 'number') return;
  const id = parseEventId(raw);
  if (isNotAfter(id, replay.cursor)) {
    sink.report('flat/replay-overlap', `replayed event "${id.raw}" is not after last_event_id "${replay.cursor.raw}": the client sees it twice`, [frame.index, replay.frame]);
  } else if (replay.first) {
    const distance = distancePast(id, replay.cursor);
    if (distance !== undefined && distance > 1) {
      sink.report('flat/replay-gap', `the replay starts at event ${id.raw} but last_event_id is ${replay.cursor.raw}: ${distance - 1} event(s) missing`, [frame.index, replay.frame]);
    }
  }
  replay.first = false;
}

function answersOf(block: Record<string, unknown>): Record<string, string> | undefined {
  const a = block.answers ?? block.submittedAnswers;
  if (!a || typeof a !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string') out[k] = v;
  return out;
}
