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

describe('createSseSplitter against eventsource-parser', () => {
  it('gives the events eventsource-parser gives, however the text is cut', async () => {
    const { createParser } = await import('eventsource-parser');
    const fc = (await import('fast-check')).default;
    const line = fc.oneof(
      fc.constantFrom('', ': comment', 'data', 'data:', 'event:', 'id:', 'retry: 5', 'foo: bar', 'id: a\0b'),
      fc.tuple(fc.constantFrom('data: ', 'data:', 'event: ', 'id: ', 'event:'), fc.string({ maxLength: 8 })).map(([a, b]) => a + b.replace(/[\r\n]/g, '')),
    );
    const body = fc.tuple(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }), fc.array(fc.nat(40), { maxLength: 4 }));
    fc.assert(
      fc.property(body, ([lines, cuts]) => {
        const text = lines.map(([l, eol]) => l + eol).join('');
        const expected: SseEvent[] = [];
        const parser = createParser({
          onEvent: (e) => expected.push({ data: e.data, ...(e.event !== undefined && { event: e.event }), ...(e.id !== undefined && { id: e.id }) }),
        });
        parser.feed(text);
        parser.feed('\n\n');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...points, text.length].slice(1).map((end, i, all) => text.slice(i === 0 ? 0 : all[i - 1], end));
        expect(split(pieces).events).toEqual(expected);
      }),
    );
  });
});
