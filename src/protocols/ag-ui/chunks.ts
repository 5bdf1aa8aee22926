// Chunk expansion, as @ag-ui/client's transformChunks does before verifying: TEXT_MESSAGE_CHUNK,
// TOOL_CALL_CHUNK and REASONING_MESSAGE_CHUNK become START / CONTENT (ARGS) events, and the pending
// item is closed with a synthetic END when the stream moves on. Pending items are kept per subagent lane.
import { EventType } from '@ag-ui/core';
import type { AguiEvent } from './schema';
import type { AguiRuleName } from './rules';

type Kind = 'text' | 'tool' | 'reasoning';

interface Pending {
  kind: Kind;
  /** messageId or toolCallId. */
  id: string;
  role?: string;
  name?: string;
  toolCallName?: string;
  parentMessageId?: string;
}

export interface Expanded {
  event: AguiEvent;
  /** Built by this stage (not sent as such): an empty content delta here is not the producer's. */
  synthetic: boolean;
}

export interface ExpandResult {
  events: Expanded[];
  problem?: { rule: AguiRuleName; message: string };
}

/** Events that close the pending chunk item of their own lane before passing. */
const CLOSES_OWN_LANE = new Set<string>([
  EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_CONTENT, EventType.TEXT_MESSAGE_END,
  EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END, EventType.TOOL_CALL_RESULT,
  EventType.STATE_SNAPSHOT, EventType.STATE_DELTA, EventType.CUSTOM, EventType.STEP_STARTED, EventType.STEP_FINISHED,
  EventType.REASONING_START, EventType.REASONING_MESSAGE_START, EventType.REASONING_MESSAGE_CONTENT,
  EventType.REASONING_MESSAGE_END, EventType.REASONING_END, EventType.SUBAGENT_FINISHED, EventType.SUBAGENT_ERROR,
  // The client converts THINKING_* into REASONING_* before this stage.
  'THINKING_START', 'THINKING_END', 'THINKING_TEXT_MESSAGE_START', 'THINKING_TEXT_MESSAGE_CONTENT', 'THINKING_TEXT_MESSAGE_END',
]);
/** Events that close every pending item. RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_STARTED close none. */
const CLOSES_ALL = new Set<string>([EventType.RUN_STARTED, EventType.RUN_FINISHED, EventType.RUN_ERROR, EventType.MESSAGES_SNAPSHOT]);

export class ChunkExpander {
  private readonly lanes = new Map<string | undefined, Pending>();

  expand(event: AguiEvent): ExpandResult {
    switch (event.type) {
      case EventType.TEXT_MESSAGE_CHUNK:
        return this.chunk(event, 'text', event.messageId, event.delta);
      case EventType.TOOL_CALL_CHUNK:
        return this.chunk(event, 'tool', event.toolCallId, event.delta);
      case EventType.REASONING_MESSAGE_CHUNK:
        return this.chunk(event, 'reasoning', event.messageId, event.delta);
      default: {
        const passed: Expanded = { event, synthetic: false };
        // Most events arrive with nothing pending: no lookups, no copies.
        if (this.lanes.size === 0) return { events: [passed] };
        const sub = (event as { subagentRunId?: unknown }).subagentRunId;
        const lane = typeof sub === 'string' ? sub : undefined;
        if (CLOSES_ALL.has(event.type)) {
          const closed = this.closeAll();
          closed.push(passed);
          return { events: closed };
        }
        const ended = CLOSES_OWN_LANE.has(event.type) ? this.close(lane) : undefined;
        return { events: ended ? [ended, passed] : [passed] };
      }
    }
  }

