// Output items: `response.output_item.added` / `.done` (R3–R5, R10) and the view item each kind of
// output becomes.
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ApprovalItem, ToolItem } from '../../model/view';
import { finishArgs } from './args';
import { syncMessageParts, syncReasoning } from './content';
import { RESPONSES_RULES as R } from './rules';
import { CALL_ID_ITEMS, ITEM_STATUSES, PAGE_RUN_CALLS, type OutputItemEvent } from './schema';
import type { FoldState, ItemState, ResponseState } from './state';
import { addFrame, isRecord, newToolItem, parseJson, rawItem } from '../shared/view-helpers';

export type Item = OutputItemEvent['item'];

export function itemAdded(state: FoldState, resp: ResponseState, ev: OutputItemEvent, frame: Frame, sink: FindingSink): void {
  // Items live at the output_index they are sent with, as openai ≥ 7.33 files them; older clients
  // append and look them up by that index, so an index other than the next one fails them.
  const index = ev.output_index;
  const held = resp.items.get(index);
  if (held !== undefined) {
    sink.report(R.outputIndexRepeated, `output_item.added for output_index ${index}, which already holds an item: openai ≥ 7.33 throws ("Duplicate response output index ${index}"), 7.10–7.32 fail on it too; later events for the index go to this item`, [frame.index, held.addedFrame]);
  } else if (index !== resp.added && !(index > resp.added && resp.sawGap)) {
    // After a sequence gap the missing events explain a skipped index (a filtered recording).
    sink.report(R.outputIndexOutOfOrder, `output_item.added has output_index ${index} after ${resp.added} item(s): openai 6 and 7 before 7.33 throw ("missing output at index"); openai ≥ 7.33 and the AI SDK read items by their index, as shown here`, [frame.index]);
  }
  resp.added++;
  if (resp.incompleteItemFrame !== undefined) {
    sink.report(R.itemStatus, 'an item follows an incomplete item; an incomplete item must be the last one', [frame.index, resp.incompleteItemFrame]);
    resp.incompleteItemFrame = undefined;
  }
  checkIdentity(resp, ev.item, frame, sink);
  const item: ItemState = { outputIndex: index, type: ev.item.type, addedFrame: frame.index, done: false, parts: [], summary: [], args: '', sawArgDelta: false, argsDone: false };
  if (ev.item.id) item.id = ev.item.id;
  resp.items.set(index, item);
  const answered = answeredCall(state, ev.item);
  if (answered) {
    item.answers = answered;
    answer(answered, ev.item, frame);
    return;
  }
  item.view = itemView(state, resp, ev.item, frame);
  if (item.view) state.model.items.push(item.view);
}

/**
 * The call an output item of its own kind answers, as the AI SDK's OpenAI provider pairs them: a
 * program's output by call_id; a tool search's tools by call_id, or (a hosted search names none) the
 * oldest hosted search still waiting.
 */
function answeredCall(state: FoldState, it: Item): ToolItem | undefined {
  if (it.type !== 'program_output' && it.type !== 'tool_search_output') return undefined;
  if (typeof it.call_id === 'string' && it.call_id !== '') return state.calls.get(it.call_id);
  return it.type === 'tool_search_output' ? state.hostedSearches?.shift() : undefined;
}

/** What the answer says of its call: at output_item.added, and again (complete) at its done. */
function answer(call: ToolItem, it: Item, frame: Frame): void {
  addFrame(call.frames, frame.index);
  if (it.type === 'program_output') {
    if (typeof it.result === 'string' && it.result !== '') call.result = jsonTextValue(it.result);
  } else if (Array.isArray(it.tools)) call.result = { tools: it.tools };
  if (it.status === 'incomplete') call.status = 'error';
  else if (it.status === 'completed' && call.status === 'pending') call.status = 'success';
}

