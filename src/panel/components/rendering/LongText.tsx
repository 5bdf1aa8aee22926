// A text that can grow to megabytes while it streams (one answer of a flood of deltas). Laying out the
// whole of it on every update took most of the panel's time, so past a bound only its end is drawn —
// the part that is changing — with the count of characters left out and a button to draw them all.
// The end is drawn in blocks fixed at positions in the whole text: as the text grows only the first
// (partial) block and the last one change, and the browser lays out those two again rather than every
// drawn character per update. Blocks are cut only just after a line break of the text itself: a block
// element starts a new line, so a cut anywhere else would show a break the answer does not have.
import { useState } from 'preact/hooks';
import { textTail } from '../../../model/text-builder';

/** Characters past which a text is drawn in part. */
export const LONG_TEXT_CHARS = 50_000;
/** Characters drawn from the end of a long text. */
export const LONG_TEXT_TAIL = 20_000;
/** Characters per drawn block of a long text's end. */
const BLOCK = 2_048;

/**
 * `holder` is the view item the text belongs to: a text the fold built by appending (extendText) has
 * its end read from the pieces kept for it, since slicing the text makes V8 copy all of it first.
 */
export function LongText({ text, class: className, holder }: { text: string; class: string; holder?: object }) {
  const [whole, setWhole] = useState(false);
  if (whole || text.length <= LONG_TEXT_CHARS) return <div class={className}>{text}</div>;
  const hidden = text.length - LONG_TEXT_TAIL;
  const tail = (holder && textTail(holder, text, LONG_TEXT_TAIL)) ?? text.slice(hidden);
  return (
    <div class={className}>
      <button type="button" class="long-text-more" data-testid="long-text-more" onClick={() => setWhole(true)}>
        … {hidden.toLocaleString('en')} earlier characters (show all)
      </button>
      {blocks(tail, hidden).map(([key, part]) => (
        <div key={key} class="long-text-block">
          {part}
        </div>
      ))}
    </div>
  );
}

/**
 * `tail` (which starts at `start` in the whole text) cut where blocks of the whole text begin: just
 * past the first line break at or after each multiple of BLOCK, before the next multiple (none there,
 * no cut: the block goes on). Keyed by the block's number, so an unchanged block keeps its element and
 * its layout. A text without line breaks is one block.
 */
function blocks(tail: string, start: number): [string, string][] {
  const out: [string, string][] = [];
  let from = 0;
  let key = 'head';
  for (let k = Math.ceil(start / BLOCK) || 1; k * BLOCK < start + tail.length; k++) {
    const nominal = k * BLOCK - start;
    const lineEnd = tail.indexOf('\n', nominal);
    if (lineEnd < 0) break;
    if (lineEnd >= nominal + BLOCK) continue;
    const cut = lineEnd + 1;
    if (cut <= from || cut >= tail.length) continue;
    out.push([key, tail.slice(from, cut)]);
    from = cut;
    key = String(k);
  }
  out.push([key, tail.slice(from)]);
  return out;
}
