// One choice's delta: reasoning, text, refusal and tool-call fragments, appended to view items.
// A new item starts whenever the kind of content changes, so interleaved output keeps its order.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import { humanizeToolName } from '../../model/view';
import { CHAT_RULES as R } from './rules';
import { isValidIndex, type ChatChoice, type ChatDelta, type ContentPart, type ToolCallDelta } from './schema';
import type { ChoiceState, FoldState, ToolCallState, TurnState } from './state';
import { isRecord, newToolItem, rawItem } from '../shared/view-helpers';
import { extendText } from '../../model/text-builder';
import { checkCallStart } from './call-start';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

export function applyChoice(state: FoldState, turn: TurnState, choice: ChatChoice, frame: Frame, sink: FindingSink): void {
  if (!isValidIndex(choice.index)) {
    sink.report(R.invalidChoiceIndex, `choices[].index is ${JSON.stringify(choice.index) ?? 'missing'}; expected an integer from 0 to 127 ("invalid choice index")`, [frame.index]);
    return;
  }
  let c = turn.choices.get(choice.index);
  if (!c) {
    c = { index: choice.index, firstFrame: frame.index, hasContent: false, hasRefusal: false, tools: new Map(), afterFinishReported: false };
    turn.choices.set(choice.index, c);
  }
  const delta = choice.delta;
  if (delta) {
    const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? delta.reasoning : '';
    const hasPayload = !!(contentLength(delta.content) > 0 || delta.refusal || reasoning || (delta.tool_calls && delta.tool_calls.length > 0) || delta.function_call);
    if (c.finishReason !== undefined && hasPayload && !c.afterFinishReported) {
      c.afterFinishReported = true;
      sink.report(R.deltaAfterFinish, `choice ${c.index} received content after its finish_reason "${c.finishReason}"`, [frame.index, c.finishFrame ?? frame.index]);
    }
    if (delta.role) c.role = delta.role;
    if (reasoning) appendReasoning(state, turn, c, reasoning, frame);
    if (typeof delta.content === 'string' && delta.content) appendText(state, turn, c, delta.content, frame);
    else if (Array.isArray(delta.content)) appendParts(state, turn, c, delta.content, frame, sink);
    if (delta.refusal) appendRefusal(state, turn, c, delta.refusal, frame);
    for (const tc of delta.tool_calls ?? []) applyToolCall(state, turn, c, tc, frame, sink);
    if (delta.function_call) applyToolCall(state, turn, c, { index: -1, type: 'function', function: delta.function_call }, frame, sink);
  }
  if (choice.finish_reason && c.finishReason === undefined) {
    c.finishReason = choice.finish_reason;
    c.finishFrame = frame.index;
  }
}

function contentLength(content: ChatDelta['content']): number {
  return typeof content === 'string' ? content.length : (content?.length ?? 0);
}

/** Typed content parts (Mistral): text parts are text, thinking parts reasoning, others shown raw. */
function appendParts(state: FoldState, turn: TurnState, c: ChoiceState, parts: readonly ContentPart[], frame: Frame, sink: FindingSink): void {
  for (const part of parts) {
    if (part.type === 'text' && typeof part.text === 'string') {
      if (part.text) appendText(state, turn, c, part.text, frame);
    } else if (part.type === 'thinking' && Array.isArray(part.thinking)) {
      const text = thinkingText(part.thinking);
      if (text) appendReasoning(state, turn, c, text, frame);
    } else {
      // A thinking part in another shape than Mistral's is unknown too: the AI SDK skips it, as it does unknown types.
      const what = part.type === 'thinking' ? 'of type "thinking" without a list of text parts' : `of type "${part.type}"`;
      sink.report(R.unknownContentPart, `delta.content part ${what} is not known to this version (the AI SDK's OpenAI-compatible provider skips it); shown raw`, [frame.index]);
      state.model.items.push(rawItem(frame, `${itemId(turn, c, frame, 'part')}-${state.model.items.length}`));
    }
  }
}

/** A thinking part's text: its `{type:'text',text}` parts (Mistral), the others skipped as the AI SDK skips them. */
function thinkingText(thinking: readonly unknown[]): string {
  let text = '';
  for (const p of thinking) if (isRecord(p) && p.type === 'text' && typeof p.text === 'string') text += p.text;
  return text;
}

function itemId(turn: TurnState, c: ChoiceState, frame: Frame, what: string): string {
  return `t${turn.n}-c${c.index}-${what}-${frame.index}`;
}

