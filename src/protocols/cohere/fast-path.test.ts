// The hand check that lets a plain Cohere stream skip zod (starts, deltas, ends, the tool plan,
// message-start and message-end) must never accept what the event's schema or the AI SDK's rejects:
// random near-valid events through all three.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_SDK_SCHEMAS, EVENT_SCHEMAS, isCohereType, isPlainEvent } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const text = fc.oneof(fc.string(), fc.constantFrom('text', 'thinking', 'function'), odd);
const index = fc.oneof(fc.nat(), fc.integer(), fc.double(), odd);
const content = fc.oneof(fc.record({ type: text, text, thinking: text }, { requiredKeys: [] }), odd);
const toolCall = fc.oneof(fc.record({ id: text, type: text, function: fc.oneof(fc.record({ name: text, arguments: text }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }), odd);
const message = fc.oneof(fc.record({ role: text, content, tool_calls: toolCall, tool_plan: text }, { requiredKeys: [] }), odd);
const count = fc.oneof(fc.nat(), fc.double(), fc.constant(Infinity), odd);
const counts = fc.oneof(fc.record({ input_tokens: count, output_tokens: count }, { requiredKeys: [] }), odd);
const usage = fc.oneof(fc.record({ tokens: counts, billed_units: counts, cached_tokens: count }, { requiredKeys: [] }), fc.object({ maxDepth: 1 }), odd);
const endDelta = fc.oneof(fc.record({ finish_reason: text, error: text, usage }, { requiredKeys: [] }), odd);
const type = fc.constantFrom('message-start', 'content-start', 'content-delta', 'content-end', 'tool-plan-delta', 'tool-call-start', 'tool-call-delta', 'tool-call-end', 'message-end', 'citation-start', 'debug');
const event = fc.record({ type, id: text, index, delta: fc.oneof(fc.record({ message }, { requiredKeys: [] }), endDelta, odd) }, { requiredKeys: ['type'] });

describe('fast path for plain Cohere events', () => {
  it('accepts only events their schema and the AI SDK\'s accept', () => {
    let plain = 0;
    fc.assert(
      fc.property(event, (e) => {
        if (!isPlainEvent(e)) return;
        plain++;
        expect(EVENT_SCHEMAS[e.type].safeParse(e).success).toBe(true);
        expect(AI_SDK_SCHEMAS[e.type]?.safeParse(e).success).toBe(true);
      }),
      { numRuns: 10000 },
    );
    // The generator reaches the fast path, so the property is tried.
    expect(plain).toBeGreaterThan(100);
  });

  it('takes the events of a plain stream, not citations or odd shapes', () => {
    expect(isPlainEvent({ id: 'm1', type: 'message-start', delta: { message: { role: 'assistant', content: [] } } })).toBe(true);
    expect(isPlainEvent({ type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } })).toBe(true);
    expect(isPlainEvent({ type: 'tool-call-start', index: 0, delta: { message: { tool_calls: { id: 'c', type: 'function', function: { name: 'f', arguments: '' } } } } })).toBe(true);
    expect(isPlainEvent({ type: 'tool-call-end', index: 0 })).toBe(true);
    expect(isPlainEvent({ type: 'tool-plan-delta', delta: { message: { tool_plan: 'x' } } })).toBe(true);
    expect(isPlainEvent({ type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { tokens: { input_tokens: 5, output_tokens: 2 }, billed_units: { input_tokens: 5, output_tokens: 2 } } } })).toBe(true);
    // What the AI SDK's Cohere provider rejects goes through the schemas: no token counts, no finish_reason, a start without its kind or id.
    expect(isPlainEvent({ type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 5, output_tokens: 2 } } } })).toBe(false);
    expect(isPlainEvent({ type: 'message-end', delta: { usage: { tokens: { input_tokens: 5, output_tokens: 2 } } } })).toBe(false);
    expect(isPlainEvent({ type: 'content-start', index: 0, delta: { message: { content: { type: 'thinking' } } } })).toBe(false);
    expect(isPlainEvent({ type: 'tool-call-start', index: 0, delta: { message: { tool_calls: { type: 'function', function: { name: 'f', arguments: '' } } } } })).toBe(false);
    expect(isPlainEvent({ type: 'content-end', index: -1 })).toBe(false);
    expect(isPlainEvent({ type: 'message-end', delta: { usage: 3 } })).toBe(false);
    expect(isPlainEvent({ type: 'tool-plan-delta', delta: { message: { tool_plan: null } } })).toBe(false);
    expect(isPlainEvent({ type: 'citation-start', index: 0, delta: { message: { citations: {} } } })).toBe(false);
  });

  it('knows an event type exactly when EVENT_SCHEMAS has a schema for it', () => {
    for (const t of Object.keys(EVENT_SCHEMAS)) expect(isCohereType(t), t).toBe(true);
    for (const t of ['content_delta', 'Content-Delta', 'toString', '__proto__', 'constructor', '', 1, undefined]) expect(isCohereType(t), String(t)).toBe(false);
  });
});
