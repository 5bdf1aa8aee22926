// Splits a text/event-stream body, fed as decoded text in whatever pieces the network delivered,
// into SSE events. Chunk boundaries never line up with event boundaries (one chunk often holds two
// events, or half of one), so the framing is incremental; eventsource-parser does it to the spec.
import { createParser } from 'eventsource-parser';
import { MAX_FRAME_CHARS } from '../bridge/page-messages';

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

/**
 * `onEvent` gets one call per event; `onOverflow` is told when a single event grew past `maxChars`
 * before ending (its buffered text is dropped so a runaway stream cannot exhaust the page's memory,
 * and the caller records that it happened).
 */
export function createSseSplitter(
  onEvent: (event: SseEvent) => void,
  onOverflow: (maxChars: number) => void,
  maxChars: number = 4 * MAX_FRAME_CHARS,
): StreamSplitter {
  let overflowed = false;
  const parser = createParser({
    onEvent(e) {
      const out: SseEvent = { data: e.data };
      if (e.event !== undefined) out.event = e.event;
      if (e.id !== undefined) out.id = e.id;
      onEvent(out);
    },
    onError(err) {
      if (err.type === 'max-buffer-size-exceeded') overflowed = true;
    },
    maxBufferSize: maxChars,
  });
  const afterFeed = () => {
    if (!overflowed) return;
    overflowed = false;
    parser.reset();
    onOverflow(maxChars);
  };
  return {
    push(text) {
      if (text === '') return;
      parser.feed(text);
      afterFeed();
    },
    end() {
      // Two line ends complete a last line and then the event, if either is missing; harmless otherwise.
      parser.feed('\n\n');
      parser.reset();
    },
  };
}
