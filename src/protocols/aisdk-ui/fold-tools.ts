// Tool chunks of the UI message stream: input streaming, input, output, approval.
import type { ApprovalItem, ToolItem } from '../../model/view';
import { UI_RULE } from './rules';
import { addRaw, type ToolState, type UiFoldState } from './fold-state';
import { isJsonTextOf, jsonEqual, jsonText, parseJson, todosOf, toolLabel } from './json-util';
import type { UiChunk } from './schema';
import { SmallMap } from '../shared/small-map';
import { frameRef } from '../../model/frame-ref';

type Chunk<T extends UiChunk['type']> = Extract<UiChunk, { type: T }>;

/**
 * The call's part in the current step, for a chunk that gives its input: ai updates the part of the
 * current step with that toolCallId, and adds another part when only an earlier step has one.
 */
function stepTool(st: UiFoldState, id: string): ToolState | undefined {
  const t = st.tools?.get(id);
  return t !== undefined && t.serial === st.layout.serial ? t : undefined;
}

/** The call has its output, error or denial. */
function hasResult(t: ToolState): boolean {
  return t.phase === 'output' || t.phase === 'error' || t.phase === 'denied';
}

function newTool(st: UiFoldState, id: string, name: string, title: string | undefined, i: number): ToolState {
  const item: ToolItem = {
    kind: 'tool',
    id: `tool-${i}`,
    frames: [i],
    toolId: id,
    name,
    contentMessage: title ?? '',
    label: title || toolLabel(name),
    input: undefined,
    status: 'pending',
  };
  st.layout.addItem(item, i);
  const earlier = st.tools?.get(id);
  const state: ToolState = { item, phase: 'input-streaming', streamed: false, text: '', encoding: 'json', startFrame: i, serial: st.layout.serial };
  if (earlier !== undefined) state.earlier = earlier;
  (st.tools ??= new SmallMap()).set(id, state);
  return state;
}

function rename(st: UiFoldState, t: ToolState, name: string, title: string | undefined, i: number): void {
  if (t.item.name !== name) {
    st.sink.report(
      UI_RULE.toolNameChanged,
      `tool call "${t.item.toolId}" changes its toolName from "${t.item.name}" to "${name}"; expected the name given at frame ${frameRef(t.startFrame)}.`,
      [i, t.startFrame],
    );
    t.item.name = name;
  }
  if (title !== undefined) t.item.contentMessage = title;
  t.item.label = t.item.contentMessage || toolLabel(t.item.name);
}

function setInput(st: UiFoldState, t: ToolState, input: unknown): void {
  t.item.input = input;
  const todos = todosOf(t.item.name, input);
  if (todos) {
    t.item.todos = todos;
    st.model.todos = todos;
  }
}

export function toolInputStart(st: UiFoldState, c: Chunk<'tool-input-start'>, i: number): void {
  let t = stepTool(st, c.toolCallId);
  if (t && t.phase !== 'input-streaming') {
    st.sink.report(
      UI_RULE.toolOutOfOrder,
      `tool-input-start for tool call "${c.toolCallId}" that already has its input (frame ${frameRef(t.startFrame)}); expected a new toolCallId.`,
      [i, t.startFrame],
    );
  }
  if (t) {
    rename(st, t, c.toolName, c.title, i);
    t.item.frames.push(i);
    t.phase = 'input-streaming';
    // The client starts the part over: its input, output and error are gone.
    t.item.input = undefined;
    t.item.result = undefined;
    t.item.status = 'pending';
  } else {
    t = newTool(st, c.toolCallId, c.toolName, c.title, i);
  }
  t.streamed = true;
  t.streamName = c.toolName;
  t.text = '';
  t.encoding = c.inputEncoding ?? 'json';
  t.item.inputText = '';
}

export function toolInputDelta(st: UiFoldState, c: Chunk<'tool-input-delta'>, i: number, raw: string): void {
  let t = st.tools?.get(c.toolCallId);
  if (!t || !t.streamed) {
    st.sink.report(
      UI_RULE.toolInputDeltaNotStarted,
      `tool-input-delta for tool call "${c.toolCallId}" with no tool-input-start; expected "tool-input-start" first (the client throws).`,
      [i],
    );
    addRaw(st, i, raw);
    return;
  }
  if (t.phase !== 'input-streaming') {
    st.sink.report(
      UI_RULE.toolOutOfOrder,
      `tool-input-delta for tool call "${c.toolCallId}" after its input was complete; expected deltas only before tool-input-available.`,
      [i],
    );
  }
  if (t.serial !== st.layout.serial) {
    // The call started in an earlier step: ai puts its streaming input in a new part of this one.
    const earlier = t;
    t = newTool(st, earlier.item.toolId, earlier.streamName ?? earlier.item.name, undefined, i);
    t.streamed = true;
    t.streamName = earlier.streamName;
    t.text = earlier.text;
    t.encoding = earlier.encoding;
  }
  t.text += c.inputTextDelta;
  t.item.inputText = t.text;
  t.item.frames.push(i);
  if (t.streamName !== undefined && t.item.name !== t.streamName) {
    // Renamed by a later chunk (reported there): the client names the part from the start chunk again.
    t.item.name = t.streamName;
    t.item.label = t.item.contentMessage || toolLabel(t.item.name);
  }
  if (t.item.input !== undefined || t.item.result !== undefined || t.item.status !== 'pending') {
    // Out of order (reported above): the client puts the part back to streaming its input.
    t.item.input = undefined;
    t.item.result = undefined;
    t.item.status = 'pending';
  }
}