  private chunk(
    event: AguiEvent & { subagentRunId?: string; metadata?: unknown; rawEvent?: unknown },
    kind: Kind,
    id: string | undefined,
    delta: string | undefined,
  ): ExpandResult {
    const lane = event.subagentRunId ?? this.laneOf(kind, id);
    const open = this.lanes.get(lane);
    const out: Expanded[] = [];
    let current: Pending;
    if (open && open.kind === kind && (id === undefined || id === open.id)) {
      const mismatch = this.mismatch(open, event);
      if (mismatch) return { events: [], problem: { rule: 'chunk-field-mismatch', message: mismatch } };
      current = open;
    } else {
      const ended = this.close(lane);
      if (ended) out.push(ended);
      if (id === undefined) {
        const what = kind === 'tool' ? 'TOOL_CALL_CHUNK must have a toolCallId' : `${event.type} must have a messageId`;
        return { events: out, problem: { rule: 'chunk-missing-id', message: `First ${what}; the chunk was not applied.` } };
      }
      const fields = event as { role?: string; name?: string; toolCallName?: string; parentMessageId?: string };
      if (kind === 'tool' && fields.toolCallName === undefined) {
        return { events: out, problem: { rule: 'chunk-missing-tool-name', message: 'First TOOL_CALL_CHUNK must have a toolCallName; the chunk was not applied.' } };
      }
      current = { kind, id, role: fields.role, name: fields.name, toolCallName: fields.toolCallName, parentMessageId: fields.parentMessageId };
      this.lanes.set(lane, current);
      out.push({ event: this.startEvent(current, event), synthetic: true });
    }
    if (delta !== undefined || event.rawEvent !== undefined || event.metadata !== undefined) {
      out.push({ event: this.contentEvent(current, delta ?? '', event), synthetic: true });
    }
    return { events: out };
  }

  /** Drops a pending item whose synthetic START was rejected, so no synthetic END follows it. */
  forget(id: string): void {
    for (const [lane, pending] of this.lanes) if (pending.id === id) this.lanes.delete(lane);
  }

  private laneOf(kind: Kind, id: string | undefined): string | undefined {
    if (id === undefined) return undefined;
    for (const [lane, pending] of this.lanes) if (pending.kind === kind && pending.id === id) return lane;
    return undefined;
  }

  private mismatch(open: Pending, event: object): string | undefined {
    for (const field of open.kind === 'tool' ? TOOL_FIELDS : MESSAGE_FIELDS) {
      const sent = (event as Record<string, unknown>)[field];
      const value = field === 'role' ? (open.role ?? (open.kind === 'text' ? 'assistant' : undefined)) : open[field];
      if (sent !== undefined && sent !== value) {
        return `Cannot continue '${open.id}': chunk ${field} ${JSON.stringify(sent)} does not match the open stream's ${value === undefined ? '(absent)' : JSON.stringify(value)}.`;
      }
    }
    return undefined;
  }

  // The synthetic events are built field by field in the order the spreads of transformChunks give
  // (type, id, the kind's own fields, metadata, subagentRunId): object spreads cost more than the rest
  // of a chunk's expansion.
  private startEvent(p: Pending, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
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

  private contentEvent(p: Pending, delta: string, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
    const e: Record<string, unknown> =
      p.kind === 'text'
        ? { type: EventType.TEXT_MESSAGE_CONTENT, messageId: p.id, delta }
        : p.kind === 'tool'
          ? { type: EventType.TOOL_CALL_ARGS, toolCallId: p.id, delta }
          : { type: EventType.REASONING_MESSAGE_CONTENT, messageId: p.id, delta };
    return withChunkExtras(e, chunk);
  }

  /** The synthetic END of the lane's pending item, which is dropped; undefined when none is pending. */
  private close(lane: string | undefined): Expanded | undefined {
    const p = this.lanes.get(lane);
    if (!p) return undefined;
    this.lanes.delete(lane);
    return endOf(p, lane);
  }

  private closeAll(): Expanded[] {
    const out: Expanded[] = [];
    for (const [lane, p] of this.lanes) out.push(endOf(p, lane));
    this.lanes.clear();
    return out;
  }
}

const TOOL_FIELDS: ReadonlyArray<keyof Pending> = ['toolCallName', 'parentMessageId'];
const MESSAGE_FIELDS: ReadonlyArray<keyof Pending> = ['role', 'name'];

function endOf(p: Pending, lane: string | undefined): Expanded {
  const e: Record<string, unknown> =
    p.kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_END, messageId: p.id }
      : p.kind === 'tool'
        ? { type: EventType.TOOL_CALL_END, toolCallId: p.id }
        : { type: EventType.REASONING_MESSAGE_END, messageId: p.id };
  if (lane !== undefined) e.subagentRunId = lane;
  return { event: e as AguiEvent, synthetic: true };
}

function withChunkExtras(e: Record<string, unknown>, chunk: { metadata?: unknown; subagentRunId?: string }): AguiEvent {
  if (chunk.metadata !== undefined) e.metadata = chunk.metadata;
  if (chunk.subagentRunId !== undefined) e.subagentRunId = chunk.subagentRunId;
  return e as AguiEvent;
}
