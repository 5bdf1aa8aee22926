// Tool parts of the v4 data stream: `b:` streaming start, `c:` argument deltas, `9:` call, `a:` result.
import type { ToolItem } from '../../model/view';
import { isJsonTextOf, jsonEqual, jsonText, parseJson, todosOf, toolLabel } from '../aisdk-ui/json-util';
import { DATA_RULE } from './rules';
import { addRaw, type DataFoldState, type DataTool } from './fold-state';
import { SmallMap } from '../shared/small-map';
import { frameRef } from '../../model/frame-ref';

function newTool(st: DataFoldState, toolCallId: string, toolName: string, i: number): DataTool {
  const item: ToolItem = {
    kind: 'tool',
    id: `tool-${i}-${st.lines}`,
    frames: [i],
    toolId: toolCallId,
    name: toolName,
    contentMessage: '',
    label: toolLabel(toolName),
    input: undefined,
    status: 'pending',
  };
  st.layout.addItem(item, i);
  const tool: DataTool = { item, streamed: false, text: '', called: false, startFrame: i, incompleteReported: false };
  (st.tools ??= new SmallMap()).set(toolCallId, tool);
  return tool;
}

export function streamingStart(st: DataFoldState, v: { toolCallId: string; toolName: string }, i: number): void {
  const existing = st.tools?.get(v.toolCallId);
  const tool = existing ?? newTool(st, v.toolCallId, v.toolName, i);
  if (existing) {
    // The v4 client replaces the invocation with a new partial call: new name, no args, no result.
    existing.item.frames.push(i);
    renameTool(existing, v.toolName);
    existing.item.input = undefined;
    clearResult(existing);
  }
  tool.streamed = true;
  tool.called = false;
  tool.startFrame = i;
  tool.incompleteReported = false;
  (st.pendingCalls ??= new SmallMap()).set(tool.item.toolId, tool);
  tool.text = '';
  tool.item.inputText = '';
}

function renameTool(tool: DataTool, toolName: string): void {
  tool.item.name = toolName;
  tool.item.label = toolLabel(toolName);
}

function clearResult(tool: DataTool): void {
  // `delete` of a property the item does not have still costs a lookup outside compiled code.
  if ('result' in tool.item) delete tool.item.result;
  tool.item.status = 'pending';
}

export function argsDelta(st: DataFoldState, v: { toolCallId: string; argsTextDelta: string }, i: number, line: string): void {
  const tool = st.tools?.get(v.toolCallId);
  if (!tool || !tool.streamed) {
    st.sink.report(
      DATA_RULE.toolDeltaWithoutStart,
      `c: tool_call_delta for tool call "${v.toolCallId}" before any b: tool_call_streaming_start for it; expected b: first (the v4 client crashes on the missing partial call).`,
      [i],
    );
    addRaw(st, i, line);
    return;
  }
  tool.text += v.argsTextDelta;
  tool.item.inputText = tool.text;
  tool.item.frames.push(i);
}

export function toolCall(st: DataFoldState, v: { toolCallId: string; toolName: string; args: unknown }, i: number): void {
  const existing = st.tools?.get(v.toolCallId);
  const tool = existing ?? newTool(st, v.toolCallId, v.toolName, i);
  if (existing) {
    // The v4 client replaces the invocation with the call: a result it had is dropped.
    existing.item.frames.push(i);
    renameTool(existing, v.toolName);
    clearResult(existing);
  }
  if (tool.streamed && tool.text.length > 0 && !isJsonTextOf(tool.text, v.args)) {
    const parsed = parseJson(tool.text);
    if (!parsed.ok) {
      st.sink.report(
        DATA_RULE.toolArgsInvalidJson,
        `the c: argsTextDelta of tool call "${v.toolCallId}" joins to text that is not JSON (${parsed.error}); expected the JSON of its args.`,
        [i, tool.startFrame],
      );
    } else if (!jsonEqual(parsed.value, v.args)) {
      st.sink.report(
        DATA_RULE.toolArgsMismatch,
        `tool call "${v.toolCallId}": the streamed args ${jsonText(parsed.value).slice(0, 200)} differ from the 9: args ${jsonText(v.args).slice(0, 200)}; expected them equal.`,
        [i, tool.startFrame],
      );
    }
  }
  tool.called = true;
  st.pendingCalls?.delete(tool.item.toolId);
  tool.item.input = v.args;
  const todos = todosOf(v.toolName, v.args);
  if (todos) {
    tool.item.todos = todos;
    st.model.todos = todos;
  }
}

export function toolResult(st: DataFoldState, v: { toolCallId: string; result?: unknown }, i: number): void {
  const tool = st.tools?.get(v.toolCallId);
  if (!tool) {
    const message =
      (st.tools?.size ?? 0) === 0
        ? `a: tool_result for "${v.toolCallId}" but the message has no tool call; the v4 client throws "tool_result must be preceded by a tool_call".`
        : `a: tool_result for "${v.toolCallId}" but no tool call has that id; the v4 client throws "tool_result must be preceded by a tool_call with the same toolCallId".`;
    st.sink.report(DATA_RULE.toolResultWithoutCall, message, [i]);
    const item: ToolItem = {
      kind: 'tool',
      id: `tool-${i}-${st.lines}`,
      frames: [i],
      toolId: v.toolCallId,
      name: '',
      contentMessage: '',
      label: v.toolCallId,
      input: undefined,
      status: 'success',
      result: v.result,
      orphanResult: true,
    };
    st.layout.addItem(item, i);
    return;
  }
  tool.item.frames.push(i);
  tool.item.result = v.result;
  tool.item.status = 'success';
}

/** `b:` calls never completed by `9:` when a step or the message ends. */
export function reportIncompleteCalls(st: DataFoldState, at: string, i: number): void {
  if (st.pendingCalls === undefined || st.pendingCalls.size === 0) return;
  st.pendingCalls.forEach((tool) => {
    if (tool.incompleteReported) return;
    tool.incompleteReported = true;
    const id = tool.item.toolId;
    st.sink.report(
      DATA_RULE.toolCallIncomplete,
      `tool call "${id}" started by b: at frame ${frameRef(tool.startFrame)} has no 9: tool_call by ${at}; expected its complete args.`,
      [tool.startFrame, i],
    );
  });
}
