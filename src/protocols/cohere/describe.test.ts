// The timeline's labels for Cohere events, detection by shape, and the fast path's agreement with zod.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { describeCohereFrame } from './describe';
import { detectConnection, detectFrame } from './detect';
import { EVENT_SCHEMAS, isPlainDelta } from './schema';
import { callDelta, callStart, contentDelta, end, eventFrames, plan, start } from './test-helpers';

const decoded = (p: object) => decodeFrame(eventFrames([p])[0]!);

describe('cohere describe and detect', () => {
  it('labels deltas, tool calls and the end', () => {
    expect(describeCohereFrame(decoded(contentDelta(0, 'Hello')))).toEqual({ event: 'Δ text', category: 'text', preview: 'Hello' });
    expect(describeCohereFrame(decoded(contentDelta(0, 'hmm', 'thinking')))).toEqual({ event: 'Δ thinking', category: 'reasoning', preview: 'hmm' });
    expect(describeCohereFrame(decoded(plan('I will')))).toEqual({ event: 'Δ tool plan', category: 'reasoning', preview: 'I will' });
    expect(describeCohereFrame(decoded(callStart(0, 'weather')))).toEqual({ event: 'tool-call-start weather', category: 'tool-call' });
    expect(describeCohereFrame(decoded(callDelta(0, '{"a"')))).toEqual({ event: 'tool-call args', category: 'tool-call', preview: '{"a"' });
    expect(describeCohereFrame(decoded(end('COMPLETE')))).toMatchObject({ event: 'message-end: COMPLETE', category: 'lifecycle' });
    expect(describeCohereFrame(decoded(end('ERROR', { error: 'boom' })))).toEqual({ event: 'message-end: ERROR', category: 'error', preview: 'boom' });
  });

  it('detects by the event shape; the /v2/chat path is only plausible', () => {
    expect(detectFrame(decoded(start))).toBe(1);
    expect(detectFrame(decoded(contentDelta(0, 'x')))).toBe(1);
    expect(detectFrame(decoded({ type: 'content-end', index: 0 }))).toBe(0.5);
    expect(detectFrame(decoded({ type: 'text-delta', id: '0', delta: 'x' }))).toBe(0);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.cohere.com/v2/chat' })).toBe(0.5);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.cohere.com/v1/embed' })).toBe(0);
  });

  it('the fast path accepts only deltas the schema accepts', () => {
    const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.object({ maxDepth: 1 }));
    const text = fc.oneof(fc.string(), odd);
    const inner = fc.oneof(fc.record({ content: fc.oneof(fc.record({ type: text, text, thinking: text }, { requiredKeys: [] }), odd), tool_calls: fc.oneof(fc.record({ id: text, type: text, function: fc.oneof(fc.record({ name: text, arguments: text }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }), odd) }, { requiredKeys: [] }), odd);
    const event = fc.record({ type: fc.constantFrom('content-delta', 'tool-call-delta'), index: fc.oneof(fc.nat(), fc.integer(), fc.double(), odd), delta: fc.oneof(fc.record({ message: inner }), odd) }, { requiredKeys: ['type'] });
    fc.assert(
      fc.property(event, (e) => {
        if (isPlainDelta(e)) expect(EVENT_SCHEMAS[e.type].safeParse(e).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(isPlainDelta(contentDelta(0, 'x') as Record<string, unknown>)).toBe(true);
    expect(isPlainDelta(callDelta(1, '{}') as Record<string, unknown>)).toBe(true);
  });
});
