// Chunk expansion, as @ag-ui/client's transformChunks does before verifying: TEXT_MESSAGE_CHUNK,
// TOOL_CALL_CHUNK and REASONING_MESSAGE_CHUNK become START / CONTENT (ARGS) events, and the pending
// item is closed with a synthetic END when the stream moves on. Pending items are kept per subagent lane.
import { EventType } from '@ag-ui/core';
import type { AguiEvent } from './schema';
import type { AguiRuleName } from './rules';
import { Code } from './event-types';

type Kind = 'text' | 'tool' | 'reasoning';

interface Pending {
  /** The subagent lane (subagentRunId) the item is pending in; undefined for the main one. */
  lane: string | undefined;
  kind: Kind;
  /** messageId or toolCallId. */
  id: string;
  role?: string;
  name?: string;
  toolCallName?: string;
  parentMessageId?: string;
  /** The item pending in the lane opened next. */
  next: Pending | undefined;
}

/**
 * Where expansion hands its events, one at a time and in order, straight into the later stages: no
 * list of results per event, which every event paid for while most pass through untouched.
 */
export interface ExpansionTarget {
  /**
   * One event after expansion. `code` is the event's type (event-types.ts), `lane` its subagentRunId
   * (read once by the caller for a sent event), `synthetic` when this stage built it (an empty content
   * delta there is not the producer's).
   */
  step(event: AguiEvent, code: Code, synthetic: boolean, lane: string | undefined): void;
  /** A chunk that could not be expanded; reported before the events the same chunk passes on. */
  report(rule: AguiRuleName, message: string): void;
}

/** Events that close the pending chunk item of their own lane before passing. */
function closesOwnLane(code: Code): boolean {
  switch (code) {
    case Code.TEXT_MESSAGE_START:
    case Code.TEXT_MESSAGE_CONTENT:
    case Code.TEXT_MESSAGE_END:
    case Code.TOOL_CALL_START:
    case Code.TOOL_CALL_ARGS:
    case Code.TOOL_CALL_END:
    case Code.TOOL_CALL_RESULT:
    case Code.STATE_SNAPSHOT:
    case Code.STATE_DELTA:
    case Code.CUSTOM:
    case Code.STEP_STARTED:
    case Code.STEP_FINISHED:
    case Code.REASONING_START:
    case Code.REASONING_MESSAGE_START:
    case Code.REASONING_MESSAGE_CONTENT:
    case Code.REASONING_MESSAGE_END:
    case Code.REASONING_END:
    case Code.SUBAGENT_FINISHED:
    case Code.SUBAGENT_ERROR:
    case Code.THINKING_START: // The client converts THINKING_* into REASONING_* before this stage.
    case Code.THINKING_END:
    case Code.THINKING_TEXT_MESSAGE_START:
    case Code.THINKING_TEXT_MESSAGE_CONTENT:
    case Code.THINKING_TEXT_MESSAGE_END:
      return true;
    default:
      return false;
  }
}

/** Events that close every pending item. RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_STARTED close none. */
function closesAll(code: Code): boolean {
  return code === Code.RUN_STARTED || code === Code.RUN_FINISHED || code === Code.RUN_ERROR || code === Code.MESSAGES_SNAPSHOT;
}

type Chunk = AguiEvent & { subagentRunId?: string; metadata?: unknown; rawEvent?: unknown };

export class ChunkExpander {
  /**
   * The pending item of each lane, in the order they opened: a list linked through the items rather
   * than a map by lane. There is seldom more than one, and a session is often short.
   */
  private first: Pending | undefined;

  /** Expands one validated event (its type's `code`, its subagentRunId `lane`) into `target`. */
  expand(event: AguiEvent, code: Code, lane: string | undefined, target: ExpansionTarget): void {
    switch (code) {
      case Code.TEXT_MESSAGE_CHUNK: {
        const chunk = event as Extract<AguiEvent, { type: EventType.TEXT_MESSAGE_CHUNK }>;
        return this.chunk(chunk, 'text', chunk.messageId, chunk.delta, lane, target);
      }
      case Code.TOOL_CALL_CHUNK: {
        const chunk = event as Extract<AguiEvent, { type: EventType.TOOL_CALL_CHUNK }>;
        return this.chunk(chunk, 'tool', chunk.toolCallId, chunk.delta, lane, target);
      }
      case Code.REASONING_MESSAGE_CHUNK: {
        const chunk = event as Extract<AguiEvent, { type: EventType.REASONING_MESSAGE_CHUNK }>;
        return this.chunk(chunk, 'reasoning', chunk.messageId, chunk.delta, lane, target);
      }
      default: {
        // Most events arrive with nothing pending: no lookups.
        if (this.first !== undefined) {
          if (closesAll(code)) this.closeAll(target);
          else if (closesOwnLane(code)) {
            const ended = this.take(lane);
            if (ended !== undefined) stepEnd(ended, target);
          }
        }
        return target.step(event, code, false, lane);
      }
    }
  }

