// The timeline's labels for Cohere events, detection by shape, and the fast path's agreement with zod.
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { describeCohereFrame } from './describe';
import { detectConnection, detectFrame } from './detect';
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

});
