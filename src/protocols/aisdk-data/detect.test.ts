import { describe, expect, it } from 'vitest';
import type { Connection } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { SessionPipeline } from '../../analysis/pipeline';
import { aisdkUiProtocol } from '../aisdk-ui/index';
import { chunkFrames } from '../aisdk-ui/testing';
import { aisdkDataProtocol } from './index';
import { lineFrames } from './testing';

const score = (line: string) => aisdkDataProtocol.detectFrame(decodeFrame(lineFrames(line)[0]!));

describe('aisdk-data detectFrame', () => {
  it('is certain of lines only a data stream sends', () => {
    expect(score('9:{"toolCallId":"t","toolName":"n","args":{}}')).toBe(1);
    expect(score('b:{"toolCallId":"t","toolName":"n"}')).toBe(1);
    expect(score('d:{"finishReason":"stop"}')).toBe(1);
    expect(score('f:{"messageId":"m"}')).toBe(1);
    expect(score('g:"thinking"')).toBe(1);
    expect(score('\n\ne:{"finishReason":"stop"}\n0:"x"')).toBe(1);
  });

  it('finds lines shared with other streams only plausible', () => {
    expect(score('0:"text"')).toBe(0.5);
    expect(score('3:"error"')).toBe(0.5);
    expect(score('2:[1]')).toBe(0.5);
  });

  it('does not claim JSON, SSE or malformed lines', () => {
    expect(score('{"type":"text-delta","id":"t","delta":"x"}')).toBe(0);
    expect(score('"0:x"')).toBe(0);
    expect(score('data: {"a":1}')).toBe(0);
    expect(score('0:not json')).toBe(0);
    expect(score('9:{"toolCallId":"t"}')).toBe(0);
    expect(score('4:{"id":"x"}')).toBe(0);
    expect(score('event: message_start')).toBe(0);
  });

  it('the UI stream detector does not claim data stream lines, nor this one UI chunks', () => {
    expect(aisdkUiProtocol.detectFrame(decodeFrame(lineFrames('0:"x"')[0]!))).toBe(0);
    const ui = decodeFrame(chunkFrames([{ type: 'text-delta', id: 't', delta: 'x' }])[0]!);
    expect(aisdkDataProtocol.detectFrame(ui)).toBe(0);
  });
});

describe('aisdk-data detectConnection', () => {
  const conn = (headers?: Record<string, string>): Connection => ({ id: 'c', transport: 'fetch-stream', responseHeaders: headers });
  it('is certain with the data stream header', () => {
    expect(aisdkDataProtocol.detectConnection?.(conn({ 'x-vercel-ai-data-stream': 'v1' }))).toBe(1);
    expect(aisdkDataProtocol.detectConnection?.(conn({ 'content-type': 'text/plain; charset=utf-8' }))).toBe(0);
  });

  it('lets the pipeline choose the protocol from the header', () => {
    const pipeline = new SessionPipeline([aisdkUiProtocol, aisdkDataProtocol]);
    pipeline.addConnection(conn({ 'x-vercel-ai-data-stream': 'v1' }));
    for (const f of lineFrames('0:"Hi"\nd:{"finishReason":"stop"}')) pipeline.append(f);
    pipeline.finish();
    expect(pipeline.protocol).toBe('aisdk-data');
    expect(pipeline.view().items).toMatchObject([{ kind: 'text', text: 'Hi' }]);
  });
});

describe('aisdk-data sessionKey', () => {
  it('uses the chat id of the request, else the f: message id', () => {
    const key = aisdkDataProtocol.sessionKey!;
    expect(key({ id: 'c', transport: 'xhr', requestBody: '{"id":"chat-2"}' }, undefined)).toBe('chat:chat-2');
    expect(key({ id: 'c', transport: 'xhr' }, decodeFrame(lineFrames('f:{"messageId":"m-1"}')[0]!))).toBe('message:m-1');
    expect(key({ id: 'c', transport: 'xhr' }, decodeFrame(lineFrames('0:"x"')[0]!))).toBeUndefined();
  });
});
