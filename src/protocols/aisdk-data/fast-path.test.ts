// The hand-written check that lets the hot parts skip the zod schema must never accept what the
// schema rejects: random near-valid values through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLine, isPlainPart } from './parse-line';
import { DATA_STREAM_PARTS, isDataStreamCode } from './schema';

const odd = fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const value = fc.oneof(
  odd,
  fc.record({ toolCallId: odd, argsTextDelta: odd, toolName: odd }, { requiredKeys: [] }),
  fc.record({ toolCallId: fc.string(), argsTextDelta: fc.string() }),
);

describe('fast path for text, reasoning and tool argument deltas', () => {
  it('accepts only values the schema accepts', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', 'g', 'c', '3', '9', 'b', 'x'), value, (code, v) => {
        if (!isPlainPart(code, v)) return;
        expect(isDataStreamCode(code)).toBe(true);
        if (isDataStreamCode(code)) expect(DATA_STREAM_PARTS[code].schema.safeParse(v).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common lines of a real stream', () => {
    expect(parseLine('0:"Hello"')).toEqual({ ok: true, part: { code: '0', value: 'Hello' } });
    expect(isPlainPart('c', { toolCallId: 'call-1', argsTextDelta: '{"city":' })).toBe(true);
    expect(isPlainPart('c', { toolCallId: 'call-1' })).toBe(false);
    expect(parseLine('0:1')).toMatchObject({ ok: false, problem: 'invalid-value' });
  });
});
