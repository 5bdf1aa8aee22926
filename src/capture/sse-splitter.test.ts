import { describe, expect, it } from 'vitest';
import { createSseSplitter, type SseEvent } from './sse-splitter';

function split(pieces: string[], maxChars?: number) {
  const events: SseEvent[] = [];
  const overflows: number[] = [];
  const s = createSseSplitter((e) => events.push(e), (m) => overflows.push(m), maxChars);
  for (const p of pieces) s.push(p);
  s.end();
  return { events, overflows };
}

const BODY =
  'event: message_start\nid: 1\ndata: {"type":"message_start"}\n\n' +
  ': keep-alive comment\n\n' +
  'data: {"a":1}\ndata: {"b":2}\n\n' +
  'event: ping\r\ndata: \r\n\r\n' +
  'id: 7\nevent: done\ndata: [DONE]\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'message_start', id: '1', data: '{"type":"message_start"}' },
  { data: '{"a":1}\n{"b":2}' },
  { event: 'ping', data: '' },
  { event: 'done', id: '7', data: '[DONE]' },
];

describe('createSseSplitter', () => {
  it('gives one event per SSE event with its name and id', () => {
    expect(split([BODY]).events).toEqual(EXPECTED);
  });

  it('gives the same events wherever the network cut the body', () => {
    for (let i = 1; i < BODY.length; i++) {
      expect(split([BODY.slice(0, i), BODY.slice(i)]).events).toEqual(EXPECTED);
    }
    expect(split([...BODY]).events).toEqual(EXPECTED); // one character at a time
  });

  it('keeps an event whose blank line never came when the body ends', () => {
    expect(split(['data: first\n\ndata: last']).events).toEqual([{ data: 'first' }, { data: 'last' }]);
  });

  it('reports an event that outgrows the bound, then carries on with the next ones', () => {
    const { events, overflows } = split(['data: ' + 'x'.repeat(50) + '\n', 'data: ' + 'y'.repeat(50) + '\n', '\n', 'data: ok\n\n'], 64);
    expect(overflows).toEqual([64]);
    expect(events.at(-1)).toEqual({ data: 'ok' });
  });
});
