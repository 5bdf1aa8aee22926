// Splits a text/event-stream body, fed as decoded text in whatever pieces the network delivered,
// into SSE events. Chunk boundaries never line up with event boundaries (one chunk often holds two
// events, or half of one), so the framing is incremental, to the HTML standard's parsing rules.
// It runs in the page for every chunk of every stream, so it calls only string functions saved at
// document_start (a library would call `text.indexOf`, which a page can wrap and count).
import { MAX_FRAME_CHARS } from '../bridge/page-messages';
import { charCodeAt, strIndexOf, strSlice } from './natives';

export interface SseEvent {
  data: string;
  event?: string;
  id?: string;
}

export interface StreamSplitter {
  /** More decoded text. */
  push(text: string): void;
  /** The body ended: an event still missing its blank line is emitted too (it was on the wire). */
  end(): void;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const COLON = 58;
/** The longest field name that means anything ("event", "retry"); others are ignored. */
const LONGEST_FIELD = 5;

/**
 * `onEvent` gets one call per event; `onOverflow` is told when a single event grew past `maxChars`
 * before ending (its text is dropped up to its blank line so a runaway stream cannot exhaust the
 * page's memory, and the caller records that it happened).
 */
export function createSseSplitter(
  onEvent: (event: SseEvent) => void,
  onOverflow: (maxChars: number) => void,
  maxChars: number = 4 * MAX_FRAME_CHARS,
): StreamSplitter {
  let partial = ''; // the start of a line whose end has not come yet
  let skipLF = false; // the last piece ended with CR: a LF first in the next one belongs to it
  let data = '';
  let dataLines = 0;
  let event: string | undefined;
  let id: string | undefined;
  let discarding = false; // dropping an oversize event up to its blank line
  let midLine = false; // while discarding: part of the current line was dropped already

  const resetEvent = () => {
    data = '';
    dataLines = 0;
    event = undefined;
    id = undefined;
  };
  const overflow = (inLine: boolean) => {
    resetEvent();
    partial = '';
    discarding = true;
    midLine = inLine;
    onOverflow(maxChars);
  };

  const field = (text: string, start: number, end: number) => {
    let colon = end;
    const limit = end - start > LONGEST_FIELD ? start + LONGEST_FIELD + 1 : end;
    for (let i = start; i < limit; i++) {
      if (charCodeAt(text, i) === COLON) {
        colon = i;
        break;
      }
    }
    if (colon === start) return; // a comment
    if (colon === end && end - start > LONGEST_FIELD) return; // a long name without a value: not ours
    const name = strSlice(text, start, colon);
    let valueStart = colon === end ? end : colon + 1;
    if (valueStart < end && charCodeAt(text, valueStart) === SPACE) valueStart++;
    if (name === 'data') {
      const value = strSlice(text, valueStart, end);
      data = dataLines === 0 ? value : data + '\n' + value;
      dataLines++;
      if (data.length > maxChars) overflow(false);
    } else if (name === 'event') {
      event = valueStart === end ? undefined : strSlice(text, valueStart, end);
    } else if (name === 'id') {
      const value = strSlice(text, valueStart, end);
      if (strIndexOf(value, '\0') === -1) id = value;
    }
  };

  const line = (text: string, start: number, end: number) => {
    const blank = start === end && !midLine;
    midLine = false;
    if (discarding) {
      if (blank) {
        discarding = false;
        resetEvent();
      }
      return;
    }
    if (!blank) return field(text, start, end);
    if (dataLines > 0) {
      // Every field set at once: adding one later would reach a setter on Object.prototype.
      const out: SseEvent = event === undefined ? (id === undefined ? { data } : { data, id }) : id === undefined ? { data, event } : { data, event, id };
      resetEvent();
      onEvent(out);
    } else {
      resetEvent();
    }
  };

  const push = (text: string) => {
    const n = text.length;
    let pos = 0;
    if (skipLF) {
      skipLF = false;
      if (n > 0 && charCodeAt(text, 0) === LF) pos = 1;
    }
    let nextCR = strIndexOf(text, '\r', pos);
    let nextLF = strIndexOf(text, '\n', pos);
    for (;;) {
      if (nextCR !== -1 && nextCR < pos) nextCR = strIndexOf(text, '\r', pos);
      if (nextLF !== -1 && nextLF < pos) nextLF = strIndexOf(text, '\n', pos);
      const end = nextCR === -1 ? nextLF : nextLF === -1 ? nextCR : nextCR < nextLF ? nextCR : nextLF;
      if (end === -1) break;
      if (partial !== '') {
        const whole = partial + strSlice(text, pos, end);
        partial = '';
        line(whole, 0, whole.length);
      } else {
        line(text, pos, end);
      }
      pos = end + 1;
      if (charCodeAt(text, end) === CR) {
        if (pos < n) {
          if (charCodeAt(text, pos) === LF) pos++;
        } else {
          skipLF = true;
        }
      }
    }
    if (pos >= n) return;
    if (discarding) {
      midLine = true;
      return;
    }
    partial = partial + (pos === 0 ? text : strSlice(text, pos));
    if (partial.length + data.length > maxChars) overflow(true);
  };

  return {
    push(text) {
      if (text !== '') push(text);
    },
    end() {
      // Two line ends complete a last line and then the event, if either is missing; harmless otherwise.
      push('\n\n');
      partial = '';
      skipLF = false;
      discarding = false;
      midLine = false;
      resetEvent();
    },
  };
}
