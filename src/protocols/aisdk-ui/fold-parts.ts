// Text, reasoning, source, file and data chunks of the UI message stream.
import type { ReasoningItem, TextItem } from '../../model/view';
import type { RawItem } from '../../model/view';
import { UI_RULE } from './rules';
import { addRaw, type UiFoldState } from './fold-state';
import { jsonPreview } from './json-util';
import { SmallMap } from '../shared/small-map';
import { extendText } from '../../model/text-builder';
import { frameRef } from '../../model/frame-ref';

/** This fold reads the texts it streams only to extend them (see model/text-digest.ts). */
const DIGESTIBLE = true;

type Kind = 'text' | 'reasoning';

function openMap(st: UiFoldState, kind: Kind): SmallMap<TextItem | ReasoningItem> | undefined {
  return kind === 'text' ? st.openText : st.openReasoning;
}

export function partStart(st: UiFoldState, kind: Kind, id: string, i: number): void {
  const earlier = openMap(st, kind)?.get(id);
  // A part left open at finish-step was reported there: its id taken again is no second finding.
  const leftOpen = st.leftOpenAtStep !== undefined && st.leftOpenAtStep.size > 0 && st.leftOpenAtStep.delete(`${kind}:${id}`);
  if (earlier && !leftOpen) {
    st.sink.report(
      UI_RULE.duplicatePartId,
      `${kind}-start for id "${id}" while a ${kind} part with that id is open (started at frame ${frameRef(earlier.frames[0])}); expected ${kind}-end first. The earlier part stops growing.`,
      [i, earlier.frames[0] ?? i],
    );
  }
  if (kind === 'text') {
    const item: TextItem = { kind: 'text', id: `text-${i}`, frames: [i], text: '', part: false, final: false, brand: false };
    st.layout.addText(item);
    (st.openText ??= new SmallMap()).set(id, item);
  } else {
    const item: ReasoningItem = { kind: 'reasoning', id: `reasoning-${i}`, frames: [i], text: '' };
    st.layout.addItem(item, i);
    (st.openReasoning ??= new SmallMap()).set(id, item);
  }
}

export function partDelta(st: UiFoldState, kind: Kind, id: string, delta: string, i: number, raw: string): void {
  const item = openMap(st, kind)?.get(id);
  if (!item) return notStarted(st, kind, `${kind}-delta`, id, i, raw);
  if (st.leftOpenAtStep !== undefined && st.leftOpenAtStep.size > 0) continuedAfterStep(st, kind, `${kind}-delta`, id, i);
  item.text = extendText(item, item.text, delta, DIGESTIBLE);
  item.frames.push(i);
}

export function partEnd(st: UiFoldState, kind: Kind, id: string, i: number, raw: string): void {
  const open = openMap(st, kind);
  const item = open?.get(id);
  if (!open || !item) return notStarted(st, kind, `${kind}-end`, id, i, raw);
  if (st.leftOpenAtStep !== undefined && st.leftOpenAtStep.size > 0) continuedAfterStep(st, kind, `${kind}-end`, id, i);
  item.frames.push(i);
  open.delete(id);
}

/**
 * A part still open at finish-step goes on: ai 7.0.79 and later keep it open there, the clients before
 * (ai 5, ai 6, ai 7 before 7.0.79) dropped it and throw on its next chunk. Reported once per part.
 */
function continuedAfterStep(st: UiFoldState, kind: Kind, chunk: string, id: string, i: number): void {
  const key = `${kind}:${id}`;
  const stepEnd = st.leftOpenAtStep?.get(key);
  if (stepEnd === undefined) return;
  st.leftOpenAtStep?.delete(key);
  st.sink.report(
    UI_RULE.partAfterStep,
    `${chunk} for ${kind} id "${id}", which was still open at finish-step (frame ${frameRef(stepEnd)}): ai 7.0.79 and later go on with the part; ai 5, ai 6 and ai 7 before 7.0.79 closed it there and throw here.`,
    [i, stepEnd],
  );
}

function notStarted(st: UiFoldState, kind: Kind, chunk: string, id: string, i: number, raw: string): void {
  const rule = kind === 'text' ? UI_RULE.textNotStarted : UI_RULE.reasoningNotStarted;
  st.sink.report(rule, `${chunk} for ${kind} id "${id}" but no ${kind}-start with that id is open; expected a "${kind}-start" with the same id first (the client throws).`, [i]);
  addRaw(st, i, raw);
}

/**
 * Parts still open at finish-step or finish are reported once each. Neither closes them in ai 7 (since
 * 7.0.79 for finish-step), so a late delta or end is still applied; at finish-step they are remembered
 * for the warning that clients before 7.0.79 throw on it (continuedAfterStep).
 */
export function reportOpenParts(st: UiFoldState, at: string, i: number): void {
  reportOpen(st, 'text', st.openText, at, i);
  reportOpen(st, 'reasoning', st.openReasoning, at, i);
  st.legacyReasoning = undefined;
}

function reportOpen(st: UiFoldState, kind: Kind, open: SmallMap<TextItem | ReasoningItem> | undefined, at: string, i: number): void {
  if (open === undefined || open.size === 0) return;
  open.forEach((item, id) => {
    const key = `${kind}:${id}`;
    if (st.leftOpenAtStep?.has(key)) return;
    st.sink.report(UI_RULE.partNotEnded, `${kind} part "${id}" is still open at ${at}; expected "${kind}-end" before it.`, [item.frames[0] ?? i, i]);
    if (at === 'finish-step') (st.leftOpenAtStep ??= new Map()).set(key, i);
  });
}

/** ai 5.0 `reasoning {text}`: appends to the current reasoning part; `reasoning-part-finish` ends it. */
export function legacyReasoning(st: UiFoldState, text: string, i: number): void {
  if (!st.legacyReasoning) {
    st.legacyReasoning = { kind: 'reasoning', id: `reasoning-${i}`, frames: [i], text: '' };
    st.layout.addItem(st.legacyReasoning, i);
  } else {
    st.legacyReasoning.frames.push(i);
  }
  st.legacyReasoning.text = extendText(st.legacyReasoning, st.legacyReasoning.text, text, DIGESTIBLE);
}

/** data-* parts: a part with the same type and id replaces the earlier one, as the client does. */
export function dataPart(st: UiFoldState, type: string, id: string | undefined, data: unknown, transient: boolean, i: number): void {
  const text = `${transient ? '(transient) ' : ''}${type}: ${jsonPreview(data, 1900)}`;
  const keyed = id !== undefined && !transient;
  // The key `type` + NUL + `id`, held as its part before its first NUL and the rest: a type holding a
  // NUL is split there, so it keys exactly as the whole key would.
  const nul = keyed ? type.indexOf('\u0000') : -1;
  const head = nul === -1 ? type : type.slice(0, nul);
  const rest = nul === -1 ? (id as string) : `${type.slice(nul + 1)}\u0000${id as string}`;
  const byRest = keyed ? st.dataParts?.get(head) : undefined;
  const existing = byRest?.get(rest);
  if (existing) {
    existing.text = text;
    existing.frames.push(i);
    return;
  }
  // The item holds the text as built (the type is not flattened), as the client shows it.
  const item: RawItem = { kind: 'raw', id: `raw-${i}`, frames: [i], text };
  st.layout.addItem(item, i);
  if (!keyed) return;
  if (byRest) byRest.set(rest, item);
  else (st.dataParts ??= new SmallMap()).set(head, new SmallMap<RawItem>().set(rest, item));
}
