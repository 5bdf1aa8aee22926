// The hand check that lets plain delta events skip zod must never accept what the schema rejects:
// random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainDeltaEvent, isPlainEvent, ResponsesEventSchema } from './schema';

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
        if (isPlainDeltaEvent(e) || isPlainEvent(e)) expect(ResponsesEventSchema.safeParse(e).success).toBe(true);
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

const record = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.oneof(fc.record(fields, { requiredKeys: [] }), odd);
const anyEvent = fc.record(
  {
    type: fc.constantFrom(
      'response.created', 'response.in_progress', 'response.completed', 'response.failed', 'response.output_item.added', 'response.output_item.done',
      'response.content_part.added', 'response.content_part.done', 'response.output_text.done', 'response.reasoning_text.done', 'response.refusal.done',
      'response.output_text.annotation.added', 'response.reasoning_summary_part.added', 'response.reasoning_summary_part.done',
      'response.reasoning_summary_text.done', 'response.reasoning_summary_text.delta', 'response.function_call_arguments.done',
      'response.custom_tool_call_input.done', 'response.function_call_arguments.delta', 'response.output_text.delta', 'response.web_search_call.completed', 'error', 'keepalive', 'other',
    ),
    item_id: fc.oneof(fc.string(), odd),
    output_index: index,
    content_index: index,
    summary_index: index,
    delta: fc.oneof(fc.string(), odd),
    text: fc.oneof(fc.string(), odd),
    response: record({ id: fc.oneof(fc.string(), odd), status: fc.oneof(fc.string(), odd), output: fc.oneof(fc.array(odd, { maxLength: 2 }), odd) }),
    item: record({ type: fc.oneof(fc.string(), odd), id: fc.oneof(fc.string(), odd) }),
    part: record({ type: fc.oneof(fc.string(), odd), text: fc.oneof(fc.string(), odd) }),
  },
  { requiredKeys: ['type'] },
);

describe('fast path for the other plain events', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(anyEvent, (e) => {
        if (isPlainEvent(e)) expect(ResponsesEventSchema.safeParse(e).success).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('takes the common events of a real stream', () => {
    const ref = { item_id: 'msg_1', output_index: 0, sequence_number: 4 };
    expect(isPlainEvent({ type: 'response.created', sequence_number: 0, response: { id: 'resp_1', status: 'in_progress', output: [], usage: null } })).toBe(true);
    expect(isPlainEvent({ type: 'response.output_item.added', output_index: 0, item: { id: 'rs_01', type: 'reasoning', summary: [] } })).toBe(true);
    expect(isPlainEvent({ type: 'response.content_part.added', ...ref, content_index: 0, part: { type: 'output_text', text: '' } })).toBe(true);
    expect(isPlainEvent({ type: 'response.reasoning_summary_part.done', ...ref, summary_index: 0, part: { type: 'summary_text', text: 'x' } })).toBe(true);
    expect(isPlainEvent({ type: 'response.output_text.done', ...ref, content_index: 0, text: 'Hi' })).toBe(true);
    expect(isPlainEvent({ type: 'response.function_call_arguments.done', ...ref, arguments: '{}' })).toBe(true);
    expect(isPlainEvent({ type: 'response.output_text.delta', ...ref, content_index: 0, delta: 'Hi' })).toBe(true);
    expect(isPlainEvent({ type: 'response.created', response: [] })).toBe(false);
    expect(isPlainEvent({ type: 'response.output_item.added', output_index: -1, item: { type: 'message' } })).toBe(false);
    expect(isPlainEvent({ type: 'response.refusal.done', ...ref, content_index: 0, refusal: 'no' })).toBe(false);
  });
});
