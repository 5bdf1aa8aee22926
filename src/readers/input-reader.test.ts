import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, readInput } from './read-input';
import { REPLAY_LIMIT } from './input-reader';
import { LineSplitter } from './line-splitter';

describe('InputReader', () => {
  it('reads a text that starts like a HAR but goes on with more lines as JSON Lines', () => {
    const { format, capture } = readInput('{"log":{"entries":[1]}}\n{"type":"a"}\n');
    expect(format).toBe('jsonl');
    expect(capture.frames.map((f) => f.data)).toEqual(['{"log":{"entries":[1]}}', '{"type":"a"}']);
  });

  it('reports a HAR problem when the whole text is one JSON document', () => {
    expect(() => readInput('{"log":{"entries":[1]}}')).toThrow(new InputError('HAR entry 0: is a number, not an object'));
  });

  it('keeps a "__proto__" key as a field, as JSON.parse does', () => {
    const text = '[{"__proto__":{"polluted":true},"type":"a"}]';
    const { capture } = readInput(text);
    expect(capture.frames[0]?.data).toBe(JSON.stringify((JSON.parse(text) as unknown[])[0]));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a capture file whose frames come before its format field', () => {
    const text = JSON.stringify({
      frames: [{ index: 0, connectionId: 'c', time: 1, direction: 'in', kind: 'message', data: 'x' }],
      format: 'agent-stream-inspector.capture',
      version: 1,
      exportedAt: '2026-01-01T00:00:00Z',
      tool: { name: 't', version: '1' },
      connections: [{ id: 'c', transport: 'websocket' }],
      dropped: 0,
      redaction: { applied: false, items: [] },
    });
    const { format, capture } = readInput(text);
    expect(format).toBe('capture');
    expect(capture.frames.map((f) => f.data)).toEqual(['x']);
  });

  it('gives WebSocket messages without a time the start of their entry, even when the start comes after them', () => {
    const text = JSON.stringify({ log: { entries: [{ _webSocketMessages: [{ type: 'receive', data: 'a' }], startedDateTime: '2026-01-01T00:00:00Z' }] } });
    expect(readInput(text).capture.frames[0]?.time).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('says a long text that starts like JSON is not valid JSON once it is too long to read again as lines', () => {
    const text = `[${`"${'x'.repeat(1000)}",`.repeat(REPLAY_LIMIT / 1000 + 10)}}`;
    expect(() => readInput(text)).toThrow(/^the input starts like JSON but is not valid JSON: /);
  });
});

describe('LineSplitter', () => {
  it('treats a CR ending one piece and an LF starting the next as one line end', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    for (const piece of ['a\r', '\nb\r', 'c', '\n', '']) splitter.write(piece);
    splitter.end();
    expect(lines).toEqual(['a', 'b', 'c', '']);
  });

  it('cuts any text in any pieces into the lines a split of the whole text gives', () => {
    const text = fc.array(fc.constantFrom('a', 'b', '\r', '\n', '\r\n', 'xy'), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (whole, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const lines: string[] = [];
        const splitter = new LineSplitter((line) => lines.push(line));
        let from = 0;
        for (const to of [...at, whole.length]) {
          splitter.write(whole.slice(from, to));
          from = to;
        }
        splitter.end();
        expect(lines).toEqual(whole.split(/\r\n|\n|\r/));
      }),
      { numRuns: 2000 },
    );
  });
});
