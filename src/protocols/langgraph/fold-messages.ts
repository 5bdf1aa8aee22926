// A message of the thread into the view, by id: a human turn, an AI message (text, reasoning, tool calls,
// usage) grown by streamed chunks or replaced by a whole copy, a tool result paired with its call by
// `tool_call_id`. A whole copy that differs from what was streamed is reported.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { safeJson } from '../../model/safe-text';
import { addFrame, describeIssues, flattenUsage, newToolItem } from '../shared/view-helpers';
import { contentTexts, messageKind } from './content';
import { LANGGRAPH_RULES as R } from './rules';
import { isPlainMessage, MessageSchema, type LangGraphMessage } from './schema';
import type { Message, Source, State } from './fold-state';
import { extendAiText, extendReasoning, setAiText, setReasoning } from './fold-texts';
import { applyCall, applyCallChunk, settleIdlessCalls } from './fold-tools';

export function upsertUnchecked(state: State, raw: unknown, frame: Frame, source: Source, sink: FindingSink): void {
  if (isPlainMessage(raw)) return upsert(state, raw, frame, source, sink);
  const parsed = MessageSchema.safeParse(raw);
  if (!parsed.success) {
    sink.report(R.invalidEvent, `a message in the state is not valid: ${describeIssues(parsed.error.issues)}`, [frame.index]);
    return;
  }
  upsert(state, parsed.data, frame, source, sink);
}

export function upsert(state: State, message: LangGraphMessage, frame: Frame, source: Source, sink: FindingSink): void {
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
  } else if (source === 'chunk' && state.stream?.replaying?.delete(id)) restart(entry);
  if (kind === 'human') return applyHuman(state, entry, id, message, frame);
  if (kind === 'ai') return applyAi(state, entry, id, message, frame, source, sink);
  if (kind === 'tool') return applyTool(state, entry, id, message, frame, source, sink);
}

/**
 * A message sent again by a join that replays the run from its first event: useStream's
 * MessageTupleManager (`startReplay`) drops the chunks it kept, so the message starts over.
 */
function restart(entry: Message): void {
  entry.streamed = { text: '', reasoning: '' };
  entry.replaced = true;
  delete entry.chunkCalls;
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
    if (entry.replaced) {
      // useStream shows its chunks joined, whatever copy the state held in between.
      entry.replaced = false;
      if (streamed.reasoning || entry.reasoning) setReasoning(state, entry, id, streamed.reasoning, frame);
      if (streamed.text || entry.text) setAiText(state, entry, id, streamed.text, frame, false);
    } else {
      if (reasoning) extendReasoning(state, entry, id, reasoning, frame);
      if (text) extendAiText(state, entry, id, text, frame, false);
    }
    for (const chunk of message.tool_call_chunks ?? []) applyCallChunk(state, entry, id, chunk, frame);
  } else {
    if ((source === 'whole' || source === 'values') && entry.streamed && !entry.reported.has(R.valuesDifferFromStream) && entry.streamed.text !== '' && entry.streamed.text !== text) {
      entry.reported.add(R.valuesDifferFromStream);
      sink.report(R.valuesDifferFromStream, `message ${safeJson(id, { maxLength: 80 })} was streamed as "${clip(entry.streamed.text)}" and the state holds "${clip(text)}"`, [frame.index]);
    }
    if (source === 'partial') entry.streamed = { text, reasoning };
    else entry.replaced = true;
    if (reasoning || entry.reasoning) setReasoning(state, entry, id, reasoning, frame);
    if (text || entry.text) setAiText(state, entry, id, text, frame, source !== 'partial');
    // The whole message is here: a call streamed without an id stays without one, when the copy says so too.
    if (source !== 'partial') settleIdlessCalls(state, id, sink, message.invalid_tool_calls?.some((c) => !c.id) ?? false);
  }
  for (const call of message.tool_calls ?? []) applyCall(state, entry, id, call.id ?? '', call.name, call.args, frame);
  // A call streamed without an id is reported as such (an error): its copy in invalid_tool_calls is not reported again.
  const idlessReported = entry.chunkCalls?.some((e) => e.call.reported) ?? false;
  const invalid = (message.invalid_tool_calls ?? []).filter((c) => !idlessReported || c.id);
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

function applyTool(state: State, entry: Message, id: string, message: LangGraphMessage, frame: Frame, source: Source, sink: FindingSink): void {
  const callId = message.tool_call_id ?? '';
  const result = typeof message.content === 'string' ? message.content : contentTexts(message.content).text;
  const status = message.status === 'error' ? 'error' : 'success';
  const call = callId ? state.calls.get(callId) : undefined;
  if (call) {
    call.status = status;
    call.result = result;
    addFrame(call.frames, frame.index);
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
