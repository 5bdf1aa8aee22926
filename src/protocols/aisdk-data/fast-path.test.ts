// The hand-written check that lets the plain parts skip the zod schema must never accept what the
// schema rejects: random near-valid values through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_PLAIN, parseLine, parsePlainLine, isPlainPart } from './parse-line';
import { DATA_STREAM_PARTS, isDataStreamCode } from './schema';
import { UNREAD, readCompactLine } from './compact-lines';

const odd = fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const value = fc.oneof(
  odd,
  fc.record({ toolCallId: odd, argsTextDelta: odd, toolName: odd }, { requiredKeys: [] }),
  fc.record({ toolCallId: fc.string(), argsTextDelta: fc.string() }),
  fc.record(
    {
      toolCallId: fc.oneof(fc.string(), odd),
      toolName: fc.oneof(fc.string(), odd),
      args: odd,
      result: odd,
      finishReason: fc.oneof(fc.string(), odd),
      usage: odd,
      isContinued: odd,
      messageId: fc.oneof(fc.string(), odd),
      data: fc.oneof(fc.string(), odd),
      signature: fc.oneof(fc.string(), odd),
      mimeType: fc.oneof(fc.string(), odd),
    },
    { requiredKeys: [] },
  ),
);

describe('fast path for the parts in their plain shape', () => {
  it('accepts only values the schema accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '2', '3', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'x'), value, (code, v) => {
        if (!isPlainPart(code, v)) return;
        expect(isDataStreamCode(code)).toBe(true);
        if (isDataStreamCode(code)) expect(DATA_STREAM_PARTS[code].schema.safeParse(v).success).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('parses a line the way parseLine does wherever it takes it', () => {
    const code = fc.constantFrom('0', '2', '3', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'x', '4', ':', '', '00', ' 0', '0 ');
    const body = fc.oneof(value.map((v) => JSON.stringify(v)), fc.string(), fc.constantFrom('', ' ', '"a', '{}', ' "a" ', 'null', '[]'));
    fc.assert(
      fc.property(code, fc.constantFrom(':', ': ', '', '::'), body, (c, sep, b) => {
        const line = `${c}${sep}${b}`;
        const fast = parsePlainLine(line);
        if (fast === NOT_PLAIN) return;
        expect(parseLine(line)).toEqual({ ok: true, part: { code: line.charAt(0), value: fast } });
      }),
      { numRuns: 20000 },
    );
    expect(parsePlainLine('0:"Hello"')).toBe('Hello');
    for (const line of ['f:{"messageId":"msg-1"}', 'f:{"messageId":""}', 'f:{"messageId":"a\\"b"}', 'f:{"messageId":"a","x":1}', 'f:{ "messageId":"a"}', 'f:{"messageId":1}', 'b:{"toolCallId":"c-1","toolName":"get_weather"}', 'b:{"toolCallId":"","toolName":""}', 'b:{"toolName":"t","toolCallId":"c"}', 'b:{"toolCallId":"c\\u0041","toolName":"t"}', 'b:{"toolCallId":"c","toolName":"t"} ', '0:""', '0:"a\\"b"', '0:"a\\nb"', '0:"é\u2028 \ud800"', 'g:"think"', '0:"a"b"', '0:"a\tb"', '0:"a', '0:"a" ', '0: "a"', '3:"x"']) {
      const fast = parsePlainLine(line);
      if (fast !== NOT_PLAIN) expect(parseLine(line)).toEqual({ ok: true, part: { code: line.charAt(0), value: fast } });
    }
    expect(parsePlainLine('0:"a\tb"')).toBe(NOT_PLAIN);
    expect(parsePlainLine('9:{"toolCallId":"c","toolName":"t","args":null}')).toBe(NOT_PLAIN);
    expect(parsePlainLine('0:"a')).toBe(NOT_PLAIN);
    expect(parsePlainLine('x:1')).toBe(NOT_PLAIN);
  });

  it('reads a compact line to what JSON.parse gives, or leaves it', () => {
    const unit = fc.constantFrom('a', 'é', ' ', '"', '\\', '/', '\n', '\u0000', '\u001f', '\u2028', '\ud800', '\udc00', '{', '}', ',', ':');
    const str = fc.oneof(fc.string({ unit, maxLength: 5 }), fc.string({ maxLength: 5 }));
    const num = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-0, 1e21, 1e-7, 0.1, 5e-324));
    const usage = fc.record({ promptTokens: num, completionTokens: num });
    const json = fc.jsonValue({ maxDepth: 3 });
    const part = fc.oneof(
      str.map((t) => ['0', t] as const),
      str.map((t) => ['g', t] as const),
      str.map((messageId) => ['f', { messageId }] as const),
      fc.record({ toolCallId: str, toolName: str }).map((v) => ['b', v] as const),
      fc.record({ toolCallId: str, argsTextDelta: str }).map((v) => ['c', v] as const),
      fc.record({ finishReason: str, usage, isContinued: fc.boolean() }).map((v) => ['e', v] as const),
      fc.record({ finishReason: str, usage }).map((v) => ['d', v] as const),
      fc.record({ toolCallId: str, toolName: str, args: json }).map((v) => ['9', v] as const),
      fc.record({ toolCallId: str, result: json }).map((v) => ['a', v] as const),
    );
    // Lines as the server writes them, and near misses: a space, a key added, repeated or moved.
    const edit = fc.constantFrom('none', 'space', 'extra', 'repeat', 'swap', 'cut');
    fc.assert(
      fc.property(part, edit, fc.nat(), (p, how, n) => {
        const [code, value] = p;
        let text = JSON.stringify(value);
        if (how === 'space') text = text.replace(',', ', ').replace(':', ': ');
        else if (how === 'extra' && text.endsWith('}')) text = `${text.slice(0, -1)},"x":1}`;
        else if (how === 'repeat' && text.endsWith('}')) text = `${text.slice(0, -1)},"toolCallId":"z","usage":{"promptTokens":1,"completionTokens":2}}`;
        else if (how === 'swap' && typeof value === 'object') text = JSON.stringify(Object.fromEntries(Object.entries(value).reverse()));
        else if (how === 'cut') text = text.slice(0, n % (text.length + 1));
        const line = `${code}:${text}`;
        const read = readCompactLine(line, line.charCodeAt(0));
        if (read === UNREAD) return;
        expect(read).toStrictEqual(JSON.parse(text));
        if (isPlainPart(code, read)) expect(parseLine(line)).toStrictEqual({ ok: true, part: { code, value: read } });
      }),
      { numRuns: 30000 },
    );
    const lines = [
      '0:"Hello"',
      'f:{"messageId":"msg-1"}',
      'b:{"toolCallId":"call-1","toolName":"get_weather"}',
      'c:{"toolCallId":"call-1","argsTextDelta":"{\\"city\\":"}',
      '9:{"toolCallId":"call-1","toolName":"get_weather","args":{"city":"Hanoi"}}',
      'a:{"toolCallId":"call-1","result":{"tempC":31}}',
      'e:{"finishReason":"tool-calls","usage":{"promptTokens":10,"completionTokens":5},"isContinued":false}',
      'd:{"finishReason":"stop","usage":{"promptTokens":30,"completionTokens":12}}',
    ];
    for (const line of lines) expect(readCompactLine(line, line.charCodeAt(0))).toStrictEqual(JSON.parse(line.slice(2)));
  });

  it('takes the common lines of a real stream', () => {
    expect(parseLine('0:"Hello"')).toEqual({ ok: true, part: { code: '0', value: 'Hello' } });
    expect(isPlainPart('c', { toolCallId: 'call-1', argsTextDelta: '{"city":' })).toBe(true);
    expect(isPlainPart('c', { toolCallId: 'call-1' })).toBe(false);
    expect(isPlainPart('9', { toolCallId: 'call-1', toolName: 'get_weather', args: { city: 'Hanoi' } })).toBe(true);
    expect(isPlainPart('a', { toolCallId: 'call-1', result: { tempC: 31 } })).toBe(true);
    expect(isPlainPart('e', { finishReason: 'stop', usage: {}, isContinued: false })).toBe(true);
    expect(isPlainPart('f', { messageId: 'msg-1' })).toBe(true);
    expect(isPlainPart('f', { id: 'msg-1' })).toBe(false);
    expect(parseLine('0:1')).toMatchObject({ ok: false, problem: 'invalid-value' });
  });
});
