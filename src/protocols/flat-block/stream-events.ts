// Stream events (server to page, spec section 2): which event a frame holds, whether it is in its plain
// shape (a hand check, so that most events skip zod), and the rules of where an event may come: inside a
// message, after the replay cursor. What the content blocks and the message and group markers then do
// to the view is in stream-event-effects.ts.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { safeText } from '../../model/safe-text';
import { distancePast, isNotAfter, parseEventId } from './ids';
import { firstIssue, StreamEventSchema, type ContentBlock, type StreamEvent } from './schema';
import type { FlatState } from './state';
import { addRaw } from './raw';
import { isPlainGroupMarker, isPlainMarker, isPlainMessageStart, isPlainMessageStop } from './plain-events';
import { blockDelta, blockStart, blockStop, groupEnd, groupStart, messageStart, messageStop } from './stream-event-effects';

type ContentBlockDelta = Extract<StreamEvent, { type: 'content_block_delta' }>;
type ContentBlockStart = Extract<StreamEvent, { type: 'content_block_start' }>;
type ContentBlockStop = Extract<StreamEvent, { type: 'content_block_stop' }>;
type GroupStart = Extract<StreamEvent, { type: 'group_start' }>;
type GroupEnd = Extract<StreamEvent, { type: 'group_end' }>;
type MessageStart = Extract<StreamEvent, { type: 'message_start' }>;
type ErrorEvent = Extract<StreamEvent, { type: 'error' }>;

// The stream event types as small numbers: the type string of a frame is compared once, and what
// follows (the hand check, the in-message rule, the handler) switches on the number.
const BLOCK_DELTA = 0;
const BLOCK_START = 1;
const BLOCK_STOP = 2;
const GROUP_START = 3;
const GROUP_END = 4;
const MESSAGE_START = 5;
const MESSAGE_STOP = 6;
const ERROR = 7;
/** Kinds below this belong inside a message: content blocks and group markers. */
const IN_MESSAGE_ONLY_BELOW = 5;

/** One event; `type` is its `type`, a string, and `kind` that type's kind (streamEventKind), both read once by the caller. */
export function applyStreamEvent(state: FlatState, event: Record<string, unknown>, type: string, kind: number, frame: Frame, sink: FindingSink): void {
  if (kind < 0) {
    // A known type is short, plain text: only another type needs making safe for the finding.
    sink.report('flat/unknown-event', `event type "${safeText(type)}" is not part of the flat-block protocol`, [frame.index]);
    addRaw(state, frame);
    return;
  }
  if (state.replay !== null) checkReplay(state, event, frame, sink);
  // Content blocks, most of a stream, are checked by hand and handled with the fields read for the check.
  switch (kind) {
    case BLOCK_DELTA: {
      const index = event.index;
      const delta = event.delta;
      if (!plainDelta(index, event.event_id, delta)) break;
      if (state.afterStop) outsideMessage(type, frame, sink);
      return blockDelta(state, index as number, delta as Record<string, unknown>, frame.index, sink);
    }
    case BLOCK_START: {
      const index = event.index;
      const block = event.content_block;
      if (!isIndex(index) || !validEventId(event.event_id) || !isBlockObject(block)) break;
      const blockType = block.type;
      if (!isPlainBlockOfType(blockType, block)) break;
      if (state.afterStop) outsideMessage(type, frame, sink);
      return blockStart(state, index as number, block as ContentBlock, blockType as ContentBlock['type'], frame, sink);
    }
    case BLOCK_STOP: {
      const index = event.index;
      if (!plainStop(index, event.event_id)) break;
      if (state.afterStop) outsideMessage(type, frame, sink);
      return blockStop(state, index as number, frame.index, sink);
    }
    case GROUP_START:
    case GROUP_END: {
      const summary = event.summary;
      if (!isPlainGroupMarker(event.event_id, event.index, event.message_id, summary)) break;
      if (state.afterStop) outsideMessage(type, frame, sink);
      if (kind === GROUP_START) groupStart(state, summary as string | null | undefined, frame.index, sink);
      else groupEnd(state, summary as string | null | undefined, frame.index, sink);
      return;
    }
    case MESSAGE_START: {
      const message = event.message;
      if (!isPlainMessageStart(event.event_id, message)) break;
      return messageStart(state, message as { message_type?: string } | null | undefined);
    }
    case MESSAGE_STOP:
      if (!isPlainMessageStop(event.event_id)) break;
      return messageStop(state, frame.index, sink);
    case ERROR:
      break;
  }
  const parsed = StreamEventSchema.safeParse(event);
  if (!parsed.success) {
    sink.report('flat/invalid-event', `${type} does not match the protocol: ${firstIssue(parsed.error)}`, [frame.index]);
    addRaw(state, frame);
    return;
  }
  if (state.afterStop && kind < IN_MESSAGE_ONLY_BELOW) outsideMessage(type, frame, sink);
  handle(state, kind, parsed.data, frame, sink);
}

