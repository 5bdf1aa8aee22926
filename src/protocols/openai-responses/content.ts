// Content parts of message items (output_text, refusal), reasoning text parts, and reasoning
// summary parts: added → deltas → done, with the index and nesting checks (R6–R8).
import type { FindingSink } from '../../model/finding';
import type { Frame } from '../../model/frame';
import type { ReasoningItem, TextItem, ViewItem } from '../../model/view';
import { safeText } from '../../model/safe-text';
import { itemFor } from './item-lookup';
import { RESPONSES_RULES as R } from './rules';
import type { ContentPartEvent, OutputItemEvent, SummaryPartEvent, SummaryTextEvent, TextEvent } from './schema';
import type { FoldState, ItemState, PartState, ResponseState } from './state';
import { addFrame, isRecord } from '../shared/view-helpers';
import { extendText } from '../../model/text-builder';
import { textWithoutDeltas } from './whole-text';

// The item types each event may target, made once rather than per event.
const MESSAGE_OR_REASONING: readonly string[] = ['message', 'reasoning'];
const MESSAGE: readonly string[] = ['message'];
const REASONING: readonly string[] = ['reasoning'];

const PART_TEXT_FIELD: Record<string, string> = { output_text: 'text', refusal: 'refusal', reasoning_text: 'text', summary_text: 'text' };

export function partAdded(state: FoldState, resp: ResponseState, ev: ContentPartEvent, frame: Frame, sink: FindingSink): void {
  const item = itemFor(resp, ev, MESSAGE_OR_REASONING, frame, sink);
  if (!item) return;
  const fits = item.type === 'message' ? ev.part.type !== 'reasoning_text' : ev.part.type === 'reasoning_text';
  if (!fits) {
    sink.report(R.itemMismatch, `a ${ev.part.type} part cannot be added to a ${item.type} item`, [frame.index, item.addedFrame]);
    return;
  }
  if (ev.content_index !== item.parts.length) {
    sink.report(R.contentPartMismatch, `content_part.added has content_index ${ev.content_index}, expected ${item.parts.length} (parts are appended)`, [frame.index]);
  }
  const part = newPart(ev.part.type, frame);
  item.parts.push(part);
  attachView(state, resp, item, part, frame);
  setText(item, part, partText(ev.part));
}

export function partDone(resp: ResponseState, ev: ContentPartEvent, frame: Frame, sink: FindingSink): void {
  const item = itemFor(resp, ev, MESSAGE_OR_REASONING, frame, sink);
  const part = item && partAt(item.parts, ev.content_index, ev.part.type, ev.type, frame, sink);
  if (!item || !part) return;
  if (part.sawDelta && !part.textDone) sink.report(R.lifecycleOrder, `content_part.done for part ${ev.content_index} without its ${part.type} .done event`, [frame.index, part.addedFrame]);
  closePart(resp, item, part, partText(ev.part), ev.type, frame, sink);
}

/** output_text / refusal / reasoning_text deltas and dones. */
export function textEvent(resp: ResponseState, ev: TextEvent, frame: Frame, sink: FindingSink): void {
  const kind = ev.type.startsWith('response.refusal') ? 'refusal' : ev.type.startsWith('response.reasoning_text') ? 'reasoning_text' : 'output_text';
  const item = itemFor(resp, ev, kind === 'reasoning_text' ? REASONING : MESSAGE, frame, sink);
  const part = item && partAt(item.parts, ev.content_index, kind, ev.type, frame, sink);
  if (!item || !part) {
    // A delta that found no part may belong to one (an item-mismatch): its text is not known to be missing.
    if (typeof ev.delta === 'string') resp.lostDelta = true;
    return;
  }
  if (ev.type.endsWith('.annotation.added')) return;
  if (typeof ev.delta === 'string') return appendDelta(item, part, ev.delta, ev.type, frame, sink);
  const value = kind === 'refusal' ? ev.refusal : ev.text;
  const full = typeof value === 'string' ? value : undefined;
  part.textDone = true;
  touch(item, part, frame);
  if (part.sawDelta && full !== part.streamed && !resp.sawGap) {
    sink.report(R.doneMismatch, `${ev.type} text differs from the concatenated deltas; the SDK keeps the done value`, [frame.index, part.addedFrame]);
  }
  textWithoutDeltas(resp, part, full ?? '', ev.type, frame, sink);
  setText(item, part, full ?? '');
}

