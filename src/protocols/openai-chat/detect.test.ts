import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import type { Frame } from '../../model/frame';
import { detectConnection, detectFrame } from './detect';

const frame = (data: string): Frame => ({ index: 0, connectionId: 'c', time: 0, direction: 'in', kind: 'message', data });
const score = (data: unknown) => detectFrame(decodeFrame(frame(JSON.stringify(data))));

describe('openai-chat detection', () => {
  it('a chat.completion.chunk is decisive; a bare choices[].delta is plausible', () => {
    expect(score({ id: 'x', object: 'chat.completion.chunk', choices: [] })).toBe(1);
    expect(score({ id: 'x', choices: [{ index: 0, delta: { content: 'hi' } }] })).toBe(0.5);
  });

  it('other protocols, [DONE] and typed events score 0', () => {
    expect(score({ type: 'message_start', message: { model: 'claude' } })).toBe(0);
    expect(score({ type: 'response.output_text.delta', sequence_number: 3 })).toBe(0);
    expect(score({ type: 'text-delta', choices: [{ delta: {} }] })).toBe(0);
    expect(detectFrame(decodeFrame(frame('[DONE]')))).toBe(0);
    expect(score([1, 2])).toBe(0);
  });

  it('the endpoint path decides the connection', () => {
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://api.example.com/v1/chat/completions' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'http://localhost:3000/api/chat' })).toBe(0);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'http://localhost:3000/api/chat', responseHeaders: { 'openai-processing-ms': '12' } })).toBe(0.5);
  });
});