  /** `chunkLane`: the chunk's own subagentRunId. */
  private chunk(event: Chunk, kind: Kind, id: string | undefined, delta: string | undefined, chunkLane: string | undefined, target: ExpansionTarget): void {
    // A chunk without its own lane continues the pending item of its kind and id, in whatever lane
    // that is (one item per lane, so that lane's); else the lane's own pending item, if any.
    let open = chunkLane === undefined ? this.pendingWith(kind, id) : undefined;
    const lane = open !== undefined ? open.lane : chunkLane;
    if (open === undefined) open = this.find(lane);
    let current: Pending;
    if (open && open.kind === kind && (id === undefined || id === open.id)) {
      const mismatch = this.mismatch(open, event);
      if (mismatch) return target.report('chunk-field-mismatch', mismatch);
      current = open;
    } else {
      // The lane's pending item ends; its END passes before this chunk's events (after a problem).
      const ended = this.take(lane);
      if (id === undefined) {
        const what = kind === 'tool' ? 'TOOL_CALL_CHUNK must have a toolCallId' : `${event.type} must have a messageId`;
        target.report('chunk-missing-id', `First ${what}; the chunk was not applied.`);
        if (ended !== undefined) stepEnd(ended, target);
        return;
      }
      const fields = event as { role?: string; name?: string; toolCallName?: string; parentMessageId?: string };
      if (kind === 'tool' && fields.toolCallName === undefined) {
        target.report('chunk-missing-tool-name', 'First TOOL_CALL_CHUNK must have a toolCallName; the chunk was not applied.');
        if (ended !== undefined) stepEnd(ended, target);
        return;
      }
      current = { lane, kind, id, role: fields.role, name: fields.name, toolCallName: fields.toolCallName, parentMessageId: fields.parentMessageId, next: undefined };
      this.append(current);
      if (ended !== undefined) stepEnd(ended, target);
      target.step(startEvent(current, event), START_CODES[kind], true, chunkLane);
    }
    if (delta !== undefined || event.rawEvent !== undefined || event.metadata !== undefined) {
      target.step(contentEvent(current, delta ?? '', event), CONTENT_CODES[kind], true, chunkLane);
    }
  }

  /** Drops a pending item whose synthetic START was rejected, so no synthetic END follows it. */
  forget(id: string): void {
    let previous: Pending | undefined;
    let p = this.first;
    while (p !== undefined) {
      const next: Pending | undefined = p.next;
      if (p.id === id) this.unlink(p, previous);
      else previous = p;
      p = next;
    }
  }

  private append(item: Pending): void {
    if (this.first === undefined) {
      this.first = item;
      return;
    }
    let last = this.first;
    while (last.next !== undefined) last = last.next;
    last.next = item;
  }

  private unlink(p: Pending, previous: Pending | undefined): void {
    if (previous === undefined) this.first = p.next;
    else previous.next = p.next;
    p.next = undefined;
  }

  private find(lane: string | undefined): Pending | undefined {
    for (let p = this.first; p !== undefined; p = p.next) if (p.lane === lane) return p;
    return undefined;
  }

  /** The lane's pending item, which is no longer pending; undefined when none is. */
  private take(lane: string | undefined): Pending | undefined {
    let previous: Pending | undefined;
    for (let p = this.first; p !== undefined; p = p.next) {
      if (p.lane === lane) {
        this.unlink(p, previous);
        return p;
      }
      previous = p;
    }
    return undefined;
  }

  /** Every pending item ends, in the order they opened; none is pending from the first END on. */
  private closeAll(target: ExpansionTarget): void {
    let p = this.first;
    this.first = undefined;
    while (p !== undefined) {
      const next: Pending | undefined = p.next;
      p.next = undefined;
      stepEnd(p, target);
      p = next;
    }
  }

