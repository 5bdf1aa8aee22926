// The LangGraph Platform run stream fold: named SSE events (`metadata`, `values`, `updates`,
// `messages`, `messages/partial`, `tasks`, `checkpoints`, `custom`, `error`, `end`, …) → the shared view
// model, as useStream shows a thread: its messages by id (human turns, AI text and reasoning, tool calls
// with their arguments, tool results paired by `tool_call_id`), the interrupts as approvals or
// questions, the state as the thread's values. Streamed chunks (`messages`) grow a message; a whole
// message (`values`, `updates`, `messages/complete`, a thread state read) replaces it, as the SDK's
// state does. Events of subgraphs (`values|ns`) are checked but not drawn: useStream shows the root
// graph's messages. apply() never throws.
import type { FindingSink } from '../../model/finding';
import type { Connection, DecodedFrame, Frame } from '../../model/frame';
import type { ApprovalItem, QuestionItem, ReasoningItem, TextItem, ToolItem, UserItem, ViewItem, ViewModel } from '../../model/view';
import { extendText } from '../../model/text-builder';
import { safeJson } from '../../model/safe-text';
import type { ProtocolFold } from '../types';
import { describeIssues, flattenUsage, guardedApply, isRecord, newToolItem, parseJson, rawItem, setToolInput } from '../shared/view-helpers';
import { requestJson } from '../shared/request-prompt';
import { contentTexts, messageKind } from './content';
import { interruptItem } from './interrupts';
import { LANGGRAPH_RULES as R } from './rules';
import { EVENT_SCHEMAS, InterruptSchema, isLangGraphEvent, isPlainMessage, isPlainTuple, MessageSchema, splitEventName, type LangGraphInterrupt, type LangGraphMessage } from './schema';
import { eventOf } from './event-name';

const DIGESTIBLE = true;

/** One message of the thread and the items that draw it. */
interface Message {
  kind: string;
  user?: UserItem;
  text?: TextItem;
  reasoning?: ReasoningItem;
  /** The text and reasoning streamed as chunks, when any were. */
  streamed?: { text: string; reasoning: string };
  /** Argument pieces of streamed tool calls, by `tool_call_chunks` index. */
  chunkCalls?: Map<number, { item: ToolItem; args: string }>;
  tools: ToolItem[];
  reported: Set<string>;
}

interface Stream {
  connectionId: string;
  events: number;
  ended: boolean;
  afterEndReported: boolean;
}

interface State {
  model: ViewModel;
  messages: Map<string, Message>;
  calls: Map<string, ToolItem>;
  interrupts: Map<string, ApprovalItem | QuestionItem>;
  connections: Map<string, Connection>;
  stream?: Stream;
  usage: Map<string, Record<string, number>>;
  /** The next AI text opens a turn (shows the agent's header). */
  brandNext: boolean;
}

/** Where a message came from: a streamed chunk, a whole copy so far, a whole message, the thread's whole list (`values`), a state read. */
type Source = 'chunk' | 'partial' | 'whole' | 'values' | 'state';

export function createLangGraphFold(): ProtocolFold {
  const state: State = {
    model: { protocol: 'langgraph', items: [], todos: null, streaming: true },
    messages: new Map(),
    calls: new Map(),
    interrupts: new Map(),
    connections: new Map(),
    usage: new Map(),
    brandNext: true,
  };
  return {
    apply: guardedApply(state.model, (decoded, sink) => applyFrame(state, decoded, sink)),
    finish() {
      state.model.streaming = false;
    },
    view: (): ViewModel => state.model,
    connection(connection) {
      state.connections.set(connection.id, connection);
    },
  };
}

