// `preview` (model/decode.ts) without its whitespace replace where there is nothing to collapse: a raw
// item is made for every data part and source, and most of their texts are already one flat line.
import { preview } from '../../model/decode';

/** Whitespace that `preview` would change: any but a single inner space. */
const NEEDS_FLATTENING = /[^\S ]| {2}|^ | $/;

/** The same text as `preview(text, max)`. */
export function flatPreview(text: string, max: number): string {
  if (NEEDS_FLATTENING.test(text)) return preview(text, max);
  return cut(text, max);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Whitespace to flatten inside a text: any but a single space. */
const INNER = /[^\S ]| {2}/;
const SPACE = 0x20;

/**
 * flatPreview(`source: ${shown} <${url}>`, max), tested on its two parts rather than on the text
 * joined (which the test would copy into one piece first): only they hold whitespace, and the text
 * around them adds a second space only next to an empty `shown` or a space at either end of it.
 */
export function flatSourcePreview(shown: string, url: string, max: number): string {
  const text = `source: ${shown} <${url}>`;
  const n = shown.length;
  if (n === 0 || shown.charCodeAt(0) === SPACE || shown.charCodeAt(n - 1) === SPACE || INNER.test(shown) || INNER.test(url)) return preview(text, max);
  return cut(text, max);
}
