import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHANNEL_BATCH_CHARS, MAX_CHANNEL_BATCH_MESSAGES, MAX_FRAME_CHARS, PAGE_MESSAGE_TAG } from './page-messages';
import { LIMITS, PageFrameSchema, PageToRelaySchema, parsePageBatch, plainFrame } from './page-messages.schema';
import { mutatedFrames } from './test-support';

const frame = (extra: Record<string, unknown> = {}) => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'frame',
  connectionId: 'ws-1',
  time: 1_700_000_000_000,
  direction: 'in',
  kind: 'message',
  data: '{"type":"text_delta"}',
  ...extra,
});

const connection = (extra: Record<string, unknown> = {}) => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'connection',
  id: 'ws-1',
  transport: 'websocket',
  url: 'ws://127.0.0.1/ws',
  time: 1,
  ...extra,
});

describe('PageToRelaySchema', () => {
  it('accepts the messages the contract describes', () => {
    expect(PageToRelaySchema.safeParse(frame()).success).toBe(true);
    expect(PageToRelaySchema.safeParse(frame({ truncated: { originalLength: 5 }, encoding: 'base64', code: 1000, reason: 'bye' })).success).toBe(true);
    expect(PageToRelaySchema.safeParse(frame({ notKeptBefore: 3 })).success).toBe(true);
    for (const notKeptBefore of [0, -1, 1.5, 2 ** 53, '3']) expect(PageToRelaySchema.safeParse(frame({ notKeptBefore })).success).toBe(false);
    expect(PageToRelaySchema.safeParse(connection({ requestHeaders: { Authorization: 'x' }, status: 200, method: 'POST' })).success).toBe(true);
  });

  it('accepts a payload at the bound and rejects one past it', () => {
    expect(PageToRelaySchema.safeParse(frame({ data: 'x'.repeat(MAX_FRAME_CHARS) })).success).toBe(true);
    expect(PageToRelaySchema.safeParse(frame({ data: 'x'.repeat(MAX_FRAME_CHARS + 1) })).success).toBe(false);
  });

  it.each([
    ['a tab id smuggled in', frame({ tabId: 7 })],
    ['a numeric payload', frame({ data: 42 })],
    ['an unknown direction', frame({ direction: 'sideways' })],
    ['an unknown type', { ...frame(), type: 'frames' }],
    ['a wrong tag value', frame({ [PAGE_MESSAGE_TAG]: true })],
    ['an infinite time', frame({ time: Infinity })],
    ['an over-long connection id', frame({ connectionId: 'c'.repeat(LIMITS.id + 1) })],
    ['too many headers', connection({ requestHeaders: Object.fromEntries(Array.from({ length: LIMITS.headerCount + 1 }, (_, i) => [`h${i}`, 'v'])) })],
    ['an over-long url', connection({ url: 'u'.repeat(LIMITS.url + 1) })],
    ['an unknown transport', connection({ transport: 'carrier-pigeon' })],
    ['null', null],
    ['an array', [frame()]],
  ])('rejects %s', (_name, value) => {
    expect(PageToRelaySchema.safeParse(value).success).toBe(false);
  });
});