function checkIdentity(resp: ResponseState, it: Item, frame: Frame, sink: FindingSink): void {
  if (typeof it.id !== 'string' || it.id === '') {
    sink.report(R.itemIdentity, `output item of type ${it.type} has no id ("expected a non-empty output item id")`, [frame.index]);
  } else if (resp.ids.has(it.id)) {
    sink.report(R.itemIdentity, `output item id "${it.id}" repeats ("duplicate output item identity")`, [frame.index]);
  } else resp.ids.add(it.id);
  if (!CALL_ID_ITEMS.has(it.type)) return;
  const callId = it.call_id;
  if (typeof callId !== 'string' || callId === '') {
    sink.report(R.itemIdentity, `${it.type} item has no call_id ("expected a non-empty output item call_id")`, [frame.index]);
  } else if (resp.callIds.has(callId)) {
    sink.report(R.itemIdentity, `call_id "${callId}" repeats ("duplicate output item identity")`, [frame.index]);
  } else resp.callIds.add(callId);
}

function itemView(state: FoldState, resp: ResponseState, it: Item, frame: Frame) {
  const id = `r${resp.n}-o${frame.index}`;
  const name = typeof it.name === 'string' ? it.name : it.type;
  if (it.type === 'message' || it.type === 'reasoning') return undefined;
  if (it.type === 'mcp_approval_request') {
    // No timeout: the Responses API does not give one. Arguments arrive as JSON text: shown as the value.
    const approval: ApprovalItem = { kind: 'approval', id, frames: [frame.index], key: typeof it.id === 'string' ? it.id : id, actions: [{ name, args: jsonTextValue(it.arguments) }], allowed: { [name]: ['approve', 'reject'] } };
    state.approvals.set(approval.key, approval);
    return approval;
  }
  if (it.type.endsWith('_call_output')) {
    const call = typeof it.call_id === 'string' ? state.calls.get(it.call_id) : undefined;
    if (call) {
      call.result = it.output ?? it;
      if (call.status === 'pending') call.status = 'success';
      call.frames.push(frame.index);
      return undefined;
    }
    return rawItem(frame, id);
  }
  if (it.type === 'compaction') {
    // The summary that stands in for the earlier conversation, encrypted: said, as the Anthropic fold says its readable one.
    return { kind: 'reasoning' as const, id, frames: [frame.index], text: '(encrypted)', title: 'Compaction summary' };
  }
  if (!it.type.endsWith('_call') && !CALL_LIKE_ITEMS.has(it.type)) return rawItem(frame, id);
  const callId = typeof it.call_id === 'string' && it.call_id !== '' ? it.call_id : typeof it.id === 'string' ? it.id : id;
  const tool = newToolItem(id, callId, name, frame.index);
  if (it.type === 'mcp_list_tools' && typeof it.server_label === 'string') tool.label = `List tools of ${it.server_label}`;
  const initial = it.arguments ?? it.input ?? it.code;
  if (typeof initial === 'string' && initial !== '') tool.inputText = initial;
  state.calls.set(callId, tool);
  if (it.type === 'tool_search_call' && it.execution === 'server') (state.hostedSearches ??= []).push(tool);
  return tool;
}

/**
 * Items that are calls though their type does not end in `_call`: a program (programmatic tool calling:
 * code the server runs, answered by a program_output item) and an MCP server's tool listing.
 */
const CALL_LIKE_ITEMS: ReadonlySet<string> = new Set(['program', 'mcp_list_tools']);

export function itemDone(state: FoldState, resp: ResponseState, ev: OutputItemEvent, frame: Frame, sink: FindingSink): void {
  const item = resp.items.get(ev.output_index);
  if (!item) {
    sink.report(R.itemMismatch, `output_item.done for output_index ${ev.output_index}, which was never added ("missing output at index ${ev.output_index}")`, [frame.index]);
    return;
  }
  if (ev.item.type !== item.type) {
    sink.report(R.itemMismatch, `output_item.done for index ${ev.output_index} carries ${ev.item.type} "${ev.item.id ?? ''}", but ${item.type} "${item.id ?? ''}" was added there`, [frame.index, item.addedFrame]);
    return;
  }
  if (item.id !== undefined && ev.item.id !== undefined && ev.item.id !== item.id && !item.idChangeReported) {
    item.idChangeReported = true;
    sink.report(R.itemIdChanged, `output_item.done for index ${ev.output_index} carries id "${ev.item.id}", but "${item.id}" was added there: openai ≥ 7.6 throws ("expected item_id"); openai 6 read it by output_index, as shown here`, [frame.index, item.addedFrame]);
  }
  if (item.done) repeatedDone(item, frame, sink);
  const open = [...item.parts, ...item.summary].some((p) => !p.done);
  if (open) sink.report(R.lifecycleOrder, `output_item.done for item ${ev.output_index} while some of its parts were not done`, [frame.index, item.addedFrame]);
  if (item.sawArgDelta && !item.argsDone) sink.report(R.lifecycleOrder, `output_item.done for ${item.type} ${ev.output_index} without its arguments .done event`, [frame.index, item.addedFrame]);
  item.done = true;
  checkStatus(resp, item, ev.item, frame, sink);
  if (item.answers) return answer(item.answers, ev.item, frame);
  applyDoneItem(state, resp, item, ev.item, frame, sink);
  if (item.view) item.view.frames.push(frame.index);
}