function applyFrame(state: State, decoded: DecodedFrame, sink: FindingSink): void {
  const { frame } = decoded;
  if (frame.kind === 'close' || frame.kind === 'error') {
    if (frame.kind === 'error') state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message: 'connection error' });
    state.model.streaming = false;
    return;
  }
  if (frame.kind !== 'message' || frame.direction === 'out') return;
  const stream = streamOf(state, frame);
  if (decoded.jsonError !== undefined) {
    state.model.items.push(rawItem(frame));
    if (!frame.truncated) sink.report(R.invalidJson, `data is not JSON (${decoded.jsonError}); the SDK's JSON.parse throws here`, [frame.index]);
    return;
  }
  const name = eventOf(decoded);
  if (name === undefined) {
    sink.report(R.unknownEvent, 'an event without a name this version can tell from its data; shown raw', [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (name === 'thread-state' || name === 'thread-history') {
    applyThreadState(state, name === 'thread-history' && Array.isArray(decoded.json) ? decoded.json[0] : decoded.json, frame);
    return;
  }
  const { mode, namespace } = splitEventName(name);
  if (!isLangGraphEvent(mode)) {
    sink.report(R.unknownEvent, `event ${safeJson(name, { maxLength: 80 })} is not known to this version; shown raw`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  if (stream.ended && !stream.afterEndReported) {
    stream.afterEndReported = true;
    sink.report(R.eventAfterEnd, `a ${name} event after end on the same connection`, [frame.index]);
  }
  if (stream.events === 0 && mode !== 'metadata' && startsRun(state, frame)) sink.report(R.missingMetadata, `the run stream starts with ${name}, not metadata`, [frame.index]);
  stream.events++;
  const parsed = mode === 'messages' && isPlainTuple(decoded.json) ? { success: true as const, data: decoded.json } : EVENT_SCHEMAS[mode].safeParse(decoded.json);
  if (!parsed.success) {
    sink.report(R.invalidEvent, `not a valid ${name} event: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    state.model.items.push(rawItem(frame));
    return;
  }
  state.model.streaming = true;
  applyEvent(state, stream, mode, namespace, parsed.data, frame, sink);
}

function streamOf(state: State, frame: Frame): Stream {
  if (state.stream?.connectionId === frame.connectionId) return state.stream;
  // A connection's metadata may be known long before its first frame: its request answers the
  // interrupts raised before that frame, not those raised after it.
  const connection = state.connections.get(frame.connectionId);
  if (connection) answerInterrupts(state, connection);
  state.stream = { connectionId: frame.connectionId, events: 0, ended: false, afterEndReported: false };
  return state.stream;
}

/**
 * Whether the connection starts a run (so its stream starts with `metadata`): not a join
 * (`GET …/runs/{id}/stream`) and not a stream resumed after an event id.
 */
function startsRun(state: State, frame: Frame): boolean {
  const connection = state.connections.get(frame.connectionId);
  if (connection?.method !== undefined && connection.method.toUpperCase() === 'GET') return false;
  if (connection?.requestHeaders?.['last-event-id'] !== undefined) return false;
  return frame.eventId === undefined || frame.eventId === '0';
}

function applyEvent(state: State, stream: Stream, mode: string, namespace: string | undefined, data: unknown, frame: Frame, sink: FindingSink): void {
  const root = namespace === undefined;
  switch (mode) {
    case 'metadata':
      return;
    case 'values': {
      const values = data as Record<string, unknown>;
      if (!root) return;
      state.model.state = values;
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
      const error = data as { error?: string | null; message?: string | null } | string;
      const message = typeof error === 'string' ? error : [error.error, error.message].filter((s) => typeof s === 'string' && s !== '').join(': ') || 'error';
      state.model.items.push({ kind: 'error', id: `error-${frame.index}`, frames: [frame.index], message });
      sink.report(R.errorEvent, `the run failed: ${message.slice(0, 200)}`, [frame.index]);
      return;
    }
    case 'end':
      stream.ended = true;
      state.model.streaming = false;
      return;
    default:
      // custom, debug, events, tools, lifecycle, feedback, messages/metadata: the timeline shows them.
      return;
  }
}

/** A thread state read (`GET /threads/{id}/state`, the first of `/history`): the thread's messages and pending interrupts. */
function applyThreadState(state: State, threadState: unknown, frame: Frame): void {
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

function upsertUnchecked(state: State, raw: unknown, frame: Frame, source: Source, sink: FindingSink): void {
  if (isPlainMessage(raw)) return upsert(state, raw, frame, source, sink);
  const parsed = MessageSchema.safeParse(raw);
  if (!parsed.success) {
    sink.report(R.invalidEvent, `a message in the state is not valid: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    return;
  }
  upsert(state, parsed.data, frame, source, sink);
}

function upsert(state: State, message: LangGraphMessage, frame: Frame, source: Source, sink: FindingSink): void {
  const streamed = source === 'chunk' || source === 'partial';
  let id = message.id ?? undefined;
  if (!id) {
    if (streamed) {
      sink.report(R.messageWithoutId, `a streamed ${safeJson(message.type, { maxLength: 40 })} message chunk has no id; useStream ignores it`, [frame.index]);
      return;
    }
    id = `frame-${frame.index}-${state.messages.size}`;
  }
  const kind = messageKind(message.type);
  let entry = state.messages.get(id);
  if (!entry) {
    entry = { kind, tools: [], reported: new Set() };
    state.messages.set(id, entry);
  }
  if (kind === 'human') return applyHuman(state, entry, id, message, frame);
  if (kind === 'ai') return applyAi(state, entry, id, message, frame, source, sink);
  if (kind === 'tool') return applyTool(state, entry, id, message, frame, source, sink);
}

function applyHuman(state: State, entry: Message, id: string, message: LangGraphMessage, frame: Frame): void {
  const { text } = contentTexts(message.content);
  if (!entry.user) {
    entry.user = { kind: 'user', id: `user-${id}`, frames: [frame.index], text, messageId: id };
    state.model.items.push(entry.user);
    state.brandNext = true;
  } else if (entry.user.text !== text) {
    entry.user.text = text;
    entry.user.frames.push(frame.index);
  }
}

function applyAi(state: State, entry: Message, id: string, message: LangGraphMessage, frame: Frame, source: Source, sink: FindingSink): void {
  const { text, reasoning } = contentTexts(message.content);
  if (source === 'chunk') {
    const streamed = (entry.streamed ??= { text: '', reasoning: '' });
    if (reasoning) streamed.reasoning += reasoning;
    if (text) streamed.text += text;
    if (reasoning) extendReasoning(state, entry, id, reasoning, frame);
    if (text) extendAiText(state, entry, id, text, frame, false);
    for (const chunk of message.tool_call_chunks ?? []) applyCallChunk(state, entry, id, chunk, frame);
  } else {
    if ((source === 'whole' || source === 'values') && entry.streamed && !entry.reported.has(R.valuesDifferFromStream) && entry.streamed.text !== '' && entry.streamed.text !== text) {
      entry.reported.add(R.valuesDifferFromStream);
      sink.report(R.valuesDifferFromStream, `message ${safeJson(id, { maxLength: 80 })} was streamed as "${clip(entry.streamed.text)}" and the state holds "${clip(text)}"`, [frame.index]);
    }
    if (source === 'partial') entry.streamed = { text, reasoning };
    if (reasoning || entry.reasoning) setReasoning(state, entry, id, reasoning, frame);
    if (text || entry.text) setAiText(state, entry, id, text, frame, source !== 'partial');
  }
  for (const call of message.tool_calls ?? []) applyCall(state, entry, id, call.id ?? '', call.name, call.args, frame);
  const invalid = message.invalid_tool_calls ?? [];
  if (invalid.length > 0 && !entry.reported.has(R.invalidToolCall)) {
    entry.reported.add(R.invalidToolCall);
    const first = invalid[0];
    sink.report(R.invalidToolCall, `message ${safeJson(id, { maxLength: 80 })} carries an invalid tool call${first?.name ? ` to "${first.name}"` : ''}${first?.error ? `: ${first.error}` : ''}`, [frame.index]);
  }
  if (source !== 'chunk' && message.usage_metadata) {
    state.usage.set(id, flattenUsage(message.usage_metadata));
    const total: Record<string, number> = {};
    for (const counters of state.usage.values()) for (const [k, v] of Object.entries(counters)) total[k] = (total[k] ?? 0) + v;
    state.model.usage = total;
  }
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

/** Inserts an item of a message before the message's tool calls (a text that comes after its calls were streamed). */
function place(state: State, entry: Message, item: ViewItem): void {
  const firstTool = entry.tools[0];
  const at = firstTool ? state.model.items.indexOf(firstTool) : -1;
  if (at < 0) state.model.items.push(item);
  else state.model.items.splice(at, 0, item);
}

function newText(state: State, entry: Message, id: string, frame: Frame): TextItem {
  const item: TextItem = { kind: 'text', id: `text-${id}`, frames: [frame.index], text: '', part: false, final: false, brand: state.brandNext, messageId: id };
  state.brandNext = false;
  entry.text = item;
  place(state, entry, item);
  return item;
}

function extendAiText(state: State, entry: Message, id: string, piece: string, frame: Frame, final: boolean): void {
  const item = entry.text ?? newText(state, entry, id, frame);
  item.text = extendText(item, item.text, piece, DIGESTIBLE);
  item.final = final;
  if (item.frames[item.frames.length - 1] !== frame.index) item.frames.push(frame.index);
}

function setAiText(state: State, entry: Message, id: string, text: string, frame: Frame, final: boolean): void {
  const item = entry.text ?? newText(state, entry, id, frame);
  item.text = text;
  item.final = final;
  if (item.frames[item.frames.length - 1] !== frame.index) item.frames.push(frame.index);
}

function reasoningItem(state: State, entry: Message, id: string, frame: Frame): ReasoningItem {
  if (entry.reasoning) return entry.reasoning;
  const item: ReasoningItem = { kind: 'reasoning', id: `reasoning-${id}`, frames: [frame.index], text: '', messageId: id };
  entry.reasoning = item;
  // Reasoning comes before the message's text and tool calls.
  const first = entry.text ?? entry.tools[0];
  const at = first ? state.model.items.indexOf(first) : -1;
  if (at < 0) state.model.items.push(item);
  else state.model.items.splice(at, 0, item);
  return item;
}

function extendReasoning(state: State, entry: Message, id: string, piece: string, frame: Frame): void {
  const item = reasoningItem(state, entry, id, frame);
  item.text = extendText(item, item.text, piece, DIGESTIBLE);
  if (item.frames[item.frames.length - 1] !== frame.index) item.frames.push(frame.index);
}

function setReasoning(state: State, entry: Message, id: string, text: string, frame: Frame): void {
  const item = reasoningItem(state, entry, id, frame);
  item.text = text;
  if (item.frames[item.frames.length - 1] !== frame.index) item.frames.push(frame.index);
}

function toolItem(state: State, entry: Message, messageId: string, callId: string, name: string, frame: Frame): ToolItem {
  const known = callId ? state.calls.get(callId) : undefined;
  if (known) {
    if (known.frames[known.frames.length - 1] !== frame.index) known.frames.push(frame.index);
    return known;
  }
  const item = newToolItem(`tool-${messageId}-${callId || entry.tools.length}`, callId, name, frame.index);
  item.messageId = messageId;
  entry.tools.push(item);
  if (callId) state.calls.set(callId, item);
  state.model.items.push(item);
  return item;
}

function applyCall(state: State, entry: Message, messageId: string, callId: string, name: string, args: unknown, frame: Frame): void {
  // A call streamed in pieces under an index gets its id with the first piece; the whole call names it.
  const item = toolItem(state, entry, messageId, callId, name, frame);
  if (name && item.name !== name) item.name = name;
  if (args !== undefined) {
    setToolInput(item, args);
    delete item.inputText;
  }
}

function applyCallChunk(state: State, entry: Message, messageId: string, chunk: { name?: string | null; args?: string | null; id?: string | null; index?: number | null }, frame: Frame): void {
  const calls = (entry.chunkCalls ??= new Map());
  const index = chunk.index ?? calls.size;
  let call = calls.get(index);
  if (!call) {
    call = { item: toolItem(state, entry, messageId, chunk.id ?? '', chunk.name ?? '', frame), args: '' };
    calls.set(index, call);
  } else if (call.item.frames[call.item.frames.length - 1] !== frame.index) call.item.frames.push(frame.index);
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

function applyTool(state: State, entry: Message, id: string, message: LangGraphMessage, frame: Frame, source: Source, sink: FindingSink): void {
  const callId = message.tool_call_id ?? '';
  const result = typeof message.content === 'string' ? message.content : contentTexts(message.content).text;
  const status = message.status === 'error' ? 'error' : 'success';
  const call = callId ? state.calls.get(callId) : undefined;
  if (call) {
    call.status = status;
    call.result = result;
    if (call.frames[call.frames.length - 1] !== frame.index) call.frames.push(frame.index);
    return;
  }
  if (entry.tools.length > 0) return;
  // Only the thread's whole message list shows that no call precedes the result; an update or a
  // streamed message may answer a call of a run the capture does not hold.
  if (source === 'values') sink.report(R.orphanToolResult, `tool message ${safeJson(id, { maxLength: 80 })} answers tool_call_id ${safeJson(callId, { maxLength: 80 })}, which no tool call of the thread has`, [frame.index]);
  const item = newToolItem(`tool-result-${id}`, callId, message.name ?? '', frame.index);
  item.status = status;
  item.result = result;
  item.orphanResult = true;
  entry.tools.push(item);
  state.model.items.push(item);
}

function addInterrupts(state: State, list: readonly unknown[], frame: Frame, sink: FindingSink): void {
  for (let i = 0; i < list.length; i++) {
    const parsed = InterruptSchema.safeParse(list[i]);
    if (!parsed.success) {
      sink.report(R.invalidEvent, `an interrupt is not valid: ${describeIssues(parsed.error.issues)}`, [frame.index]);
      continue;
    }
    const interrupt = parsed.data;
    let key = interrupt.id ?? undefined;
    if (!key) {
      key = `value:${safeJson(interrupt.value, { maxLength: 500 })}`;
      if (!state.interrupts.has(key)) sink.report(R.interruptWithoutId, 'an interrupt without id: a resume cannot name it', [frame.index]);
    }
    const known = state.interrupts.get(key);
    if (known) {
      if (known.frames[known.frames.length - 1] !== frame.index) known.frames.push(frame.index);
      continue;
    }
    const item = interruptItem(interrupt, key, frame.index);
    state.interrupts.set(key, item);
    state.model.items.push(item);
  }
}

/** A run that resumes the thread (`command.resume`) answers the interrupts still waiting. */
function answerInterrupts(state: State, connection: Connection): void {
  const body = requestJson(connection);
  if (!isRecord(body) || !isRecord(body.command) || !('resume' in body.command)) return;
  const resume = body.command.resume;
  for (const [key, item] of state.interrupts) {
    const answer = isRecord(resume) && key in resume ? resume[key] : resume;
    const text = typeof answer === 'string' ? answer : safeJson(answer, { maxLength: 200 });
    if (item.kind === 'approval' && !item.outcome) item.outcome = { type: 'decided', decisions: [text] };
    if (item.kind === 'question' && item.state === 'waiting') {
      item.state = 'answered';
      item.answers = { [item.questions[0]?.question ?? '']: text };
    }
  }
}
