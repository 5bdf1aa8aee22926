// The hand check that lets a plain Gemini Interactions stream skip zod (step.start, step.delta,
// step.stop, the interaction's creation, status updates and completion) must never accept what the
// event's schema rejects: random near-valid events through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, isInteractionEventType, isPlainEvent } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 1 }));
const text = fc.oneof(fc.string(), odd);
const index = fc.oneof(fc.nat(), fc.integer(), fc.double(), odd);
const step = fc.oneof(fc.record({ type: text, id: text, name: text, call_id: text, arguments: odd, signature: text }, { requiredKeys: [] }), odd);
const delta = fc.oneof(fc.record({ type: text, text, signature: text, arguments: text, result: odd, is_error: odd, annotations: odd }, { requiredKeys: [] }), odd);
const interaction = fc.oneof(fc.record({ id: text, status: text, model: text, object: text, usage: fc.oneof(fc.object({ maxDepth: 1 }), odd) }, { requiredKeys: [] }), odd);
const eventType = fc.constantFrom('interaction.created', 'interaction.status_update', 'step.start', 'step.delta', 'step.stop', 'interaction.completed', 'error');
const event = fc.record({ event_type: eventType, index, step, delta, interaction, interaction_id: text, status: text, error: odd }, { requiredKeys: ['event_type'] });

describe('fast path for plain Gemini Interactions events', () => {
  it('accepts only events their schema accepts', () => {
    fc.assert(
      fc.property(event, (e) => {
        if (isPlainEvent(e)) expect(EVENT_SCHEMAS[e.event_type].safeParse(e).success).toBe(true);
      }),
      { numRuns: 10000 },
    );
  });

  it('takes the events of a plain stream, not errors or odd shapes', () => {
    const interactionOf = (status: string) => ({ id: 'v1', status, object: 'interaction', model: 'm', usage: { total_tokens: 3 } });
    expect(isPlainEvent({ event_type: 'interaction.created', interaction: interactionOf('in_progress') })).toBe(true);
    expect(isPlainEvent({ event_type: 'interaction.status_update', interaction_id: 'v1', status: 'in_progress' })).toBe(true);
    expect(isPlainEvent({ event_type: 'step.start', index: 2, step: { id: 'c', type: 'function_call', name: 'f', arguments: {} } })).toBe(true);
    expect(isPlainEvent({ event_type: 'step.delta', index: 1, delta: { text: 'x', type: 'text' } })).toBe(true);
    expect(isPlainEvent({ event_type: 'interaction.completed', interaction: interactionOf('completed') })).toBe(true);
    expect(isPlainEvent({ event_type: 'interaction.completed', interaction: { id: 'v1' } })).toBe(false);
    expect(isPlainEvent({ event_type: 'step.start', index: 0, step: { name: 'f' } })).toBe(false);
    expect(isPlainEvent({ event_type: 'interaction.status_update', status: 3 })).toBe(false);
    expect(isPlainEvent({ event_type: 'error', error: { message: 'boom' } })).toBe(false);
  });

  it('knows an event type exactly when EVENT_SCHEMAS has a schema for it', () => {
    for (const t of Object.keys(EVENT_SCHEMAS)) expect(isInteractionEventType(t), t).toBe(true);
    for (const t of ['step_delta', 'Step.Delta', 'toString', '__proto__', 'constructor', '', 1, undefined]) expect(isInteractionEventType(t), String(t)).toBe(false);
  });
});
