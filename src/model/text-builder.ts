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

interface Pending {
  /** The text up to the pending deltas: flat pieces joined. */
  committed: string;
  /** The whole text as last handed out; a text set from elsewhere since then starts afresh. */
  text: string;
  deltas: string[];
}

const pendingOf = new WeakMap<object, Pending>();

/** `current + delta`, kept compact: `current` is the holder's text now, the holder any object that owns it (a view item). */
export function extendText(holder: object, current: string, delta: string, digestible = false): string {
  if (current.length < TRACKED_FROM) return current + delta;
  if (digestible && digests(holder, current)) return current;
  let p = pendingOf.get(holder);
  if (p === undefined || p.text !== current) {
    p = { committed: current, text: current, deltas: [] };
    pendingOf.set(holder, p);
  }
  p.deltas.push(delta);
  if (p.deltas.length < CHUNK) return (p.text = current + delta);
  p.committed += p.deltas.join('');
  p.deltas = [];
  return (p.text = p.committed);
}
