// An upper bound of a validated page message's JSON length, computed from its string lengths (a
// character takes at most 6 in JSON: \uXXXX). It lets the relay hand small batches to the port as
// they are, instead of serialising every batch once more only to learn that it needs no chunking.
import type { PageToRelay } from '../page-messages';

/** Room for the keys, numbers and punctuation around the strings of one message. */
const FIXED = 400;

const len = (s: string | undefined): number => (s === undefined ? 0 : s.length);

function headersLength(h: Record<string, string> | undefined): number {
  let n = 0;
  if (h) for (const [k, v] of Object.entries(h)) n += k.length + v.length + 6;
  return n;
}

export function jsonLengthBound(m: PageToRelay): number {
  if (m.type === 'health') return FIXED + 6 * m.degraded.reduce((n, line) => n + line.length + 3, 0);
  if (m.type === 'frame') {
    return FIXED + 6 * (m.connectionId.length + m.data.length + len(m.eventName) + len(m.eventId) + len(m.reason));
  }
  const strings = m.id.length + m.url.length + len(m.method) + len(m.requestBody);
  return FIXED + 6 * (strings + headersLength(m.requestHeaders) + headersLength(m.responseHeaders));
}
