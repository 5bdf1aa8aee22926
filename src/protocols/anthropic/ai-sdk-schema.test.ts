// The hand check of plain message and block starts must never pass what the AI SDK's schemas (as
// mirrored) reject: random near-valid events through both; and the mirror's verdicts on a few shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiSdkObjection, isPlainForAiSdk, schemaObjection } from './ai-sdk-schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const str = fc.oneof(fc.string(), odd);
const num = fc.oneof(fc.integer(), fc.constant(Infinity), odd);
const usage = fc.oneof(fc.record({ input_tokens: num, output_tokens: num, cache_read_input_tokens: num, cache_creation_input_tokens: num, service_tier: str, output_tokens_details: odd }, { requiredKeys: [] }), odd);
const messageStart = fc.record({
  type: fc.constant('message_start'),
  message: fc.oneof(fc.record({ id: str, model: str, role: str, service_tier: str, stop_reason: str, usage, content: fc.oneof(fc.constant([]), odd), container: odd }, { requiredKeys: [] }), odd),
});
const blockStart = fc.record({
  type: fc.constant('content_block_start'),
  index: fc.nat(),
  content_block: fc.oneof(fc.record({ type: fc.constantFrom('text', 'thinking', 'tool_use', 'server_tool_use', 'compaction'), text: str, thinking: str, id: str, name: str, input: odd }, { requiredKeys: ['type'] }), odd),
});
const messageDelta = fc.record({
  type: fc.constant('message_delta'),
  delta: fc.oneof(fc.record({ stop_reason: str, stop_sequence: str, container: odd }, { requiredKeys: [] }), odd),
  usage,
});

describe("the AI SDK's Anthropic schema, as mirrored", () => {
  it('the hand check accepts only events the schemas accept', () => {
    fc.assert(
      fc.property(fc.oneof(messageStart, blockStart, messageDelta), (e) => {
        if (isPlainForAiSdk(e)) expect(schemaObjection(e)).toBeUndefined();
      }),
      { numRuns: 10000 },
    );
  });

  it('takes the plain shapes a real stream sends', () => {
    expect(isPlainForAiSdk({ type: 'message_start', message: { id: 'msg_1', model: 'claude', role: 'assistant', content: [], stop_reason: null, usage: { input_tokens: 5, output_tokens: 1 } } })).toBe(true);
    expect(isPlainForAiSdk({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } })).toBe(true);
    expect(isPlainForAiSdk({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } })).toBe(true);
  });

  it('rejects what the provider rejects, and lets through block types it knows by their required fields', () => {
    expect(aiSdkObjection({ type: 'message_start', message: { id: 'msg_1', usage: {} } })).toContain('message.usage.input_tokens');
    expect(aiSdkObjection({ type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking' } })).toContain('content_block.data');
    expect(aiSdkObjection({ type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'x' } })).toBeUndefined();
    expect(aiSdkObjection({ type: 'content_block_start', index: 0, content_block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] } })).toBeUndefined();
    expect(aiSdkObjection({ type: 'content_block_start', index: 0, content_block: { type: 'mcp_tool_listing' } })).toContain('it knows no content block of type "mcp_tool_listing"');
    // A type the API does not list either is left to anthropic/unknown-event.
    expect(aiSdkObjection({ type: 'content_block_start', index: 0, content_block: { type: 'hologram' } })).toBeUndefined();
    expect(aiSdkObjection({ type: 'message_delta', delta: {}, usage: { output_tokens: '9' } })).toContain('usage.output_tokens');
    expect(aiSdkObjection({ type: 'error', error: { type: 'overloaded_error' } })).toBeUndefined();
  });
});
