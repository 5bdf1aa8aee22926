import { describe, expect, it } from 'vitest';
import type { Connection, DecodedFrame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { SessionPipeline } from '../../analysis/pipeline';
import { aisdkUiProtocol } from './index';
import { chunkFrames } from './testing';

const decoded = (payload: unknown): DecodedFrame => decodeFrame(chunkFrames([payload])[0]!);
const score = (payload: unknown) => aisdkUiProtocol.detectFrame(decoded(payload));

describe('aisdk-ui detectFrame', () => {
  it('is certain of chunks only the AI SDK sends', () => {
    expect(score({ type: 'text-delta', id: 't', delta: 'x' })).toBe(1);
    expect(score({ type: 'tool-input-start', toolCallId: 'c', toolName: 'n' })).toBe(1);
    expect(score({ type: 'start-step' })).toBe(1);
    expect(score({ type: 'error', errorText: 'x' })).toBe(1);
    expect(score({ type: 'finish', finishReason: 'tool-calls' })).toBe(1);
  });

  it('finds generic chunk types only plausible', () => {
    expect(score({ type: 'start' })).toBe(0.5);
    expect(score({ type: 'start', messageId: 'm' })).toBe(0.5);
    expect(score({ type: 'finish', finishReason: 'stop' })).toBe(0.5);
    expect(score({ type: 'error', message: 'x' })).toBe(0.5);
    expect(score({ type: 'data-weather', data: {} })).toBe(0.5);
    expect(score({ type: 'text-delta', delta: 'x' })).toBe(0);
  });

  it('does not claim other protocols', () => {
    expect(score({ type: 'message_start', message: { id: 'm', model: 'claude' } })).toBe(0);
    expect(score({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'x' } })).toBe(0);
    expect(score({ type: 'group_start', index: 0, message_id: 'm' })).toBe(0);
    expect(score({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x' })).toBe(0);
    expect(score({ type: 'response.output_text.delta', delta: 'x', sequence_number: 1 })).toBe(0);
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(score([1, 2])).toBe(0);
    expect(score('[DONE]')).toBe(0);
  });
});

describe('aisdk-ui detectConnection', () => {
  const conn = (headers?: Record<string, string>): Connection => ({ id: 'c', transport: 'sse', responseHeaders: headers });
  it('is certain with the UI message stream header', () => {
    expect(aisdkUiProtocol.detectConnection?.(conn({ 'x-vercel-ai-ui-message-stream': 'v1' }))).toBe(1);
  });
  it('does not guess from content-type alone', () => {
    expect(aisdkUiProtocol.detectConnection?.(conn({ 'content-type': 'text/event-stream' }))).toBe(0);
    expect(aisdkUiProtocol.detectConnection?.(conn())).toBe(0);
  });
});

describe('aisdk-ui in the pipeline', () => {
  it('is chosen by a decisive frame after ambiguous ones, and replays them', () => {
    const pipeline = new SessionPipeline([aisdkUiProtocol]);
    for (const f of chunkFrames([{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'hi' }])) {
      pipeline.append(f);
    }
    expect(pipeline.protocol).toBe('aisdk-ui');
    expect(pipeline.view().items).toMatchObject([{ kind: 'text', text: 'hi', frames: [1, 2] }]);
  });
});

describe('aisdk-ui sessionKey', () => {
  it('uses the chat id of the request body, else the message id', () => {
    const key = aisdkUiProtocol.sessionKey!;
    expect(key({ id: 'c', transport: 'sse', requestBody: '{"id":"chat-7","messages":[]}' }, undefined)).toBe('chat:chat-7');
    expect(key({ id: 'c', transport: 'sse', requestBody: 'not json' }, decoded({ type: 'start', messageId: 'm1' }))).toBe('message:m1');
    expect(key({ id: 'c', transport: 'sse' }, decoded({ type: 'text-start', id: 't' }))).toBeUndefined();
  });
});
