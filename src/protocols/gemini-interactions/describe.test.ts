// Timeline labels for Interactions API events, detection, and the text fast path's agreement with zod.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { describeInteractionsFrame } from './describe';
import { detectConnection, detectFrame } from './detect';
import { EVENT_SCHEMAS, isPlainTextDelta } from './schema';
import { completed, created, eventFrames, stepDelta, stepStart } from './test-helpers';

const decoded = (p: object) => decodeFrame(eventFrames([p])[0]!);

describe('gemini-interactions describe and detect', () => {
  it('labels steps, deltas and the completion', () => {
    expect(describeInteractionsFrame(decoded(stepDelta(1, { text: 'Hello', type: 'text' })))).toEqual({ event: 'Δ text', category: 'text', preview: 'Hello' });
    expect(describeInteractionsFrame(decoded(stepDelta(0, { signature: 's', type: 'thought_signature' })))).toEqual({ event: 'thought signature', category: 'reasoning' });
    expect(describeInteractionsFrame(decoded(stepStart(1, { type: 'function_call', name: 'getWeather' })))).toEqual({ event: 'step.start function_call getWeather', category: 'tool-call' });
    expect(describeInteractionsFrame(decoded(stepDelta(1, { arguments: '{"a":1}', type: 'arguments_delta' })))).toEqual({ event: 'Δ arguments', category: 'tool-call', preview: '{"a":1}' });
    expect(describeInteractionsFrame(decoded(completed('requires_action')))).toEqual({ event: 'interaction.completed: requires_action', category: 'lifecycle' });
    expect(describeInteractionsFrame(decoded({ event_type: 'error', error: { message: 'boom' } }))).toEqual({ event: 'error', category: 'error', preview: 'boom' });
  });

  it('detects by event_type; the /interactions path is only plausible', () => {
    expect(detectFrame(decoded(created))).toBe(1);
    expect(detectFrame(decoded(stepDelta(0, { text: 'x', type: 'text' })))).toBe(1);
    expect(detectFrame(decoded({ type: 'message_start' }))).toBe(0);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://generativelanguage.googleapis.com/v1beta/interactions' })).toBe(0.5);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://generativelanguage.googleapis.com/v1beta/models/x:streamGenerateContent' })).toBe(0);
  });

  it('the text fast path accepts only deltas the schema accepts', () => {
    const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.object({ maxDepth: 1 }));
    const delta = fc.oneof(fc.record({ type: fc.oneof(fc.constant('text'), fc.constant('arguments_delta'), odd), text: fc.oneof(fc.string(), odd), signature: fc.oneof(fc.string(), odd), arguments: fc.oneof(fc.string(), odd), annotations: odd, result: odd }, { requiredKeys: [] }), odd);
    const event = fc.record({ event_type: fc.constantFrom('step.delta', 'step.stop'), index: fc.oneof(fc.nat(), fc.integer(), fc.double(), odd), delta }, { requiredKeys: ['event_type'] });
    fc.assert(
      fc.property(event, (e) => {
        if (isPlainTextDelta(e)) expect(EVENT_SCHEMAS[e.event_type].safeParse(e).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(isPlainTextDelta(stepDelta(1, { text: 'x', type: 'text' }) as Record<string, unknown>)).toBe(true);
  });
});
