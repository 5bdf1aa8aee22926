// Decides, without parsing, whether a JSON body may be an agent History API answer: an object with a
// `messages` array whose items have a `role`, or a bare array of such items (flat-block-protocol.md
// section 6), or a LangGraph thread state (`GET /threads/{id}/state`: `values` with `messages`, and a
// `checkpoint`) or history (an array of such states). Parsing every JSON response a page fetches would make the page pay for the hook; a few
// substring checks cost next to nothing, and a false positive only means one extra frame the panel
// shows as raw JSON.
import { charCodeAt, strIncludes } from './natives';

export function mayBeHistoryJson(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(charCodeAt(text, i))) i++;
  const first = charCodeAt(text, i);
  if (first === 0x7b /* { */) return strIncludes(text, '"messages"') && (strIncludes(text, '"role"') || isThreadState(text));
  if (first === 0x5b /* [ */) {
    i++;
    while (i < text.length && isSpace(charCodeAt(text, i))) i++;
    return charCodeAt(text, i) === 0x7b && (strIncludes(text, '"role"') || isThreadState(text));
  }
  return false;
}

function isThreadState(text: string): boolean {
  return strIncludes(text, '"values"') && strIncludes(text, '"checkpoint"');
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}
