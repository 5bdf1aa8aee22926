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

/** A code unit JSON does not write as itself in one byte: all but printable ASCII, the quote and the backslash. */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/**
 * Code units before the first one JSON writes otherwise than as itself. The engine's regular
 * expression finds it many times faster than a loop over the characters: a 1 MB payload of plain text
 * took the hub 8 ms a walk (bench/profile-flood.ts large), and every payload it stores is walked twice.
 */
function plainPrefix(text: string): number {
  const i = text.search(NOT_PLAIN);
  return i < 0 ? text.length : i;
}

/** UTF-8 bytes of `JSON.stringify(text)`. */
export function jsonByteLength(text: string): number {
  const n = text.length;
  const plain = plainPrefix(text);
  let bytes = 2 + plain;
  for (let i = plain; i < n; i++) {
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
  const plain = plainPrefix(text);
  if (plain + 2 >= maxBytes) return maxBytes - 2;
  let bytes = 2 + plain;
  for (let i = plain; i < n; i++) {
    const c = text.charCodeAt(i);
    const b = c < 0x80 ? (ASCII_BYTES[c] as number) : unitBytes(c, i + 1 < n ? text.charCodeAt(i + 1) : 0);
    if (bytes + b > maxBytes) return i;
    bytes += b;
    if (b === 4) i++;
  }
  return n;
}
