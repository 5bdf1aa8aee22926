// The timeline's Event and Data columns for Gemini chunks, and detection by path and by shape.
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { describeGeminiFrame } from './describe';
import { detectConnection, detectFrame } from './detect';
import { chunk, chunkFrames, stop, text } from './test-helpers';

const describeOne = (payload: object | string) => describeGeminiFrame(decodeFrame(chunkFrames([payload])[0]!));

describe('gemini describe', () => {
  it('labels text, thoughts, signatures, calls, arguments and the finish', () => {
    expect(describeOne(text('Hello there'))).toEqual({ event: 'Δ text', category: 'text', preview: 'Hello there' });
    expect(describeOne(chunk([{ text: 'hmm', thought: true }]))).toMatchObject({ event: 'Δ thought', category: 'reasoning' });
    expect(describeOne(chunk([{ text: '', thoughtSignature: 'abc' }], { finishReason: 'STOP' }))).toEqual({ event: 'thoughtSignature, finish: STOP', category: 'reasoning' });
    expect(describeOne(chunk([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }]))).toEqual({ event: 'functionCall get_weather', category: 'tool-call', preview: '{"city":"Paris"}' });
    expect(describeOne(chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Rome' }], willContinue: true } }]))).toEqual({ event: 'functionCall args', category: 'tool-call', preview: '$.city=Rome' });
    expect(describeOne(chunk([{ functionCall: {} }]))).toEqual({ event: 'functionCall end', category: 'tool-call' });
    expect(describeOne(stop)).toEqual({ event: 'finish: STOP', category: 'lifecycle' });
    // A long decode's checkpoint (a token and no finish), and its stop at the per-request cap.
    expect(describeOne(chunk([{ text: 'more' }], { continuationToken: 'tok-1' }))).toEqual({ event: 'Δ text, checkpoint', category: 'text', preview: 'more' });
    expect(describeOne(chunk([], { finishReason: 'CONTINUATION', continuationToken: 'tok-2' }))).toEqual({ event: 'finish: CONTINUATION', category: 'lifecycle' });
    expect(describeOne({ error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } })).toMatchObject({ event: 'error', category: 'error', preview: 'quota' });
    expect(describeOne({ usageMetadata: { totalTokenCount: 3 }, modelVersion: 'm' })).toMatchObject({ event: 'usage', category: 'lifecycle' });
  });

  it('detects by the request path, never by the host alone', () => {
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: '/api/models/gemini-pro:generateContent' })).toBe(1);
    expect(detectConnection({ id: 'c', transport: 'sse', url: 'https://generativelanguage.googleapis.com/v1beta/interactions' })).toBe(0);
  });

  it('detects by shape: candidates with content are decisive, usage with a model version plausible', () => {
    const d = (p: object | string) => detectFrame(decodeFrame(chunkFrames([p])[0]!));
    expect(d(text('Hi'))).toBe(1);
    expect(d([text('Hi'), stop])).toBe(1);
    expect(d({ usageMetadata: { totalTokenCount: 1 }, modelVersion: 'm' })).toBe(0.5);
    expect(d({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(d({ type: 'message_start', candidates: [{ content: {} }] })).toBe(0);
  });
});
