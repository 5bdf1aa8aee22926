// `preview` (model/decode.ts) without its whitespace replace where there is nothing to collapse: a raw
// item is made for every data part and source, and most of their texts are already one flat line.
import { preview } from '../../model/decode';

/** Whitespace that `preview` would change: any but a single inner space. */
const NEEDS_FLATTENING = /[^\S ]| {2}|^ | $/;

/** The same text as `preview(text, max)`. */
export function flatPreview(text: string, max: number): string {
  if (NEEDS_FLATTENING.test(text)) return preview(text, max);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