describe('parsePageBatch', () => {
  it('keeps the valid messages in order and counts each invalid one', () => {
    const batch = JSON.stringify([connection(), frame({ time: 1 }), frame({ direction: 'up' }), frame({ time: 2 }), 5]);
    const { messages, rejected } = parsePageBatch(batch);
    expect(messages.map((m) => m.type === 'frame' ? m.time : m.type)).toEqual(['connection', 1, 2]);
    expect(rejected).toBe(2);
  });

  it('rejects, as one, a batch that is not a string, not JSON, not a list, too long or too big', () => {
    const tooMany = JSON.stringify(Array.from({ length: MAX_CHANNEL_BATCH_MESSAGES + 1 }, () => frame()));
    for (const bad of [undefined, {}, 'nope', '{"a":1}', tooMany, ' '.repeat(MAX_CHANNEL_BATCH_CHARS + 1)]) {
      expect(parsePageBatch(bad)).toEqual({ messages: [], rejected: 1 });
    }
  });

  it('gives each frame the payload its index names when the payloads travel beside the JSON text', () => {
    const text = JSON.stringify([connection(), frame({ time: 1, data: 2 }), frame({ time: 2, data: 1 }), frame({ time: 3, data: 'inline' })]);
    const { messages, rejected } = parsePageBatch([text, '\u0001'.repeat(5), 'second']);
    expect(messages.map((m) => (m.type === 'frame' ? [m.time, m.data] : m.type))).toEqual(['connection', [1, 'second'], [2, '\u0001'.repeat(5)], [3, 'inline']]);
    expect(rejected).toBe(0);
  });

  it('rejects a frame whose index names no payload, or names the JSON text or something not a string', () => {
    const text = JSON.stringify([0, 3, -1, 1.5, 2, 1].map((data, time) => frame({ time, data })));
    const { messages, rejected } = parsePageBatch([text, 'kept', 7]);
    expect(messages.map((m) => m.type === 'frame' && [m.time, m.data])).toEqual([[5, 'kept']]);
    expect(rejected).toBe(5);
    // An index is no payload in a batch that is JSON text alone.
    expect(parsePageBatch(JSON.stringify([frame({ data: 1 })]))).toEqual({ messages: [], rejected: 1 });
  });

  it('rejects, as one, a batch array without JSON text first, empty, or with more parts than a batch has messages', () => {
    const many = [JSON.stringify([frame()]), ...Array.from({ length: MAX_CHANNEL_BATCH_MESSAGES + 1 }, () => 'x')];
    for (const bad of [[], [5, 'x'], [{}], many]) expect(parsePageBatch(bad)).toEqual({ messages: [], rejected: 1 });
  });

  it('never lets a `__proto__` key through', () => {
    const text = `[{"${PAGE_MESSAGE_TAG}":1,"type":"frame","__proto__":{"polluted":1},"connectionId":"c","time":1,"direction":"in","kind":"message","data":"x"}]`;
    expect(parsePageBatch(text)).toEqual({ messages: [], rejected: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('plainFrame', () => {
  const base = { [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'a-1', time: 5, direction: 'in', kind: 'message', data: 'x' };
  // Values near the edges of every field, and keys added, removed or replaced.
  const field = fc.oneof(
    fc.constantFrom(1, 0, -1, -0, 1e308, 'frame', 'in', 'out', 'message', 'open', 'close', 'error', 'connection', '', null, undefined, true, [], {}),
    fc.string({ maxLength: 3 }),
    fc.double(),
    fc.constant('x'.repeat(201)),
  );
  const mutated = mutatedFrames(base, ['encoding', 'eventName', 'extra', '__proto__', 'truncated'], field);
  // The mark of a cut payload, near its edges too, on frames otherwise mutated as above.
  const cutMark = fc.oneof(
    fc.record({ originalLength: fc.oneof(field, fc.nat(), fc.constantFrom(2 ** 53, 2 ** 53 - 1, 0.5, -1)) }),
    // Keys added, removed or replaced; defineProperty, so "__proto__" is an own key as JSON.parse makes it.
    fc.dictionary(fc.constantFrom('originalLength', 'extra', '__proto__'), fc.oneof(field, fc.nat()), { maxKeys: 3 }).map((keys) => {
      const mark = {};
      for (const [k, x] of Object.entries(keys)) Object.defineProperty(mark, k, { value: x, enumerable: true, configurable: true, writable: true });
      return mark;
    }),
    field,
  );
  const cut = fc
    .tuple(mutated, cutMark, fc.option(fc.oneof(fc.constantFrom('text', 'base64'), field), { nil: undefined }))
    .map(([frame, truncated, encoding]) => ({ ...frame, truncated, ...(encoding !== undefined && { encoding }) }));

  it('accepts only what PageFrameSchema accepts, and returns the same frame', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, cut, fc.anything()), (value) => {
        const fast = plainFrame(value);
        if (fast === undefined) return;
        const parsed = PageFrameSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('does take the common frame, so the fast path is really used', () => {
    expect(plainFrame(base)).toBe(base);
    expect(plainFrame(JSON.parse(JSON.stringify(base)))).toEqual(base);
    expect(plainFrame({ ...base, eventName: 'e' })).toBeUndefined();
    const cutFrame = { ...base, truncated: { originalLength: 100_000 } };
    expect(plainFrame(cutFrame)).toBe(cutFrame);
    expect(plainFrame({ ...base, truncated: { originalLength: 1, extra: 1 } })).toBeUndefined();
    expect(plainFrame({ ...base, truncated: { originalLength: -1 } })).toBeUndefined();
    expect(plainFrame({ ...base, truncated: { originalLength: 1.5 } })).toBeUndefined();
    const binaryCut = { ...base, encoding: 'base64', truncated: { originalLength: 133_336 } };
    expect(plainFrame(binaryCut)).toBe(binaryCut);
    expect(plainFrame({ ...base, encoding: 'hex' })).toBeUndefined();
    expect(plainFrame({ ...base, encoding: 'base64', eventName: 'e' })).toBeUndefined();
  });
});
