// An AI message's tool calls: one item per call id, from a whole call (`tool_calls`) or from argument
// pieces streamed as `tool_call_chunks`, joined as @langchain/core joins them (useStream's
// MessageTupleManager concatenates the chunks with AIMessageChunk.concat and reads `tool_calls` back).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { safeJson } from '../../model/safe-text';
import { humanizeToolName, type ToolItem } from '../../model/view';
import { addFrame, newToolItem, parseJson, setToolInput } from '../shared/view-helpers';
import { LANGGRAPH_RULES as R } from './rules';
import type { ChunkCall, ChunkEntry, Message, State } from './fold-state';

function toolItem(state: State, entry: Message, messageId: string, callId: string, name: string, frame: Frame): ToolItem {
  const known = callId ? state.calls.get(callId) : undefined;
  if (known) {
    addFrame(known.frames, frame.index);
    return known;
  }
  const item = newToolItem(`tool-${messageId}-${callId || entry.tools.length}`, callId, name, frame.index);
  item.messageId = messageId;
  entry.tools.push(item);
  if (callId) state.calls.set(callId, item);
  state.model.items.push(item);
  return item;
}

export function applyCall(state: State, entry: Message, messageId: string, callId: string, name: string, args: unknown, frame: Frame): void {
  // A call streamed in pieces under an index gets its id with the first piece; the whole call names it.
  const item = toolItem(state, entry, messageId, callId, name, frame);
  if (name && item.name !== name) item.name = name;
  if (args !== undefined) {
    setToolInput(item, args);
    delete item.inputText;
  }
}

type CallChunk = { name?: string | null; args?: string | null; id?: string | null; index?: number | null; type?: string | null };

/** `type` without a `_delta` ending, as core compares the types of two entries it would merge. */
const typeBase = (type: string) => (type.endsWith('_delta') ? type.slice(0, -6) : type);

/**
 * The entry a chunk joins, as core's `_findMergeTarget`: by index when both have one (and by id too when
 * both have one: Gemini's integration numbers parallel calls per chunk, each at index 0, with their own
 * ids), by id when neither has an index; none when the chunk has neither.
 */
function mergeTarget(list: readonly ChunkEntry[], index: number | undefined, id: string | undefined, type: string | undefined): ChunkEntry | undefined {
  if (index === undefined && id === undefined) return undefined;
  return list.find((left) => {
    const leftIndex = typeof left.index === 'number' ? left.index : undefined;
    if (index !== undefined && leftIndex !== undefined) {
      if (leftIndex !== index) return false;
      if (type !== undefined && left.type !== undefined && typeBase(type) !== typeBase(left.type)) return false;
      return left.id !== undefined && id !== undefined ? left.id === id : true;
    }
    return index === undefined && leftIndex === undefined && id !== undefined && left.id === id;
  });
}

/** The call a new entry belongs to, as core's `collapseToolCallChunks` groups the entries (against each call's first entry). */
function callOf(list: readonly ChunkEntry[], entry: ChunkEntry, frame: Frame): ChunkCall {
  const match = list.find(({ call }) => {
    const head = call.entries[0] as ChunkEntry;
    if (entry.id !== undefined && entry.index !== undefined) return head.id === entry.id && head.index === entry.index;
    if (entry.id !== undefined) return head.id === entry.id;
    if (entry.index !== undefined) return head.index === entry.index;
    return false;
  })?.call;
  const call = match ?? { entries: [], frame: frame.index };
  call.entries.push(entry);
  return call;
}

/**
 * A streamed `tool_call_chunks` entry: merged into the message's entries as @langchain/core merges them,
 * then its call drawn as core collapses it (the first entry's name, the entries' arguments joined, the
 * first id). A call without an id is not drawn: core files it under `invalid_tool_calls`, and useStream
 * shows no call; it is reported when its message is settled (see settleIdlessCalls).
 */
export function applyCallChunk(state: State, entry: Message, messageId: string, chunk: CallChunk, frame: Frame): void {
  const list = (entry.chunkCalls ??= []);
  const index = typeof chunk.index === 'number' ? chunk.index : undefined;
  const id = chunk.id ? chunk.id : undefined;
  const type = chunk.type ?? undefined;
  let target = mergeTarget(list, index, id, type);
  if (target) {
    if (id) target.id = id;
    if (chunk.name) target.name = chunk.name;
    if (target.type === undefined && type !== undefined) target.type = type;
    if (chunk.args) target.args += chunk.args;
  } else {
    target = { index: chunk.index, args: chunk.args ?? '' } as ChunkEntry;
    if (id) target.id = id;
    if (type !== undefined) target.type = type;
    if (chunk.name) target.name = chunk.name;
    target.call = callOf(list, target, frame);
    list.push(target);
  }
  drawCall(state, entry, messageId, target.call, frame);
}

function drawCall(state: State, entry: Message, messageId: string, call: ChunkCall, frame: Frame): void {
  const id = call.entries.find((e) => e.id)?.id;
  if (id === undefined) {
    state.idless.set(messageId, entry);
    return;
  }
  const name = call.entries[0]?.name ?? '';
  const item = (call.item ??= toolItem(state, entry, messageId, id, name, frame));
  addFrame(item.frames, frame.index);
  if (name && item.name !== name) {
    item.name = name;
    item.label = humanizeToolName(name);
  }
  const args = call.entries.length === 1 ? (call.entries[0] as ChunkEntry).args : call.entries.map((e) => e.args).join('');
  if (args) {
    item.inputText = args;
    const parsed = parseJson(args);
    if (parsed.ok) item.input = parsed.value;
  }
}

/**
 * The calls of a settled message (its whole copy arrived, or its stream ended) still without an id: the
 * client filed them under `invalid_tool_calls` and shows no call. Reported once each, unless the whole
 * copy (`confirmed` false) holds no call without an id: useStream then shows the copy, with its calls.
 */
export function settleIdlessCalls(state: State, messageId: string, sink: FindingSink, confirmed = true): void {
  const entry = state.idless.get(messageId);
  if (!entry) return;
  state.idless.delete(messageId);
  if (!confirmed) return;
  for (const call of new Set((entry.chunkCalls ?? []).map((e) => e.call))) {
    if (call.reported || call.entries.some((e) => e.id)) continue;
    call.reported = true;
    const name = call.entries[0]?.name;
    const args = call.entries.map((e) => e.args).join('');
    sink.report(
      R.toolCallWithoutId,
      `message ${safeJson(messageId, { maxLength: 80 })} streams a tool call${name ? ` to "${name.slice(0, 80)}"` : ''} without an id (tool_call_chunks[].id): @langchain/core files it under invalid_tool_calls, so useStream shows no call${args ? `; its arguments: ${safeJson(args, { maxLength: 120 })}` : ''}`,
      [call.frame],
    );
  }
}

/** Settles every message with a call streamed without an id (the stream ended). */
export function settleAllIdlessCalls(state: State, sink: FindingSink): void {
  for (const messageId of [...state.idless.keys()]) settleIdlessCalls(state, messageId, sink);
}
