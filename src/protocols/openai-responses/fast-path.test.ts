// The hand check that lets plain delta events skip zod must never accept what the schema rejects:
// random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainDeltaEvent, ResponsesEventSchema } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const index = fc.oneof(fc.nat(), fc.integer({ min: -3, max: 3 }), fc.constant(-0), fc.constant(2 ** 53), fc.constant(0.5), odd);
const type = fc.constantFrom(
  'response.output_text.delta', 'response.refusal.delta', 'response.reasoning_text.delta', 'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta', 'response.custom_tool_call_input.delta', 'response.mcp_call_arguments.delta',
  'response.code_interpreter_call_code.delta', 'response.apply_patch_call_operation_diff.delta', 'response.shell_call_command.delta',
  'response.audio.delta', 'response.output_text.done', 'response.created', 'other',
);
const event = fc.record(
  { type, item_id: fc.oneof(fc.string(), odd), output_index: index, content_index: index, summary_index: index, delta: fc.oneof(fc.string(), odd), sequence_number: odd },
  { requiredKeys: ['type'] },
);

describe('fast path for plain delta events', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        if (isPlainDeltaEvent(e)) expect(ResponsesEventSchema.safeParse(e).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the common deltas of a real stream', () => {
    const ref = { item_id: 'msg_1', output_index: 0, sequence_number: 4 };
    expect(isPlainDeltaEvent({ type: 'response.output_text.delta', ...ref, content_index: 0, delta: 'Hi' })).toBe(true);
    expect(isPlainDeltaEvent({ type: 'response.function_call_arguments.delta', ...ref, delta: '{"a"' })).toBe(true);
    expect(isPlainDeltaEvent({ type: 'response.reasoning_summary_text.delta', ...ref, summary_index: 0, delta: 'x' })).toBe(true);
    expect(isPlainDeltaEvent({ type: 'response.output_text.delta', ...ref, delta: 'no content_index' })).toBe(false);
    expect(isPlainDeltaEvent({ type: 'response.shell_call_command.delta', ...ref, delta: 'ls' })).toBe(false);
  });
});