  private pendingWith(kind: Kind, id: string | undefined): Pending | undefined {
    if (id === undefined) return undefined;
    for (let p = this.first; p !== undefined; p = p.next) if (p.kind === kind && p.id === id) return p;
    return undefined;
  }

  /**
   * What a continuing chunk sends that its open stream does not say: a tool call's toolCallName and
   * parentMessageId, a message's role and name, in that order. Each field read by name (a loop over
   * the names read them by key, which every continuing chunk paid).
   */
  private mismatch(open: Pending, chunk: Chunk): string | undefined {
    const event = chunk as { role?: unknown; name?: unknown; toolCallName?: unknown; parentMessageId?: unknown };
    if (open.kind === 'tool') {
      const { toolCallName, parentMessageId } = event;
      if (toolCallName !== undefined && toolCallName !== open.toolCallName) return mismatchText(open, 'toolCallName', toolCallName, open.toolCallName);
      if (parentMessageId !== undefined && parentMessageId !== open.parentMessageId) return mismatchText(open, 'parentMessageId', parentMessageId, open.parentMessageId);
      return undefined;
    }
    const { role, name } = event;
    if (role !== undefined) {
      const openRole = open.role ?? (open.kind === 'text' ? 'assistant' : undefined);
      if (role !== openRole) return mismatchText(open, 'role', role, openRole);
    }
    if (name !== undefined && name !== open.name) return mismatchText(open, 'name', name, open.name);
    return undefined;
  }
}

const START_CODES: Record<Kind, Code> = { text: Code.TEXT_MESSAGE_START, tool: Code.TOOL_CALL_START, reasoning: Code.REASONING_MESSAGE_START };
const CONTENT_CODES: Record<Kind, Code> = { text: Code.TEXT_MESSAGE_CONTENT, tool: Code.TOOL_CALL_ARGS, reasoning: Code.REASONING_MESSAGE_CONTENT };
const END_CODES: Record<Kind, Code> = { text: Code.TEXT_MESSAGE_END, tool: Code.TOOL_CALL_END, reasoning: Code.REASONING_MESSAGE_END };

// The synthetic events are built field by field in the order the spreads of transformChunks give
// (type, id, the kind's own fields, metadata, subagentRunId): object spreads cost more than the rest
// of a chunk's expansion.
function startEvent(p: Pending, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
  let e: Record<string, unknown>;
  if (p.kind === 'text') {
    e = { type: EventType.TEXT_MESSAGE_START, messageId: p.id, role: p.role ?? 'assistant' };
    if (p.name !== undefined) e.name = p.name;
  } else if (p.kind === 'tool') {
    e = { type: EventType.TOOL_CALL_START, toolCallId: p.id, toolCallName: p.toolCallName ?? '' };
    if (p.parentMessageId !== undefined) e.parentMessageId = p.parentMessageId;
  } else {
    e = { type: EventType.REASONING_MESSAGE_START, messageId: p.id, role: 'reasoning' };
  }
  return withChunkExtras(e, chunk);
}

function contentEvent(p: Pending, delta: string, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
  const e: Record<string, unknown> =
    p.kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_CONTENT, messageId: p.id, delta }
      : p.kind === 'tool'
        ? { type: EventType.TOOL_CALL_ARGS, toolCallId: p.id, delta }
        : { type: EventType.REASONING_MESSAGE_CONTENT, messageId: p.id, delta };
  return withChunkExtras(e, chunk);
}

function mismatchText(open: Pending, field: string, sent: unknown, value: unknown): string {
  return `Cannot continue '${open.id}': chunk ${field} ${JSON.stringify(sent)} does not match the open stream's ${value === undefined ? '(absent)' : JSON.stringify(value)}.`;
}

/** The synthetic END of a lane's pending item, passed on. */
function stepEnd(p: Pending, target: ExpansionTarget): void {
  const lane = p.lane;
  const e: Record<string, unknown> =
    p.kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_END, messageId: p.id }
      : p.kind === 'tool'
        ? { type: EventType.TOOL_CALL_END, toolCallId: p.id }
        : { type: EventType.REASONING_MESSAGE_END, messageId: p.id };
  if (lane !== undefined) e.subagentRunId = lane;
  target.step(e as AguiEvent, END_CODES[p.kind], true, lane);
}

function withChunkExtras(e: Record<string, unknown>, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
  if (chunk.metadata !== undefined) e.metadata = chunk.metadata;
  if (chunk.subagentRunId !== undefined) e.subagentRunId = chunk.subagentRunId;
  return e as AguiEvent;
}
