// Splits NDJSON / JSON Lines / JSON text sequences (RFC 7464) into records, one per line, fed as
// decoded text in arbitrary pieces. Nothing is parsed: a record is whatever text sits on one line.
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import type { StreamSplitter } from './sse-splitter';
import { charCodeAt, strIndexOf, strSlice, strTrim } from './natives';

export interface LineRecord {
  text: string;
  /** Set when the line was longer than the bound: `text` holds only its start. */
  originalLength?: number;
}

export function createNdjsonSplitter(
  onRecord: (record: LineRecord) => void,
  maxChars: number = MAX_FRAME_CHARS,
): StreamSplitter {
  let pending = ''; // the current line's start (at most maxChars of it)
  let pendingLength = 0; // its real length, which may exceed what we keep

  const emit = () => {
    let text = pending;
    let length = pendingLength;
    pending = '';
    pendingLength = 0;
    if (charCodeAt(text, text.length - 1) === 13 && length === text.length) {
      text = strSlice(text, 0, -1); // CRLF line endings
      length -= 1;
    }
    if (charCodeAt(text, 0) === 0x1e) {
      // json-seq (RFC 7464) puts a record separator before each record
      text = strSlice(text, 1);
      length -= 1;
    }
    if (length === 0 || (length === text.length && strTrim(text) === '')) return;
    onRecord(length > text.length ? { text, originalLength: length } : { text });
  };

  const append = (piece: string) => {
    pendingLength += piece.length;
    if (pending.length < maxChars) pending += piece.length > maxChars - pending.length ? strSlice(piece, 0, maxChars - pending.length) : piece;
  };

  return {
    push(text) {
      let start = 0;
      for (let nl = strIndexOf(text, '\n'); nl !== -1; nl = strIndexOf(text, '\n', start)) {
        append(strSlice(text, start, nl));
        emit();
        start = nl + 1;
      }
      if (start < text.length) append(start === 0 ? text : strSlice(text, start));
    },
    end() {
      if (pendingLength > 0) emit();
    },
  };
}
