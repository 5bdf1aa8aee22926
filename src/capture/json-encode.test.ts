import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_MESSAGE_TAG, type PageConnectionOpened, type PageFrame } from '../bridge/page-messages';
import fc from 'fast-check';
import { encodeMessage, quoteSlowly, textFrameEncoder } from './json-encode';

const frame = (extra: Partial<PageFrame> = {}): PageFrame => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'frame',
  connectionId: 'abc-1',
  time: 1_700_000_000_123,
  direction: 'in',
  kind: 'message',
  data: '{"a":"quote \\" backslash \\\\ newline \\n nul \u0000 emoji 😀 lone \ud800"}',
  ...extra,
});

describe('encodeMessage', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).toJSON;
    delete (Object.prototype as Record<string, unknown>).eventName;
  });

  it('writes what JSON.stringify writes, for frames with and without optional fields', () => {
    const all = frame({ encoding: 'base64', eventName: 'e', eventId: '7', truncated: { originalLength: 9 }, notKeptBefore: 12, code: 1000, reason: 'bye' });
    for (const m of [frame(), all, frame({ kind: 'close', data: '', code: 4001 })]) {
      expect(JSON.parse(encodeMessage(m))).toEqual(JSON.parse(JSON.stringify(m)));
    }
  });

  it('writes connection records with their headers', () => {
    const opened: PageConnectionOpened = {
      [PAGE_MESSAGE_TAG]: 1,
      type: 'connection',
      id: 'abc-2',
      transport: 'sse',
      url: 'http://127.0.0.1/sse?x="1"',
      method: 'POST',
      requestHeaders: { 'content-type': 'application/json', 'x-trace': 't"1' },
      status: 200,
      time: 5,
    };
    expect(JSON.parse(encodeMessage(opened))).toEqual(JSON.parse(JSON.stringify(opened)));
  });

  it('never reaches what the page put on Object.prototype', () => {
    const touched: string[] = [];
    Object.defineProperty(Object.prototype, 'toJSON', { configurable: true, get: () => (touched.push('toJSON'), undefined) });
    Object.defineProperty(Object.prototype, 'eventName', { configurable: true, get: () => (touched.push('eventName'), 'forged') });
    const text = encodeMessage(frame({ truncated: { originalLength: 3 } }));
    expect(touched).toEqual([]);
    expect(text).not.toContain('forged');
  });

  it('writes a text message frame through the connection encoder exactly as encodeMessage does', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.double({ noNaN: false }), fc.constantFrom('in' as const, 'out' as const), fc.string({ unit: 'binary' }), (id, time, direction, data) => {
        const expected = encodeMessage(frame({ connectionId: id, time, direction, data }));
        expect(textFrameEncoder(id)(time, direction, JSON.stringify(data))).toBe(expected);
      }),
    );
  }, 30_000);
});

describe('quoteSlowly', () => {
  it('quotes exactly as JSON.stringify does, without it', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => quoteSlowly(s) === JSON.stringify(s)));
    for (const s of ['\u0000\u001f"\\\b\f\n\r\t', 'a\ud800b', '\udfff', '😀', '\ud83d']) expect(quoteSlowly(s)).toBe(JSON.stringify(s));
  }, 30_000);
});
