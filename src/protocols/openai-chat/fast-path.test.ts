// The hand-written check that lets plain chunks skip the zod schema must never accept what the schema
// rejects: random near-valid chunks through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkSchema, isPlainChunk } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const text = fc.oneof(fc.string(), fc.constant(null), odd);
const fn = fc.oneof(fc.record({ name: text, arguments: text }, { requiredKeys: [] }), odd);
const call = fc.oneof(fc.record({ index: odd, id: text, type: text, function: fn }, { requiredKeys: [] }), odd);
const delta = fc.oneof(
  fc.record({ role: text, content: fc.oneof(text, fc.array(fc.record({ type: odd }))), refusal: text, tool_calls: fc.oneof(fc.array(call, { maxLength: 2 }), odd), function_call: fn }, { requiredKeys: [] }),
  odd,
);
const choice = fc.oneof(fc.record({ index: odd, delta, finish_reason: text }, { requiredKeys: [] }), odd);
const chunk = fc.oneof(
  fc.record(
    { id: text, object: text, created: fc.oneof(fc.integer(), fc.double(), odd), model: text, choices: fc.oneof(fc.array(choice, { maxLength: 2 }), odd), usage: fc.oneof(fc.object({ maxDepth: 1 }), odd) },
    { requiredKeys: ['choices'] },
  ),
  odd,
);

describe('fast path for plain chunks', () => {
  it('accepts only chunks the schema accepts', () => {
    fc.assert(
      fc.property(chunk, (c) => {
        if (isPlainChunk(c)) expect(ChunkSchema.safeParse(c).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the common chunks of a real stream', () => {
    const content = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] };
    expect(isPlainChunk(content)).toBe(true);
    const tool = { id: 'c1', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 't', type: 'function', function: { name: 'f', arguments: '' } }] } }] };
    expect(isPlainChunk(tool)).toBe(true);
    expect(isPlainChunk({ id: 'c1', choices: [{ delta: { content: [{ type: 'text', text: 'x' }] } }] })).toBe(false);
    expect(isPlainChunk({ id: 'c1' })).toBe(false);
  });
});