function appendReasoning(state: FoldState, turn: TurnState, c: ChoiceState, text: string, frame: Frame): void {
  if (c.last !== 'reasoning' || !c.reasoning) {
    c.reasoning = { kind: 'reasoning', id: itemId(turn, c, frame, 'reasoning'), frames: [], text: '' };
    state.model.items.push(c.reasoning);
    c.last = 'reasoning';
  }
  c.reasoning.text = extendText(c.reasoning, c.reasoning.text, text, DIGESTIBLE);
  c.reasoning.frames.push(frame.index);
}

function appendText(state: FoldState, turn: TurnState, c: ChoiceState, text: string, frame: Frame): void {
  c.hasContent = true;
  if (c.last !== 'text' || !c.text) {
    const brand = !turn.brandGiven;
    turn.brandGiven = true;
    c.text = { kind: 'text', id: itemId(turn, c, frame, 'text'), frames: [], text: '', part: false, final: false, brand };
    state.model.items.push(c.text);
    c.last = 'text';
  }
  c.text.text = extendText(c.text, c.text.text, text, DIGESTIBLE);
  c.text.frames.push(frame.index);
}

function appendRefusal(state: FoldState, turn: TurnState, c: ChoiceState, text: string, frame: Frame): void {
  c.hasRefusal = true;
  if (c.last !== 'refusal' || !c.refusal) {
    c.refusal = { kind: 'text', id: itemId(turn, c, frame, 'refusal'), frames: [], text: '', part: false, final: false, brand: !turn.brandGiven };
    turn.brandGiven = true;
    state.model.items.push(c.refusal);
    c.last = 'refusal';
  }
  c.refusal.text = extendText(c.refusal, c.refusal.text, text, DIGESTIBLE);
  c.refusal.frames.push(frame.index);
}

function applyToolCall(state: FoldState, turn: TurnState, c: ChoiceState, tc: ToolCallDelta, frame: Frame, sink: FindingSink): void {
  const index = toolIndex(c, tc, frame, sink);
  if (index === undefined) return;
  let call = c.tools.get(index);
  if (index >= 0 && tc.index === index) checkCallStart(c.index, index, call, tc, frame, sink);
  if (!call) {
    const item = newToolItem(itemId(turn, c, frame, `tool${index}`), '', '', frame.index);
    item.frames = [];
    call = { item, args: '', firstFrame: frame.index, identityReported: false };
    c.tools.set(index, call);
    state.model.items.push(item);
  }
  c.lastToolIndex = index;
  c.last = 'tool';
  call.item.frames.push(frame.index);
  setIdentity(call, 'id', tc.id, frame, sink);
  setIdentity(call, 'type', tc.type, frame, sink);
  setIdentity(call, 'name', tc.function?.name, frame, sink);
  if (typeof tc.function?.name === 'string') call.named = true;
  if (call.id && !state.tools.has(call.id)) state.tools.set(call.id, call.item);
  const fragment = tc.function?.arguments;
  if (fragment) {
    call.args += fragment;
    call.item.inputText = call.args;
  }
}

/** The tool call a delta belongs to. Without an index (Mistral): by id, else the latest call. */
function toolIndex(c: ChoiceState, tc: ToolCallDelta, frame: Frame, sink: FindingSink): number | undefined {
  if (tc.index === -1) return -1;
  if (tc.index === undefined || tc.index === null) {
    sink.report(R.toolCallIndexMissing, 'tool_calls[] entry without an index: openai ≥ 7.5 throws ("invalid tool call index") and openai 6 drops the call; matched here by id or to the latest call', [frame.index]);
    if (tc.id) {
      for (const [i, call] of c.tools) if (call.id === tc.id) return i;
      return c.tools.size;
    }
    return c.lastToolIndex ?? 0;
  }
  if (!isValidIndex(tc.index)) {
    sink.report(R.invalidToolCallIndex, `tool_calls[].index is ${JSON.stringify(tc.index)}; expected an integer from 0 to 127`, [frame.index]);
    return undefined;
  }
  return tc.index;
}

function setIdentity(call: ToolCallState, key: 'id' | 'type' | 'name', value: string | null | undefined, frame: Frame, sink: FindingSink): void {
  if (!value) return;
  const current = call[key];
  if (current !== undefined && current !== value) {
    if (!call.identityReported) {
      call.identityReported = true;
      sink.report(R.toolCallIdentityChanged, `tool call ${key} changed from "${current}" to "${value}"; it must not change once set`, [frame.index, call.firstFrame]);
    }
    return;
  }
  call[key] = value;
  if (key === 'id') call.item.toolId = value;
  if (key === 'name') {
    call.item.name = value;
    call.item.label = humanizeToolName(value);
  }
}
