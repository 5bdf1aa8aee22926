// An AI message's tool calls: one item per call id, from a whole call (`tool_calls`) or from argument
// pieces streamed under an index (`tool_call_chunks`) that get their id with the first piece.
import type { Frame } from '../../model/frame';
import type { ToolItem } from '../../model/view';
import { addFrame, newToolItem, parseJson, setToolInput } from '../shared/view-helpers';
import type { Message, State } from './fold-state';

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

export function applyCallChunk(state: State, entry: Message, messageId: string, chunk: { name?: string | null; args?: string | null; id?: string | null; index?: number | null }, frame: Frame): void {
  const calls = (entry.chunkCalls ??= new Map());
  const index = chunk.index ?? calls.size;
  let call = calls.get(index);
  if (!call) {
    call = { item: toolItem(state, entry, messageId, chunk.id ?? '', chunk.name ?? '', frame), args: '' };
    calls.set(index, call);
  } else addFrame(call.item.frames, frame.index);
  if (chunk.name && !call.item.name) call.item.name = chunk.name;
  if (chunk.id && !call.item.toolId) {
    call.item.toolId = chunk.id;
    state.calls.set(chunk.id, call.item);
  }
  if (chunk.args) {
    call.args += chunk.args;
    call.item.inputText = call.args;
    const parsed = parseJson(call.args);
    if (parsed.ok) call.item.input = parsed.value;
  }
}
