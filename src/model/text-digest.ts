// Long streamed texts cut short where nothing reads them whole, so `check` of a long answer does not
// hold the answer. `check` reads the view only for findings; the folds that opt in (extendText's
// `digestible`) read the texts they stream only to extend them, and the one reader of a whole view in
// `check`, the history-against-live comparison, says when it meets a text cut short
// (`noteViewRead`): the caller then analyses the input again with whole texts, so no finding changes.
// While digests are on, a digestible text item stops growing at DIGEST_FROM characters (the item is
// marked), and its frame list keeps only its first and last frame (the only ones read while folding).
// Off by default: the panel, `render` and the API keep whole texts and every frame.

/** Characters a digested text keeps: its head. */
export const DIGEST_FROM = 16_384;
/** A digested item's frame list is cut back to its first and last frame once it is this long. */
const FRAMES_KEPT = 64;

/** One run of an analysis with digests on: whether a whole text turned out to be needed. */
export interface TextDigests {
  wholeTextsNeeded: boolean;
}

let active: TextDigests | undefined;
/** Items whose text (and frame list) was cut short while digests were on. */
let digested = new WeakSet<object>();

/** Turns digests on until `stopTextDigests`; one analysis at a time (the command line's `check`). */
export function startTextDigests(): TextDigests {
  active = { wholeTextsNeeded: false };
  digested = new WeakSet();
  return active;
}

export function stopTextDigests(): void {
  active = undefined;
}

/** Whether `extendText` should keep `current` as the holder's text instead of growing it. */
export function digests(holder: object, current: string): boolean {
  if (active === undefined || current.length < DIGEST_FROM || !isStreamedItem(holder)) return false;
  digested.add(holder);
  const frames = holder.frames;
  if (frames.length >= FRAMES_KEPT) {
    const last = frames[frames.length - 1] as number;
    frames.length = 1;
    frames.push(last);
  }
  return true;
}

/** Called with a view about to be read whole: a text cut short in it means the analysis must be redone. */
export function noteViewRead(items: readonly { kind: string; items?: readonly unknown[] }[]): void {
  if (active === undefined || active.wholeTextsNeeded) return;
  if (holdsDigest(items)) active.wholeTextsNeeded = true;
}

function holdsDigest(items: readonly unknown[]): boolean {
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    if (digested.has(item)) return true;
    const inner = (item as { items?: unknown }).items;
    if (Array.isArray(inner) && holdsDigest(inner)) return true;
  }
  return false;
}

/** Text and reasoning items: never compared with a request's messages, unlike user items. */
function isStreamedItem(holder: object): holder is { kind: 'text' | 'reasoning'; frames: number[] } {
  const kind = (holder as { kind?: unknown }).kind;
  return (kind === 'text' || kind === 'reasoning') && Array.isArray((holder as { frames?: unknown }).frames);
}