function outsideMessage(type: string, frame: Frame, sink: FindingSink): void {
  sink.report('flat/event-outside-message', `${type} after message_stop and before the next message_start`, [frame.index]);
}

/** The stream event types by kind. */
const TYPES = ['content_block_delta', 'content_block_start', 'content_block_stop', 'group_start', 'group_end', 'message_start', 'message_stop', 'error'];
/** Kinds by `(length * 3 + last character) & 31` of their type, which no two types share; -1 for no type. */
const KIND_BY_HASH: readonly number[] = (() => {
  const table = new Array<number>(32).fill(-1);
  TYPES.forEach((type, kind) => {
    const h = typeHash(type);
    if (table[h] !== -1) throw new Error(`stream event types ${TYPES[table[h] as number]} and ${type} share a hash`);
    table[h] = kind;
  });
  return table;
})();

function typeHash(type: string): number {
  return (type.length * 3 + type.charCodeAt(type.length - 1)) & 31;
}

/**
 * The kind of a stream event type, -1 for any other value. One table lookup and one compare, where a
 * switch compares the freshly parsed type string with each type in turn (and a set lookup hashes it
 * whole first).
 */
export function streamEventKind(type: unknown): number {
  if (typeof type !== 'string') return -1;
  // An empty type hashes to 0 (NaN & 31), which no type has.
  const kind = KIND_BY_HASH[typeHash(type)] as number;
  return kind >= 0 && type === TYPES[kind] ? kind : -1;
}

/** STREAM_EVENT_TYPES.has without the hash (a test keeps the two the same). */
export function isStreamEventType(type: unknown): type is string {
  return streamEventKind(type) >= 0;
}

/**
 * The hand checks by kind: true only for what StreamEventSchema accepts (fast-path.test.ts), and for
 * the same events as `isPlainDeltaOrStop(e) || isPlainBlockStart(e) || isPlainMarker(e)`.
 */
function isPlainOfKind(kind: number, e: Record<string, unknown>): boolean {
  switch (kind) {
    case BLOCK_DELTA:
      return plainDelta(e.index, e.event_id, e.delta);
    case BLOCK_START:
      return plainStart(e.index, e.event_id, e.content_block);
    case BLOCK_STOP:
      return plainStop(e.index, e.event_id);
    case ERROR:
      return false;
    default:
      return isPlainMarker(e);
  }
}

// The checks of isPlainOfKind by the fields they read: applyStreamEvent calls them with the same fields.
const plainDelta = (index: unknown, eventId: unknown, delta: unknown): boolean => isIndex(index) && validEventId(eventId) && isPlainDelta(delta);
const plainStart = (index: unknown, eventId: unknown, block: unknown): boolean => isIndex(index) && validEventId(eventId) && isPlainBlock(block);
const plainStop = (index: unknown, eventId: unknown): boolean => isIndex(index) && validEventId(eventId);

