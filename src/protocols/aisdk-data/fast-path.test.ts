// The hand-written check that lets the plain parts skip the zod schema must never accept what the
// schema rejects: random near-valid values through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_PLAIN, parseLine, parsePlainLine, isPlainPart } from './parse-line';
import { DATA_STREAM_PARTS, isDataStreamCode } from './schema';

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
