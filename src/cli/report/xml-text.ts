// Text and attribute values for XML: markup characters escaped, and characters XML 1.0 cannot hold at
// all (control characters, lone surrogates, which page data may contain) replaced by U+FFFD.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