/** Whether an event the fold met is one the hand checks take, as the fold tells it (for the tests). */
export function isPlainStreamEvent(e: Record<string, unknown>): boolean {
  const kind = streamEventKind(e.type);
  return kind >= 0 && isPlainOfKind(kind, e);
}

const isIndex = (index: unknown): boolean => typeof index === 'number' && Number.isSafeInteger(index) && index >= 0;

function isPlainDelta(d: unknown): boolean {
  if (!d || typeof d !== 'object' || Array.isArray(d)) return false;
  const { text, thinking } = d as { text?: unknown; thinking?: unknown };
  return (text === undefined || typeof text === 'string') && (thinking === undefined || typeof thinking === 'string');
}

/**
 * Deltas and stops are most of a stream. This check accepts exactly what StreamEventSchema accepts for
 * them when it returns true; anything it is unsure of goes through the schema, which also words the finding.
 */
export function isPlainDeltaOrStop(e: Record<string, unknown>): boolean {
  if (!isIndex(e.index) || !validEventId(e.event_id)) return false;
  if (e.type === 'content_block_stop') return true;
  return e.type === 'content_block_delta' && isPlainDelta(e.delta);
}

const validEventId = (v: unknown): boolean => v === undefined || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const optional = (v: unknown, type: 'string' | 'boolean'): boolean => v === undefined || typeof v === type;
const nullableString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const isResultStatus = (v: unknown): boolean => v === 'success' || v === 'error' || v === 'cancelled';

/** The same promise as isPlainDeltaOrStop, for content_block_start with the block shapes of section 2. */
export function isPlainBlockStart(e: Record<string, unknown>): boolean {
  return e.type === 'content_block_start' && isIndex(e.index) && validEventId(e.event_id) && isPlainBlock(e.content_block);
}

function isPlainBlock(b: unknown): boolean {
  return isBlockObject(b) && isPlainBlockOfType(b.type, b);
}

const isBlockObject = (b: unknown): b is Record<string, unknown> => !!b && typeof b === 'object' && !Array.isArray(b);

/** isPlainBlock for a block object whose `type` the caller read. */
function isPlainBlockOfType(type: unknown, block: Record<string, unknown>): boolean {
  switch (type) {
    case 'text':
      return optional(block.text, 'string') && optional(block.is_part, 'boolean') && optional(block.is_final, 'boolean');
    case 'thinking':
      return optional(block.thinking, 'string');
    case 'tool_use':
      return typeof block.id === 'string' && typeof block.name === 'string' && nullableString(block.tool_content_message) && nullableString(block.parent_tool_use_id);
    case 'tool_result':
      return typeof block.tool_use_id === 'string' && isResultStatus(block.status) && nullableString(block.tool_content_message);
    case 'approval_request':
    case 'approval_result':
    case 'approval_timeout':
      return typeof block.approval_key === 'string';
    default:
      return false;
  }
}

function handle(state: FlatState, kind: number, e: StreamEvent, frame: Frame, sink: FindingSink): void {
  const at = frame.index;
  switch (kind) {
    case BLOCK_DELTA: {
      const d = e as ContentBlockDelta;
      return blockDelta(state, d.index, d.delta, at, sink);
    }
    case BLOCK_START: {
      const s = e as ContentBlockStart;
      return blockStart(state, s.index, s.content_block, s.content_block.type, frame, sink);
    }
    case BLOCK_STOP:
      return blockStop(state, (e as ContentBlockStop).index, at, sink);
    case GROUP_START:
      return groupStart(state, (e as GroupStart).summary, at, sink);
    case GROUP_END:
      return groupEnd(state, (e as GroupEnd).summary, at, sink);
    case MESSAGE_START:
      return messageStart(state, (e as MessageStart).message);
    case MESSAGE_STOP:
      return messageStop(state, at, sink);
    case ERROR: {
      const error = (e as ErrorEvent).error;
      const text = typeof error === 'string' ? error : JSON.stringify(error ?? null);
      state.view.model.items.push({ kind: 'error', id: state.view.id('error'), frames: [at], message: text });
      return;
    }
  }
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
