// The hand checks that let plain block events and deltas skip zod must never accept what the schemas
// reject: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnthropicEventSchema, DeltaSchemas, isDeltaType, isPlainBlockEvent, isPlainDelta, isPlainEvent } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const index = fc.oneof(fc.nat(), fc.integer({ min: -3, max: 3 }), fc.constant(-0), fc.constant(2 ** 53), fc.constant(1.5), odd);
const deltaType = fc.oneof(fc.constantFrom(...Object.keys(DeltaSchemas), 'other'), odd);
const field = fc.oneof(fc.string(), odd);
const delta = fc.oneof(
  fc.record({ type: deltaType, text: field, thinking: field, partial_json: field, signature: field, citation: odd, content: odd }, { requiredKeys: [] }),
  odd,
);
const event = fc.record({ type: fc.constantFrom('content_block_delta', 'content_block_stop', 'ping', 'message_stop'), index, delta, extra: odd }, { requiredKeys: ['type'] });

describe('fast paths for plain block events', () => {
  it('accept only events the event schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        if (isPlainBlockEvent(e)) expect(AnthropicEventSchema.safeParse(e).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('accept only deltas the delta schemas accept', () => {
    fc.assert(
      fc.property(deltaType, fc.dictionary(fc.constantFrom('text', 'thinking', 'partial_json', 'signature', 'type'), field), (type, d) => {
        if (typeof type === 'string' && isDeltaType(type) && isPlainDelta(type, d)) expect(DeltaSchemas[type].safeParse(d).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('accept only other events the event schema accepts', () => {
    const obj = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.oneof(fc.record(fields, { requiredKeys: [] }), odd);
    const anyEvent = fc.record(
      {
        type: fc.constantFrom('message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error', 'other'),
        index,
        delta: fc.oneof(delta, obj({ stop_reason: fc.oneof(fc.string(), odd) })),
        content_block: obj({ type: field }),
        message: obj({ id: field, model: field, role: field, usage: odd, content: fc.oneof(fc.array(odd, { maxLength: 2 }), odd), stop_reason: field }),
        usage: obj({ output_tokens: fc.oneof(fc.integer(), fc.double(), odd) }),
        error: obj({ type: field, message: field }),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(anyEvent, (e) => {
        if (isPlainEvent(e)) expect(AnthropicEventSchema.safeParse(e).success).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('know the delta types DeltaSchemas has, and only those', () => {
    for (const type of Object.keys(DeltaSchemas)) expect(isDeltaType(type)).toBe(true);
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'text', '']) expect(isDeltaType(type)).toBe(false);
  });

  it('take the common events of a real stream', () => {
    expect(isPlainEvent({ type: 'message_start', message: { id: 'msg_1', model: 'claude', role: 'assistant', content: [], stop_reason: null, usage: { input_tokens: 3 } } })).toBe(true);
    expect(isPlainEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })).toBe(true);
    expect(isPlainEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 5 } })).toBe(true);
    expect(isPlainEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' } })).toBe(false);
    expect(isPlainEvent({ type: 'message_start', message: { model: 'claude' } })).toBe(false);
    expect(isPlainBlockEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } })).toBe(true);
    expect(isPlainBlockEvent({ type: 'content_block_stop', index: 1 })).toBe(true);
    expect(isPlainBlockEvent({ type: 'content_block_delta', index: -1, delta: { type: 'text_delta', text: 'Hi' } })).toBe(false);
    expect(isPlainDelta('text_delta', { type: 'text_delta', text: 'Hi' })).toBe(true);
    expect(isPlainDelta('input_json_delta', { type: 'input_json_delta', partial_json: '{"a"' })).toBe(true);
    expect(isPlainDelta('text_delta', { type: 'text_delta', text: 1 })).toBe(false);
  });
});
