// `text.trim() === ''` without the call for the usual text: one that starts with a character that is
// not white space is not blank. String.prototype.trim costs a builtin call per string, and the folds
// ask it of every label, summary and todo text they read.

/** Whether the text is empty or only white space and line terminators, as String.prototype.trim sees them. */
export function isBlank(text: string): boolean {
  if (text.length === 0) return true;
  if (!isTrimmed(text.charCodeAt(0))) return false;
  return text.trim() === '';
}

/** The characters String.prototype.trim removes: WhiteSpace and LineTerminator (ECMA-262). */
function isTrimmed(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
