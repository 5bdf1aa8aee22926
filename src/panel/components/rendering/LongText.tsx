// A text that can grow to megabytes while it streams (one answer of a flood of deltas). Laying out the
// whole of it on every update took most of the panel's time, so past a bound only its end is drawn —
// the part that is changing — with the count of characters left out and a button to draw them all.
import { useState } from 'preact/hooks';
import { textTail } from '../../../model/text-builder';

/** Characters past which a text is drawn in part. */
export const LONG_TEXT_CHARS = 50_000;
/** Characters drawn from the end of a long text. */
export const LONG_TEXT_TAIL = 20_000;

/**
 * `holder` is the view item the text belongs to: a text the fold built by appending (extendText) has
 * its end read from the pieces kept for it, since slicing the text makes V8 copy all of it first.
 */
export function LongText({ text, class: className, holder }: { text: string; class: string; holder?: object }) {
  const [whole, setWhole] = useState(false);
  if (whole || text.length <= LONG_TEXT_CHARS) return <div class={className}>{text}</div>;
  const hidden = text.length - LONG_TEXT_TAIL;
  return (
    <div class={className}>
      <button type="button" class="long-text-more" data-testid="long-text-more" onClick={() => setWhole(true)}>
        … {hidden.toLocaleString('en')} earlier characters (show all)
      </button>
      {(holder && textTail(holder, text, LONG_TEXT_TAIL)) ?? text.slice(hidden)}
    </div>
  );
}
