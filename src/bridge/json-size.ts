// How many bytes a string takes once written as a JSON string (UTF-8, quotes included): the size that
// is actually stored and sent. Bounds that count characters let through payloads JSON makes six times
// larger (every control character becomes \u00XX), and a tab full of them could not be read again.
// Run by the hub on every frame it stores, so the loops call the string's own charCodeAt, which the
// compiler inlines, and look ASCII up in a table: with a charCodeAt saved as a bound call (which only
// the page hook would need) this walk was about 0.9 s of the service worker's 1.5 s of script in the
// control-character flood (bench/profile-flood.ts), and is under 0.1 s this way.

/** Bytes of one UTF-16 code unit `c` (at `i`, followed by `next`) in JSON; 0 for the low half of a pair counted already. */
function unitBytes(c: number, next: number): number {
  if (c < 0x80) {
    if (c >= 0x20) return c === 0x22 || c === 0x5c ? 2 : 1;
    return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
  }
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) return next >= 0xdc00 && next <= 0xdfff ? 4 : 6; // a pair, or a lone half JSON escapes
  if (c >= 0xdc00 && c <= 0xdfff) return 6; // a lone low half (a paired one is skipped by the callers)
  return 3;
}

/** Bytes in JSON of each ASCII code unit: a table, so the common case is one load rather than a chain of tests. */
const ASCII_BYTES = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) ASCII_BYTES[c] = unitBytes(c, 0);

/** UTF-8 bytes of `JSON.stringify(text)`. */
export function jsonByteLength(text: string): number {
  let bytes = 2;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes += ASCII_BYTES[c] as number;
      continue;
    }
    const b = unitBytes(c, i + 1 < n ? text.charCodeAt(i + 1) : 0);
    bytes += b;
    if (b === 4) i++;
  }
  return bytes;
}

/**
 * How many leading characters of `text` fit in `maxBytes` of JSON (quotes included), never ending
 * between the halves of a pair: `text.length` when all of it fits.
 */
export function jsonPrefixFitting(text: string, maxBytes: number): number {
  const n = text.length;
  // Six bytes a character at most: short texts fit without looking at them.
  if (6 * n + 2 <= maxBytes) return n;
  let bytes = 2;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const b = c < 0x80 ? (ASCII_BYTES[c] as number) : unitBytes(c, i + 1 < n ? text.charCodeAt(i + 1) : 0);
    if (bytes + b > maxBytes) return i;
    bytes += b;
    if (b === 4) i++;
  }
  return n;
}
