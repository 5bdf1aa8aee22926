import { describe, expect, it } from 'vitest';
import type { DecodedFrame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { describeMcpFrame } from './describe';
import { call, failure, progress, result } from './testing';

const frame = (json: unknown, direction: 'in' | 'out' = 'in'): DecodedFrame =>
  decodeFrame({ index: 0, connectionId: 'c', time: 0, direction, kind: 'message', data: typeof json === 'string' ? json : JSON.stringify(json) });

describe('mcp frame descriptions', () => {
  it('label requests, results, errors and notifications briefly, with the direction as an arrow', () => {
    expect(describeMcpFrame(frame(call(3), 'out'))).toEqual({ event: '→ tools/call get_weather', category: 'tool-call', preview: '{"city":"Oslo"}' });
    expect(describeMcpFrame(frame(result(3, 'Sunny')))).toEqual({ event: '← result #3', category: 'tool-result', preview: 'Sunny' });
    expect(describeMcpFrame(frame(failure(3, 'quota')))).toEqual({ event: '← error #3', category: 'error', preview: 'quota' });
    expect(describeMcpFrame(frame(progress('t', 2, 5)))).toEqual({ event: 'progress 40%', category: 'lifecycle' });
    expect(describeMcpFrame(frame(progress('t', 7))).event).toBe('progress 7');
    expect(describeMcpFrame(frame({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Where to?' } })).event).toBe('← elicitation/create');
    expect(describeMcpFrame(frame({ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { city: 'Paris' } } }, 'out')).event).toBe('→ result #0: accept');
    expect(describeMcpFrame(frame([call(1), call(2)], 'out')).event).toBe('→ tools/call get_weather (+1 in batch)');
  });

  it('names the events the SDK client skips: a priming event, and a message in an event named other than "message"', () => {
    expect(describeMcpFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: '', eventId: '0' }))).toEqual({ event: 'priming event (id 0)', category: 'lifecycle' });
    expect(describeMcpFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(result(1, 'Sunny')), eventName: 'result' })).event).toBe('← result #1 (event: result, ignored)');
    expect(describeMcpFrame(decodeFrame({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data: JSON.stringify(result(1, 'Sunny')), eventName: 'message' })).event).toBe('← result #1');
  });

  it('falls back to the generic description for anything else', () => {
    expect(describeMcpFrame(frame('not json')).event).toBe('(text)');
    expect(describeMcpFrame(frame({ hello: 1 })).event).toBe('(json)');
  });
});
