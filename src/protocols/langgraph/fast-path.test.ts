// The hand check of messages (the hot path) accepts only what the zod schema accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, isPlainMessage, isPlainTuple, MessageSchema } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.object({ maxDepth: 1 }), fc.array(fc.string(), { maxLength: 2 }));
const text = fc.oneof(fc.string(), odd);
const call = fc.oneof(fc.record({ name: text, args: odd, id: text, type: text }, { requiredKeys: [] }), odd);
const chunk = fc.oneof(fc.record({ name: text, args: text, id: text, index: fc.oneof(fc.nat(), fc.double(), odd), type: text }, { requiredKeys: [] }), odd);
const list = <T>(item: fc.Arbitrary<T>) => fc.oneof(fc.array(item, { maxLength: 3 }), odd);
const message = fc.record(
  {
    type: text,
    content: fc.oneof(fc.string(), fc.array(odd, { maxLength: 3 }), odd),
    id: text,
    name: text,
    tool_call_id: text,
    status: text,
    tool_calls: list(call),
    tool_call_chunks: list(chunk),
    invalid_tool_calls: list(fc.oneof(fc.record({ name: text, args: text, id: text, error: text }, { requiredKeys: [] }), odd)),
    usage_metadata: fc.oneof(fc.object({ maxDepth: 1 }), odd),
  },
  { requiredKeys: [] },
);

describe('langgraph fast path', () => {
  it('isPlainMessage says yes only to what MessageSchema accepts', () => {
    fc.assert(
      fc.property(message, (m) => {
        if (isPlainMessage(m)) expect(MessageSchema.safeParse(m).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('isPlainTuple says yes only to what the messages event schema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(message, fc.oneof(fc.object({ maxDepth: 1 }), odd)), fc.array(message, { maxLength: 3 }), odd), (t) => {
        if (isPlainTuple(t)) expect(EVENT_SCHEMAS.messages.safeParse(t).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the messages the official server sends', () => {
    const m = { content: 'Hi', tool_calls: [{ id: 'c', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }], additional_kwargs: {}, invalid_tool_calls: [], tool_call_chunks: [], response_metadata: {}, id: 'run-1', type: 'ai' };
    expect(isPlainMessage(m)).toBe(true);
    expect(isPlainTuple([m, { langgraph_node: 'agent' }])).toBe(true);
    expect(isPlainMessage({ ...m, content: 3 })).toBe(false);
  });
});
