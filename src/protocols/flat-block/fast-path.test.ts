// The hand-written checks that let the hot events skip the zod schema must never accept what the
// schema rejects: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamEventSchema } from './schema';
import { isPlainBlockStart, isPlainDeltaOrStop } from './stream-events';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer({ min: -2, max: 3 }), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const block = fc.record(
  {
    type: fc.oneof(fc.constantFrom('text', 'thinking', 'tool_use', 'tool_result', 'approval_request', 'approval_result', 'approval_timeout', 'image'), odd),
    text: odd,
    is_part: odd,
    is_final: odd,
    thinking: odd,
    id: odd,
    name: odd,
    tool_use_id: odd,
    status: fc.oneof(fc.constantFrom('success', 'error', 'cancelled', 'done'), odd),
    tool_content_message: odd,
    parent_tool_use_id: odd,
    approval_key: odd,
  },
  { requiredKeys: [] },
);
const event = fc.record(
  {
    type: fc.constantFrom('content_block_start', 'content_block_delta', 'content_block_stop'),
    index: fc.oneof(fc.nat(5), odd),
    event_id: odd,
    content_block: fc.oneof(block, odd),
    delta: fc.oneof(fc.record({ text: odd, thinking: odd }, { requiredKeys: [] }), odd),
  },
  { requiredKeys: ['type'] },
);

describe('fast path for deltas, stops and block starts', () => {
  it('accepts only events the schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        const r = e as Record<string, unknown>;
        if (isPlainDeltaOrStop(r) || isPlainBlockStart(r)) expect(StreamEventSchema.safeParse(r).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common events of a real stream', () => {
    expect(isPlainBlockStart({ type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 't1', name: 'web_search', input: { q: 1 }, tool_content_message: 'Tìm kiếm' } })).toBe(true);
    expect(isPlainDeltaOrStop({ type: 'content_block_delta', index: 2, delta: { text: 'x' } })).toBe(true);
    expect(isPlainBlockStart({ type: 'content_block_start', index: 2, content_block: { type: 'tool_result', tool_use_id: 't1', status: 'weird' } })).toBe(false);
  });
});
