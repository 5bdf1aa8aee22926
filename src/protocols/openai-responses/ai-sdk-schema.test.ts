// The hand check of the hot deltas must never pass what the AI SDK's Responses schema (as mirrored)
// rejects: random near-valid deltas through both; and the mirror's verdict on a few shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiSdkObjection, isPlainForAiSdk, schemaObjection } from './ai-sdk-schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const str = fc.oneof(fc.string(), odd);
const num = fc.oneof(fc.integer(), fc.constant(Infinity), odd);
const delta = fc.record(
  {
    type: fc.constantFrom('response.output_text.delta', 'response.function_call_arguments.delta', 'response.reasoning_summary_text.delta', 'response.refusal.delta', 'response.custom_tool_call_input.delta', 'response.code_interpreter_call_code.delta'),
    item_id: str,
    output_index: num,
    summary_index: num,
    content_index: num,
    delta: str,
    logprobs: fc.oneof(fc.constant([]), fc.array(fc.record({ token: str, logprob: num }), { maxLength: 1 }), odd),
  },
  { requiredKeys: ['type'] },
);

const details = (key: string) => fc.oneof(fc.record({ [key]: num }, { requiredKeys: [] }), odd);
const usage = fc.oneof(fc.record({ input_tokens: num, output_tokens: num, input_tokens_details: details('cached_tokens'), output_tokens_details: details('reasoning_tokens') }, { requiredKeys: [] }), odd);
const lifecycle = fc.record(
  {
    type: fc.constantFrom('response.created', 'response.in_progress', 'response.completed', 'response.incomplete'),
    response: fc.oneof(fc.record({ id: str, created_at: num, model: str, service_tier: str, usage, incomplete_details: fc.oneof(fc.record({ reason: str }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }), odd),
  },
  { requiredKeys: ['type'] },
);
const item = fc.oneof(
  fc.record({ type: fc.constantFrom('message', 'reasoning', 'function_call', 'web_search_call'), id: str, phase: fc.oneof(fc.constantFrom('commentary', 'final_answer'), odd), encrypted_content: str, call_id: str, name: str, arguments: str, status: fc.oneof(fc.constantFrom('in_progress', 'completed', 'incomplete'), odd) }, { requiredKeys: ['type'] }),
  odd,
);
const itemEvent = fc.record({ type: fc.constantFrom('response.output_item.added', 'response.output_item.done'), output_index: num, item }, { requiredKeys: ['type'] });
const other = fc.record(
  { type: fc.constantFrom('response.function_call_arguments.done', 'response.reasoning_summary_part.added', 'response.reasoning_summary_part.done'), item_id: str, output_index: num, summary_index: num, arguments: str },
  { requiredKeys: ['type'] },
);

describe("the AI SDK's OpenAI Responses schema, as mirrored", () => {
  it('the hand check accepts only events the schemas accept', () => {
    fc.assert(
      fc.property(fc.oneof(delta, lifecycle, itemEvent, other), (e) => {
        if (isPlainForAiSdk(e)) expect(schemaObjection(e)).toBeUndefined();
      }),
      { numRuns: 10000 },
    );
  });

  it('names what it rejects, and passes over what the provider does not model', () => {
    expect(isPlainForAiSdk({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi', logprobs: [] })).toBe(true);
    expect(aiSdkObjection({ type: 'response.created', response: { id: 'resp_1', created_at: 1, model: 5 } })).toMatch(/^the AI SDK's OpenAI provider rejects the event and ends with an error \(response\.model: /);
    expect(aiSdkObjection({ type: 'response.output_item.added', output_index: 0, item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', arguments: '' } })).toContain('item.name');
    expect(aiSdkObjection({ type: 'response.output_item.added', output_index: 0, item: { type: 'hologram', id: 'h_1' } })).toBeUndefined();
    // Its done items ask for more than its added ones.
    const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{}' };
    expect(aiSdkObjection({ type: 'response.output_item.added', output_index: 0, item: call })).toBeUndefined();
    expect(aiSdkObjection({ type: 'response.output_item.done', output_index: 0, item: call })).toContain('item.status');
    expect(aiSdkObjection({ type: 'response.output_item.done', output_index: 0, item: { type: 'image_generation_call', id: 'ig_1', status: 'failed', result: null } })).toContain('item.result');
    expect(aiSdkObjection({ type: 'response.hologram.delta', delta: 5 })).toBeUndefined();
  });
});
