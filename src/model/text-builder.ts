// Long streamed texts kept compactly. `text + delta` for every delta leaves the text as a chain of one
// small string and one join node per delta, several times the size of its characters, all alive as
// long as the view; a 200 MB answer held that way took about 2 MB per MB of input. Here the last
// deltas are joined into one flat piece every CHUNK deltas, so a text costs little more than its
// characters, while it stays current (a plain string) after every append. Short texts grow plainly.
// A fold that reads a text only to extend it says so (`digestible`): `check` may then keep its head
// only (text-digest.ts).
import { digests } from './text-digest';

/** Deltas joined into one flat piece at a time: enough that joining costs little per delta. */
const CHUNK = 512;
/** Texts shorter than this grow by plain concatenation: most are, and their chains are small. */
const TRACKED_FROM = 4096;
/**
 * Characters of the latest flat pieces kept apart for `textTail`, past the one that reaches back
 * this far. Reading the end of the text itself (`slice`) makes V8 copy the whole text into one flat
 * string first: megabytes per update of a panel showing a streaming answer.
 */
export const TAIL_KEPT = 65_536;

interface Pending {
  /** The text up to the pending deltas: flat pieces joined. */
  committed: string;
  /** The whole text as last handed out; a text set from elsewhere since then starts afresh. */
  text: string;
  deltas: string[];
  /** The last flat pieces of `committed`, oldest first, reaching back at least TAIL_KEPT characters when the text is that long. */
  pieces: string[];
  piecesLength: number;
}

const pendingOf = new WeakMap<object, Pending>();

/** `current + delta`, kept compact: `current` is the holder's text now, the holder any object that owns it (a view item). */
export function extendText(holder: object, current: string, delta: string, digestible = false): string {
  if (current.length < TRACKED_FROM) return current + delta;
  if (digestible && digests(holder, current)) return current;
  let p = pendingOf.get(holder);
  if (p === undefined || p.text !== current) {
    p = { committed: current, text: current, deltas: [], pieces: [current], piecesLength: current.length };
    pendingOf.set(holder, p);
  }
  p.deltas.push(delta);
  if (p.deltas.length < CHUNK) return (p.text = current + delta);
  const piece = p.deltas.join('');
  p.committed += piece;
  p.deltas = [];
  p.pieces.push(piece);
  p.piecesLength += piece.length;
  // Older pieces go once the newer ones alone reach back far enough.
  while (p.pieces.length > 1 && p.piecesLength - (p.pieces[0] as string).length >= TAIL_KEPT) p.piecesLength -= (p.pieces.shift() as string).length;
  return (p.text = p.committed);
}

/**
 * The last `chars` characters of `text` (at most TAIL_KEPT), when `text` is what `extendText` last
 * handed out for `holder`: read from the pieces kept apart, without V8 flattening the whole text.
 * Undefined otherwise (the caller slices the text itself).
 */
export function textTail(holder: object, text: string, chars: number): string | undefined {
  const p = pendingOf.get(holder);
  if (p === undefined || p.text !== text || chars > TAIL_KEPT) return undefined;
  const parts = [p.deltas.join('')];
  let length = (parts[0] as string).length;
  for (let i = p.pieces.length - 1; i >= 0 && length < chars; i--) {
    const piece = p.pieces[i] as string;
    parts.push(piece);
    length += piece.length;
  }
  // The first piece is the text as it was when tracking began: a short text may hold fewer characters.
  if (length < Math.min(chars, text.length)) return undefined;
  const joined = parts.reverse().join('');
  return joined.length > chars ? joined.slice(joined.length - chars) : joined;
}