/**
 * The AI SDK's OpenAI provider acts on every output_item.done: for a message it ends the text part again,
 * and ai's streamText reports an error ("text part … not found"); for a call it emits the call again, and
 * streamText runs the tool twice. openai replaces the item with the second, as the view does.
 */
function repeatedDone(item: ItemState, frame: Frame, sink: FindingSink): void {
  const what = item.type === 'message' ? 'ends its text part again, and ai\'s streamText reports an error ("text part … not found")' : PAGE_RUN_CALLS.has(item.type) ? 'emits the call again, and ai\'s streamText runs the tool a second time' : undefined;
  if (what === undefined) return sink.report(R.lifecycleOrder, `second output_item.done for item ${item.outputIndex}`, [frame.index, item.addedFrame]);
  sink.report(R.itemDoneRepeated, `second output_item.done for ${item.type} ${item.outputIndex}: the AI SDK's OpenAI provider ${what}; openai replaces the item with it, as shown here`, [frame.index, item.addedFrame]);
}

function checkStatus(resp: ResponseState, item: ItemState, it: Item, frame: Frame, sink: FindingSink): void {
  const status = it.status;
  if (typeof status !== 'string') return;
  item.status = status;
  const strict = item.type === 'message' || item.type === 'function_call' || item.type === 'reasoning' || item.type === 'custom_tool_call';
  if (strict && !ITEM_STATUSES.has(status)) {
    sink.report(R.itemStatus, `${item.type} item status "${status}"; expected in_progress, completed or incomplete`, [frame.index]);
  }
  if (status === 'incomplete') resp.incompleteItemFrame = frame.index;
}

/** The done item is authoritative (the SDK replaces the output entry with it); `where` names the event that carried it. */
export function applyDoneItem(state: FoldState, resp: ResponseState, item: ItemState, it: Item, frame: Frame, sink: FindingSink, where = 'output_item.done'): void {
  if (item.type === 'message') return syncMessageParts(state, resp, item, it, frame, sink, where);
  if (item.type === 'reasoning') return syncReasoning(state, resp, item, it, frame, sink, where);
  const view = item.view;
  if (view?.kind === 'approval' || view?.kind !== 'tool') return;
  const full = doneInput(it);
  if (typeof full === 'string') finishArgs(state, item, full, frame, sink);
  else if (it.type === 'shell_call' && isRecord(it.action)) view.input = it.action;
  // Hosted tools carry what they did in `output`, `result` (image generation), `action` (web search) or `tools` (an MCP listing).
  const result = it.output ?? it.result ?? (it.type === 'shell_call' ? undefined : it.action) ?? (it.type === 'mcp_list_tools' ? it.tools : undefined);
  if (result !== undefined && result !== null) view.result = jsonTextValue(result);
  const failed = it.status === 'failed' || it.status === 'incomplete' || (isRecord(it) && it.error !== undefined && it.error !== null);
  if (failed) view.status = 'error';
  else if (HOSTED_TOOLS.has(it.type) || view.result !== undefined) view.status = 'success';
}

/** What a done tool item carries as its streamed input: a call's arguments, a custom call's input, code. */
export function doneInput(it: Item): unknown {
  return it.arguments ?? it.input ?? it.code;
}

/** Calls the server runs itself: done means finished. Other calls wait for the client's output. */
const HOSTED_TOOLS: ReadonlySet<string> = new Set(['web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'mcp_call', 'tool_search_call', 'mcp_list_tools']);

/** JSON object or array text as the value it encodes; other text, and text that does not parse, stays text. */
function jsonTextValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const first = value.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return value;
  const parsed = parseJson(value);
  return parsed.ok ? parsed.value : value;
}
