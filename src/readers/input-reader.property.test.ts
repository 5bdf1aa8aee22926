// Reading in pieces gives exactly what reading the whole text gives, wherever the pieces are cut (also
// inside a UTF-8 character, a CRLF or a JSON token); and what is read matches a straightforward
// reference reading of each format (JSON.parse of the whole, eventsource-parser on the whole body).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../model/frame';
import { toCaptureFile } from '../capture-format/capture-format';
import { InputError, readInput, readInputStream, type ReadResult } from './read-input';
import { parseSseEvents } from './read-sse';

/** The text cut at the given points (taken modulo its length). */
function cut<T extends string | Uint8Array>(whole: T, points: number[]): T[] {
  const at = [...new Set(points.map((p) => (whole.length === 0 ? 0 : p % (whole.length + 1))))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let from = 0;
  for (const to of [...at, whole.length]) {
    pieces.push(whole.slice(from, to) as T);
    from = to;
  }
  return pieces;
}

async function* asChunks<T>(pieces: T[]): AsyncIterable<T> {
  for (const piece of pieces) yield piece;
}

async function outcome(read: () => Promise<ReadResult> | ReadResult): Promise<ReadResult | string> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof InputError) return `InputError: ${err.message}`;
    throw err;
  }
}

const cutPoints = fc.array(fc.nat({ max: 100_000 }), { maxLength: 12 });
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const smallObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 4 });

const jsonLines = fc
  .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: smallObject.map((o) => JSON.stringify(o)) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }).filter((s) => !/[\r\n]/.test(s)) }), lineEnd), { minLength: 1, maxLength: 30 })
  .map((lines) => lines.map(([line, end]) => line + end).join(''));

const sseBody = fc
  .array(fc.tuple(fc.option(fc.constantFrom('message', 'delta', 'done')), fc.array(fc.string({ maxLength: 10 }).filter((s) => !/[\r\n]/.test(s)), { minLength: 1, maxLength: 3 }), lineEnd), { minLength: 1, maxLength: 15 })
  .map((events) =>
    events.map(([name, data, end]) => `${name ? `event: ${name}${end}` : ''}${data.map((d) => `data: ${d}${end}`).join('')}${end}`).join(''),
  );

const webSocketMessage = fc.record({
  type: fc.constantFrom('send', 'receive'),
  time: fc.option(fc.double({ min: 1e9, max: 2e9, noNaN: true }), { nil: undefined }),
  opcode: fc.constantFrom(1, 2, 8),
  data: fc.string({ unit: 'grapheme', maxLength: 12 }),
});

const har = fc.array(fc.array(webSocketMessage, { maxLength: 20 }), { minLength: 1, maxLength: 3 }).map((entries) =>
  JSON.stringify(
    {
      log: {
        version: '1.2',
        entries: entries.map((messages, i) => ({ startedDateTime: `2026-01-0${i + 1}T00:00:00Z`, _resourceType: 'websocket', request: { url: `wss://x/${i}` }, _webSocketMessages: messages })),
      },
    },
    null,
    entries.length === 2 ? 2 : undefined,
  ),
);

const eventArray = fc.array(fc.oneof(smallObject, fc.record({ direction: fc.constantFrom('in', 'out'), event: smallObject, time: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }) })), { maxLength: 20 });

const captureFile = fc
  .array(fc.record({ time: fc.integer({ min: 0, max: 100 }), direction: fc.constantFrom('in' as const, 'out' as const), data: fc.string({ unit: 'grapheme', maxLength: 10 }) }), { maxLength: 20 })
  .map((frames) => {
    const capture: Capture = {
      connections: [{ id: 'c1', transport: 'websocket' }],
      frames: frames.map((f, index) => ({ index, connectionId: 'c1', kind: 'message', ...f })),
    };
    return JSON.stringify(toCaptureFile(capture, { redact: false, exportedAt: '2026-01-01T00:00:00Z' }));
  });

const anyInput = fc.oneof(jsonLines, sseBody, har, eventArray.map((events) => JSON.stringify(events)), captureFile);

describe('reading in pieces', () => {
  it('gives what reading the whole text gives, wherever the text is cut', async () => {
    await fc.assert(
      fc.asyncProperty(anyInput, cutPoints, async (text, points) => {
        const whole = await outcome(() => readInput(text));
        expect(await outcome(() => readInputStream(asChunks(cut(text, points))))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same from UTF-8 bytes cut anywhere, inside a character too', async () => {
    const text = fc.oneof(jsonLines, sseBody, har, captureFile);
    await fc.assert(
      fc.asyncProperty(text, cutPoints, async (input, points) => {
        const bytes = new TextEncoder().encode(input);
        expect(await outcome(() => readInputStream(asChunks(cut(bytes, points))))).toEqual(await outcome(() => readInput(input)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('what is read matches a reference reading', () => {
  it('JSON Lines: one frame per non-blank line, its text trimmed', async () => {
    await fc.assert(
      fc.asyncProperty(jsonLines, cutPoints, async (text, points) => {
        const result = await outcome(() => readInputStream(asChunks(cut(text, points))));
        // Blank text, or first lines that are not mostly JSON, are not JSON Lines: the first property covers them.
        if (typeof result === 'string' || result.format !== 'jsonl') return;
        const lines = text.split(/\r\n|\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
        expect(result.capture.frames.map((f) => f.data)).toEqual(lines);
      }),
      { numRuns: 200 },
    );
  });

  it('SSE: the events eventsource-parser finds in the whole body', async () => {
    await fc.assert(
      fc.asyncProperty(sseBody, cutPoints, async (text, points) => {
        const result = await readInputStream(asChunks(cut(text, points)));
        expect(result.format).toBe('sse');
        expect(result.capture.frames.map((f) => ({ data: f.data, event: f.eventName }))).toEqual(parseSseEvents(text).map((e) => ({ data: e.data, event: e.event })));
      }),
      { numRuns: 200 },
    );
  });

  it('HAR: every WebSocket message of JSON.parse of the whole file, in time order', async () => {
    await fc.assert(
      fc.asyncProperty(har, cutPoints, async (text, points) => {
        const result = await readInputStream(asChunks(cut(text, points)));
        const parsed = JSON.parse(text) as { log: { entries: { startedDateTime: string; _webSocketMessages: { type: string; time?: number; data: string }[] }[] } };
        const expected = parsed.log.entries
          .flatMap((entry, e) => entry._webSocketMessages.map((m, i) => ({ time: m.time === undefined ? Date.parse(entry.startedDateTime) : m.time * 1000, e, i, data: m.data, direction: m.type === 'send' ? 'out' : 'in' })))
          .sort((a, b) => a.time - b.time || a.e - b.e || a.i - b.i)
          .map(({ time, data, direction }) => ({ time, data, direction }));
        expect(result.format).toBe('har');
        expect(result.capture.frames.map(({ time, data, direction }) => ({ time, data, direction }))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('JSON array of events: each element, as JSON.parse of the whole array reads it', async () => {
    await fc.assert(
      fc.asyncProperty(eventArray, cutPoints, async (events, points) => {
        const text = JSON.stringify(events);
        const result = await readInputStream(asChunks(cut(text, points)));
        expect(result.format).toBe('json-events');
        const expected = (JSON.parse(text) as Record<string, unknown>[]).map((e) => ('event' in e && 'direction' in e ? JSON.stringify(e.event) : JSON.stringify(e)));
        expect(result.capture.frames.map((f) => f.data).sort()).toEqual(expected.sort());
      }),
      { numRuns: 200 },
    );
  });
});
