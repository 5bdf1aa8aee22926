// The text an A2A message or artifact shows: text parts as they are, file and data parts on lines of
// their own; an artifact's text grown chunk by chunk as its parts arrive.
import { safeJson } from '../../model/safe-text';
import type { A2APart } from './normalize';

/** Parts read at most from one message or chunk: a page may send a huge one. A streamed artifact grows by every chunk. */
const MAX_PARTS = 1000;

/** Text parts as they are (chunks join without a separator), file and data parts on lines of their own. */
export function messageText(parts: readonly A2APart[]): string {
  const text = noParts();
  addParts(text, parts);
  return partsTextOf(text);
}

/** The text of parts, as `messageText` writes it, grown chunk by chunk (up to MAX_PARTS parts of each). */
export interface PartsText {
  /** With its last newline, which `partsTextOf` drops. */
  text: string;
  /** `text` ends with a newline: tracked, since reading the end of a long joined string makes V8 copy it whole. */
  newline: boolean;
}

export function noParts(): PartsText {
  return { text: '', newline: false };
}

export function addParts(into: PartsText, parts: readonly A2APart[]): void {
  for (let n = 0; n < parts.length && n < MAX_PARTS; n++) {
    const p = parts[n] as A2APart;
    if (p.kind === 'text') {
      const text = p.text ?? '';
      if (text === '') continue;
      into.text += text;
      into.newline = text.endsWith('\n');
    } else {
      const line = p.kind === 'data' ? safeJson(p.data, { maxLength: 2000 }) : `[file${p.name ? ` ${p.name}` : ''}${p.mediaType ? ` (${p.mediaType})` : ''}${p.uri ? ` ${p.uri}` : ''}${p.bytes !== undefined ? ` ${p.bytes} characters of base64` : ''}]`;
      into.text += `${into.text === '' || into.newline ? '' : '\n'}${line}\n`;
      into.newline = true;
    }
  }
}

export function partsTextOf(parts: PartsText): string {
  return parts.newline ? parts.text.slice(0, -1) : parts.text;
}