export function summaryPart(state: FoldState, resp: ResponseState, ev: SummaryPartEvent, frame: Frame, sink: FindingSink): void {
  const item = itemFor(resp, ev, REASONING, frame, sink);
  if (!item) return;
  if (ev.type.endsWith('.added')) {
    if (ev.summary_index !== item.summary.length) {
      sink.report(R.contentPartMismatch, `reasoning_summary_part.added has summary_index ${ev.summary_index}, expected ${item.summary.length}`, [frame.index]);
    }
    const part = newPart('summary_text', frame);
    item.summary.push(part);
    attachView(state, resp, item, part, frame);
    setText(item, part, ev.part.text ?? '');
    return;
  }
  const part = partAt(item.summary, ev.summary_index, undefined, ev.type, frame, sink);
  if (part) closePart(resp, item, part, ev.part.text, ev.type, frame, sink);
}

export function summaryText(resp: ResponseState, ev: SummaryTextEvent, frame: Frame, sink: FindingSink): void {
  const item = itemFor(resp, ev, REASONING, frame, sink);
  const part = item && partAt(item.summary, ev.summary_index, undefined, ev.type, frame, sink);
  if (!item || !part) return;
  if (typeof ev.delta === 'string') return appendDelta(item, part, ev.delta, ev.type, frame, sink);
  const full = typeof ev.text === 'string' ? ev.text : '';
  part.textDone = true;
  touch(item, part, frame);
  if (part.sawDelta && full !== part.streamed) sink.report(R.doneMismatch, `${ev.type} text differs from the concatenated deltas`, [frame.index, part.addedFrame]);
  textWithoutDeltas(resp, part, full, ev.type, frame, sink);
  setText(item, part, full);
}

/** A done message item is authoritative: its parts replace what was streamed. */
export function syncMessageParts(state: FoldState, resp: ResponseState, item: ItemState, it: OutputItemEvent['item'], frame: Frame, sink: FindingSink, where: string): void {
  const content = Array.isArray(it.content) ? it.content : [];
  content.forEach((p: unknown, i) => {
    if (!isRecord(p) || typeof p.type !== 'string') return;
    let part = item.parts[i];
    if (!part) {
      part = newPart(p.type, frame);
      item.parts[i] = part;
      attachView(state, resp, item, part, frame);
    }
    part.done = true;
    const text = partText(p);
    textWithoutDeltas(resp, part, text, where, frame, sink);
    setText(item, part, text);
  });
}

export function syncReasoning(state: FoldState, resp: ResponseState, item: ItemState, it: OutputItemEvent['item'], frame: Frame, sink: FindingSink, where: string): void {
  const sync = (list: PartState[], source: unknown) => {
    if (!Array.isArray(source)) return;
    source.forEach((p: unknown, i) => {
      if (!isRecord(p)) return;
      const part = list[i] ?? (list[i] = newPart(typeof p.type === 'string' ? p.type : 'summary_text', frame));
      part.done = true;
      part.streamed = typeof p.text === 'string' ? p.text : part.streamed;
      textWithoutDeltas(resp, part, part.streamed, where, frame, sink);
    });
  };
  sync(item.summary, it.summary);
  sync(item.parts, it.content);
  if (!item.view && [...item.summary, ...item.parts].some((p) => p.streamed)) attachView(state, resp, item, item.summary[0] ?? (item.parts[0] as PartState), frame);
  refreshReasoning(item);
}

/**
 * Whether a message or reasoning item of the response's output says what the stream built for it:
 * the same texts in the same parts.
 */
export function sameTexts(item: ItemState, it: OutputItemEvent['item']): boolean {
  if (item.type === 'message') return sameList(item.parts, it.content);
  return sameList(item.summary, it.summary) && sameList(item.parts, it.content);
}

function sameList(parts: readonly PartState[], source: unknown): boolean {
  const list = Array.isArray(source) ? source : [];
  if (list.length !== parts.length) return false;
  for (let i = 0; i < list.length; i++) {
    const p: unknown = list[i];
    if (!isRecord(p) || partText(p) !== (parts[i] as PartState).streamed) return false;
  }
  return true;
}

function newPart(type: string, frame: Frame): PartState {
  return { type, streamed: '', sawDelta: false, done: false, textDone: false, addedFrame: frame.index };
}

function partText(p: Record<string, unknown>): string {
  const value = p[PART_TEXT_FIELD[safeText(p.type)] ?? 'text'];
  return typeof value === 'string' ? value : '';
}

function partAt(list: PartState[], index: number, kind: string | undefined, type: string, frame: Frame, sink: FindingSink): PartState | undefined {
  const part = list[index];
  if (!part) {
    sink.report(R.contentPartMismatch, `${type} targets part ${index}, which was never added ("missing content at index ${index}")`, [frame.index]);
    return undefined;
  }
  if (kind !== undefined && part.type !== kind) {
    sink.report(R.contentPartMismatch, `${type} targets a ${part.type} part ("expected content to be '${kind}', got ${part.type}")`, [frame.index, part.addedFrame]);
    return undefined;
  }
  return part;
}

