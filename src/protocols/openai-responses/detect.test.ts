import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import type { Frame } from '../../model/frame';
import { detectConnection, detectFrame } from './detect';

const frame = (data: string, direction: Frame['direction'] = 'in'): Frame => ({ index: 0, connectionId: 'c', time: 0, direction, kind: 'message', data });
const score = (data: unknown, direction: Frame['direction'] = 'in') => detectFrame(decodeFrame(frame(JSON.stringify(data), direction)));

describe('openai-responses detection', () => {
  it('numbered response.* events and client response.create frames are decisive', () => {
    expect(score({ type: 'response.created', sequence_number: 0, response: {} })).toBe(1);
    expect(score({ type: 'response.output_text.delta', sequence_number: 7 })).toBe(1);
    expect(score({ type: 'response.create', model: 'gpt-5', input: 'hi' }, 'out')).toBe(1);
  });

  it('unnumbered response.* events, numbered errors and keepalives are only plausible', () => {
    expect(score({ type: 'response.completed', response: {} })).toBe(0.5);
    expect(score({ type: 'error', sequence_number: 3, error: {} })).toBe(0.5);
    expect(score({ type: 'keepalive', sequence_number: 4 })).toBe(0.5);
  });

  it('other protocols score 0', () => {
    expect(score({ type: 'message_start', message: { model: 'claude' } })).toBe(0);
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(score({ type: 'error', error: { type: 'overloaded_error' } })).toBe(0);
    expect(score({ type: 'RUN_STARTED' })).toBe(0);
    expect(detectFrame(decodeFrame(frame('[DONE]')))).toBe(0);
  });

  it('the /responses endpoint decides the connection (SSE or WebSocket)', () => {
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.openai.com/v1/responses' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'websocket', url: 'wss://api.openai.com/v1/responses' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.openai.com/v1/chat/completions' })).toBe(0);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'http://localhost:3000/proxy', responseHeaders: { 'openai-version': '2020-10-01' } })).toBe(0.5);
  });
});
