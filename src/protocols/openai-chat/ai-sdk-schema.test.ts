// The fast path's hand check of plain chunks (schema.ts isPlainChunk) must never pass what the AI SDK's
// OpenAI-compatible schema (as mirrored) rejects: random near-valid chunks through both; and the
// mirror's verdict on a few shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_SDK_CHUNK_SCHEMA, aiSdkObjection } from './ai-sdk-schema';
import { isPlainChunk } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const str = fc.oneof(fc.string(), odd);
const num = fc.oneof(fc.integer(), fc.constant(Infinity), odd);
const call = fc.oneof(fc.record({ index: num, id: str, type: str, function: fc.oneof(fc.record({ name: str, arguments: str }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }), odd);
const delta = fc.oneof(
  fc.record({ role: fc.oneof(fc.constantFrom('assistant', '', 'model'), odd), content: str, reasoning_content: str, reasoning: str, tool_calls: fc.oneof(fc.array(call, { maxLength: 2 }), odd) }, { requiredKeys: [] }),
  odd,
);
const usage = fc.oneof(
  fc.record({ prompt_tokens: num, completion_tokens: num, total_tokens: num, prompt_tokens_details: fc.oneof(fc.record({ cached_tokens: num }, { requiredKeys: [] }), odd), completion_tokens_details: fc.oneof(fc.record({ reasoning_tokens: num, rejected_prediction_tokens: num }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }),
  odd,
);
const chunk = fc.record({ id: str, created: num, model: str, choices: fc.oneof(fc.array(fc.oneof(fc.record({ index: num, delta, finish_reason: str }, { requiredKeys: [] }), odd), { maxLength: 2 }), odd), usage }, { requiredKeys: [] });

describe("the AI SDK's OpenAI-compatible chunk schema, as mirrored", () => {
  it('the hand check accepts only chunks the schema accepts', () => {
    fc.assert(
      fc.property(chunk, (c) => {
        if (isPlainChunk(c)) expect(AI_SDK_CHUNK_SCHEMA.safeParse(c).success).toBe(true);
      }),
      { numRuns: 10000 },
    );
  });

  it('takes the plain chunks of a real stream, and names what it rejects', () => {
    const plain = { id: 'c1', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi', tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '' } }] }, finish_reason: null }], usage: null };
    expect(isPlainChunk(plain)).toBe(true);
    expect(aiSdkObjection(plain)).toBeUndefined();
    expect(aiSdkObjection({ choices: [{ delta: { role: 'model' } }] })).toMatch(/^the AI SDK's OpenAI-compatible provider rejects the chunk and ends with an error \(choices\.0\.delta\.role: /);
    expect(aiSdkObjection({ choices: [{ delta: { content: [{ type: 'text', text: 'Hi' }] } }] })).toBeUndefined();
  });
});
