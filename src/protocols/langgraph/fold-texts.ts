// An AI message's text and reasoning items: grown by streamed pieces or set whole, placed before the
// message's tool calls (reasoning before its text), as useStream draws a message.
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem, ViewItem } from '../../model/view';
import { extendText } from '../../model/text-builder';
import type { Message, State } from './fold-state';
import { addFrame } from '../shared/view-helpers';

// `check` may keep a long streamed text as a digest: the fold compares a whole copy with its own
// `streamed` copy, never with the item's text.
const DIGESTIBLE = true;

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

export function extendAiText(state: State, entry: Message, id: string, piece: string, frame: Frame, final: boolean): void {
  const item = entry.text ?? newText(state, entry, id, frame);
  item.text = extendText(item, item.text, piece, DIGESTIBLE);
  item.final = final;
  addFrame(item.frames, frame.index);
}

export function setAiText(state: State, entry: Message, id: string, text: string, frame: Frame, final: boolean): void {
  const item = entry.text ?? newText(state, entry, id, frame);
  item.text = text;
  item.final = final;
  addFrame(item.frames, frame.index);
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

export function extendReasoning(state: State, entry: Message, id: string, piece: string, frame: Frame): void {
  const item = reasoningItem(state, entry, id, frame);
  item.text = extendText(item, item.text, piece, DIGESTIBLE);
  addFrame(item.frames, frame.index);
}

export function setReasoning(state: State, entry: Message, id: string, text: string, frame: Frame): void {
  const item = reasoningItem(state, entry, id, frame);
  item.text = text;
  addFrame(item.frames, frame.index);
}