export function toolInputAvailable(st: UiFoldState, c: Chunk<'tool-input-available'>, i: number): void {
  let t = stepTool(st, c.toolCallId);
  if (t) {
    if (hasResult(t)) {
      st.sink.report(
        UI_RULE.toolOutOfOrder,
        `tool-input-available for tool call "${c.toolCallId}" after its result; expected the input before the output.`,
        [i],
      );
    }
    rename(st, t, c.toolName, c.title, i);
    t.item.frames.push(i);
  } else {
    t = newTool(st, c.toolCallId, c.toolName, c.title, i);
  }
  if (t.streamed && t.encoding === 'json' && t.text.length > 0) checkStreamedInput(st, t, c.input, i);
  t.phase = 'input-available';
  // The client sets the part to input-available: an output or error it had is gone.
  t.item.status = 'pending';
  t.item.result = undefined;
  setInput(st, t, c.input);
}

function checkStreamedInput(st: UiFoldState, t: ToolState, input: unknown, i: number): void {
  if (isJsonTextOf(t.text, input)) return;
  const parsed = parseJson(t.text);
  if (!parsed.ok) {
    st.sink.report(
      UI_RULE.toolInputInvalidJson,
      `the inputTextDelta of tool call "${t.item.toolId}" joins to text that is not JSON (${parsed.error}); expected the JSON of its input.`,
      [i, t.startFrame],
    );
  } else if (!jsonEqual(parsed.value, input)) {
    st.sink.report(
      UI_RULE.toolInputMismatch,
      `tool call "${t.item.toolId}": the streamed input ${jsonText(parsed.value).slice(0, 200)} differs from tool-input-available.input ${jsonText(input).slice(0, 200)}; expected them equal.`,
      [i, t.startFrame],
    );
  }
}

export function toolInputError(st: UiFoldState, c: Chunk<'tool-input-error'>, i: number): void {
  let t = stepTool(st, c.toolCallId);
  if (t) {
    rename(st, t, c.toolName, c.title, i);
    t.item.frames.push(i);
  } else {
    t = newTool(st, c.toolCallId, c.toolName, c.title, i);
  }
  t.phase = 'error';
  t.item.input = c.input;
  t.item.status = 'error';
  t.item.result = c.errorText;
}

/** The tool part a result chunk refers to; the client throws when there is none. */
function existingTool(st: UiFoldState, chunk: string, toolCallId: string, i: number): ToolState | undefined {
  const t = st.tools?.get(toolCallId);
  if (t) {
    t.item.frames.push(i);
    if (t.phase === 'input-streaming' && chunk !== 'tool-output-denied') {
      st.sink.report(
        UI_RULE.toolOutOfOrder,
        `${chunk} for tool call "${toolCallId}" whose input is still streaming; expected tool-input-available first.`,
        [i, t.startFrame],
      );
    }
    return t;
  }
  if (st.priorToolCalls?.has(toolCallId)) return undefined;
  // A stream that continues the previous assistant message (after a tool approval) delivers outputs of
  // calls made in the previous response; without the request, that cannot be told from an orphan.
  if (!st.requestSeen && (st.tools?.size ?? 0) === 0 && chunk !== 'tool-approval-request') {
    st.sink.report(
      UI_RULE.toolCallNotInCapture,
      `${chunk} for tool call "${toolCallId}", which this capture does not show: a message continued after a tool approval carries the call from the previous response (the client holds it there); capture the request to have it checked.`,
      [i],
    );
    return undefined;
  }
  st.sink.report(
    UI_RULE.toolCallNotFound,
    `${chunk} for tool call "${toolCallId}" but no tool part has that id; expected tool-input-start or tool-input-available first (the client throws "No tool invocation found for tool call ID").`,
    [i],
  );
  return undefined;
}