function appendDelta(item: ItemState, part: PartState, delta: string, type: string, frame: Frame, sink: FindingSink): void {
  if (part.done || part.textDone) sink.report(R.lifecycleOrder, `${type} after the part's done event`, [frame.index, part.addedFrame]);
  part.sawDelta = true;
  const before = part.streamed;
  part.streamed = extendText(part, part.streamed, delta);
  if (part.view) part.view.text = part.streamed;
  const reasoning = item.view?.kind === 'reasoning' ? item.view : undefined;
  // Appending to the last reasoning part extends the shown text; anything else rebuilds it.
  if (reasoning && before !== '' && part === (item.parts[item.parts.length - 1] ?? item.summary[item.summary.length - 1])) reasoning.text += delta;
  else if (reasoning) refreshReasoning(item);
  touch(item, part, frame);
}

/** Records that this frame shaped the part's view item. */
function touch(item: ItemState, part: PartState, frame: Frame): void {
  const view = part.view ?? item.view;
  if (view) addFrame(view.frames, frame.index);
}

function closePart(resp: ResponseState, item: ItemState, part: PartState, full: string | undefined, type: string, frame: Frame, sink: FindingSink): void {
  if (part.done) sink.report(R.lifecycleOrder, `second ${type} for the same part`, [frame.index, part.addedFrame]);
  part.done = true;
  touch(item, part, frame);
  if (full === undefined) return;
  if (part.sawDelta && full !== part.streamed) sink.report(R.doneMismatch, `${type} text differs from the concatenated deltas`, [frame.index, part.addedFrame]);
  textWithoutDeltas(resp, part, full, type, frame, sink);
  setText(item, part, full);
}

function attachView(state: FoldState, resp: ResponseState | undefined, item: ItemState, part: PartState, frame: Frame): void {
  if (item.type === 'reasoning') {
    if (!item.view) {
      const view: ReasoningItem = { kind: 'reasoning', id: `r${state.count}-o${item.addedFrame}`, frames: [item.addedFrame, frame.index], text: '' };
      item.view = view;
      place(state, resp, item, view);
    }
    return;
  }
  const brand = resp ? !resp.brandGiven : false;
  if (resp) resp.brandGiven = true;
  const view: TextItem = { kind: 'text', id: `r${state.count}-p${frame.index}-${item.parts.length}`, frames: [frame.index], text: '', part: false, final: false, brand };
  part.view = view;
  if (place(state, resp, item, view) && resp && part.type === 'output_text') resp.lastText = view;
}

/**
 * Puts an item's new view where the items' order has it: before the views of items added after it that
 * showed first (a part may open after a later item's part), as the AI SDK and openai's events order them
 * (by output_item.added; openai's final response orders by output_index, the same unless a warning says
 * otherwise). True when it went last.
 */
function place(state: FoldState, resp: ResponseState | undefined, item: ItemState, view: TextItem | ReasoningItem): boolean {
  const items = state.model.items;
  let at = -1;
  if (resp) {
    for (const other of resp.items.values()) {
      if (other.addedFrame <= item.addedFrame) continue;
      for (const later of viewsOf(other)) {
        const i = items.indexOf(later);
        if (i >= 0 && (at < 0 || i < at)) at = i;
      }
    }
  }
  if (at < 0) {
    items.push(view);
    return true;
  }
  // The brand header goes with the response's first text, wherever it now is.
  const branded = items.slice(at).find((v) => v.kind === 'text' && v.brand && viewOfResponse(resp as ResponseState, v));
  if (branded?.kind === 'text' && view.kind === 'text') {
    branded.brand = false;
    view.brand = true;
  }
  items.splice(at, 0, view);
  return false;
}

function viewsOf(item: ItemState): ViewItem[] {
  const views: ViewItem[] = [];
  if (item.view) views.push(item.view);
  for (const part of item.parts) if (part.view) views.push(part.view);
  return views;
}

function viewOfResponse(resp: ResponseState, view: ViewItem): boolean {
  for (const item of resp.items.values()) if (viewsOf(item).includes(view)) return true;
  return false;
}

function setText(item: ItemState, part: PartState, text: string): void {
  part.streamed = text;
  if (part.view) part.view.text = text;
  if (item.type === 'reasoning') refreshReasoning(item);
}

/** Reasoning shows its summary parts, then any raw reasoning text. */
function refreshReasoning(item: ItemState): void {
  if (item.view?.kind !== 'reasoning') return;
  const texts = [...item.summary, ...item.parts].map((p) => p.streamed).filter((t) => t !== '');
  item.view.text = texts.join('\n\n');
}