function orphan(st: UiFoldState, toolCallId: string, i: number): ToolItem {
  const item: ToolItem = {
    kind: 'tool',
    id: `tool-${i}`,
    frames: [i],
    toolId: toolCallId,
    name: '',
    contentMessage: '',
    label: toolCallId,
    input: undefined,
    status: 'pending',
    orphanResult: true,
  };
  st.layout.addItem(item, i);
  return item;
}

export function toolOutput(st: UiFoldState, c: Chunk<'tool-output-available'> | Chunk<'tool-output-error'>, i: number): void {
  const t = existingTool(st, c.type, c.toolCallId, i);
  const item = t ? t.item : orphan(st, c.toolCallId, i);
  if (c.type === 'tool-output-error') {
    item.status = 'error';
    item.result = c.errorText;
    if (t) t.phase = 'error';
    return;
  }
  item.result = c.output;
  item.status = c.preliminary ? 'pending' : 'success';
  if (t && !c.preliminary) t.phase = 'output';
}

export function toolOutputDenied(st: UiFoldState, c: Chunk<'tool-output-denied'>, i: number): void {
  const t = existingTool(st, c.type, c.toolCallId, i);
  const item = t ? t.item : orphan(st, c.toolCallId, i);
  item.status = 'error';
  item.result = 'denied';
  if (!t) return;
  t.phase = 'denied';
  if (t.approval && !t.approval.outcome) t.approval.outcome = { type: 'decided', decisions: ['deny'] };
}

export function toolApprovalRequest(st: UiFoldState, c: Chunk<'tool-approval-request'>, i: number, raw: string): void {
  const t = existingTool(st, c.type, c.toolCallId, i);
  if (!t) {
    addRaw(st, i, raw);
    return;
  }
  if (hasResult(t)) {
    st.sink.report(
      UI_RULE.toolOutOfOrder,
      `tool-approval-request for tool call "${c.toolCallId}" after its result; expected the approval before the output.`,
      [i, t.startFrame],
    );
  }
  // The part now awaits the user's answer, whatever it held before.
  t.item.status = 'pending';
  t.item.result = undefined;
  const name = t.item.name;
  const item: ApprovalItem = {
    kind: 'approval',
    id: `approval-${i}`,
    frames: [i],
    key: c.approvalId,
    actions: [{ name, args: t.item.input }],
    // No timeout: the AI SDK has none, the chat waits for the user.
    allowed: { [name]: ['approve', 'deny'] },
  };
  st.layout.addItem(item, i);
  (st.approvals ??= new Map()).set(c.approvalId, { item, tool: t });
  t.approval = item;
}

export function toolApprovalResponse(st: UiFoldState, approvalId: string, approved: boolean, i: number, raw: string): void {
  const a = st.approvals?.get(approvalId);
  if (!a) {
    st.sink.report(
      UI_RULE.approvalNotFound,
      `tool-approval-response for approval id "${approvalId}" but no tool-approval-request had that id; expected a matching request first (the client throws).`,
      [i],
    );
    addRaw(st, i, raw);
    return;
  }
  a.item.frames.push(i);
  a.item.outcome = { type: 'decided', decisions: [approved ? 'approve' : 'deny'] };
}

/** At finish: tool calls whose input never completed. */
export function reportIncompleteTools(st: UiFoldState, i: number): void {
  st.tools?.forEach((t) => {
    if (t.phase !== 'input-streaming' || t.incompleteReported) return;
    st.sink.report(
      UI_RULE.toolInputIncomplete,
      `tool call "${t.item.toolId}" (${t.item.name}) started at frame ${frameRef(t.startFrame)} never got tool-input-available or tool-input-error.`,
      [t.startFrame, i],
    );
    t.incompleteReported = true;
  });
}

/**
 * reset-step: the calls of the current step are gone (their parts too, see StepLayout.resetStep), a
 * call id they took from an earlier step refers to that step's part again, and no call's input may
 * stream on (ai forgets every partial call).
 */
export function resetStep(st: UiFoldState): void {
  const all = st.tools;
  if (all === undefined || all.size === 0) return;
  const serial = st.layout.serial;
  const gone: string[] = [];
  all.forEach((t, id) => {
    if (t.serial === serial) gone.push(id);
  });
  for (const id of gone) {
    let t = all.get(id);
    while (t !== undefined && t.serial === serial) t = t.earlier;
    if (t === undefined) all.delete(id);
    else all.set(id, t);
  }
  all.forEach((t) => {
    t.streamed = false;
  });
  st.approvals?.forEach((a, approvalId) => {
    if (a.tool.serial === serial) st.approvals?.delete(approvalId);
  });
}

/** A new message in the same stream (a new messageId): ai starts over with no parts, so no calls. */
export function forgetMessage(st: UiFoldState): void {
  st.tools?.clear();
  st.approvals?.clear();
  st.dataParts?.clear();
}
