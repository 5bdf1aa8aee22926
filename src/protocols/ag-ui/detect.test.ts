import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import type { Connection } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { agUiProtocol } from './index';
import { frame } from './test-support';

const score = (value: unknown) => agUiProtocol.detectFrame(decodeFrame(frame(0, typeof value === 'string' ? value : JSON.stringify(value))));

describe('AG-UI frame detection', () => {
  it('is certain of UPPER_SNAKE AG-UI event types', () => {
    expect(score({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })).toBe(1);
    expect(score({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x' })).toBe(1);
    expect(score({ type: 'REASONING_MESSAGE_CHUNK' })).toBe(1);
    expect(score({ type: 'THINKING_TEXT_MESSAGE_START' })).toBe(1);
    expect(score({ type: 'ACTIVITY_DELTA', messageId: 'a', activityType: 't', patch: [] })).toBe(1);
  });

  it('finds RAW and CUSTOM, common words, only plausible', () => {
    expect(score({ type: 'RAW', event: {} })).toBe(0.5);
    expect(score({ type: 'CUSTOM', name: 'n', value: 1 })).toBe(0.5);
  });

  it('finds an unknown UPPER_SNAKE type with AG-UI ids plausible, and without them nothing', () => {
    expect(score({ type: 'TEXT_MESSAGE_BEGIN', messageId: 'm' })).toBe(0.5);
    expect(score({ type: 'SOMETHING_ELSE' })).toBe(0);
  });

  it('does not claim flat-block, Anthropic, OpenAI or AI SDK frames', () => {
    expect(score({ type: 'message_start', message: { id: 'm', model: 'claude', content: [] } })).toBe(0);
    expect(score({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })).toBe(0);
    expect(score({ type: 'group_start', summary: 'x' })).toBe(0);
    expect(score({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{' } })).toBe(0);
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(0);
    expect(score({ type: 'response.output_text.delta', sequence_number: 1 })).toBe(0);
    expect(score({ type: 'text-delta', id: 't', delta: 'x' })).toBe(0);
    expect(score('not json')).toBe(0);
    expect(score([{ type: 'RUN_STARTED' }])).toBe(0);
  });

  it('recognises the run request body the client posts', () => {
    expect(score({ threadId: 't', runId: 'r', messages: [], tools: [], context: [] })).toBe(1);
    expect(score({ model: 'gpt-4o', messages: [] })).toBe(0);
  });
});

describe('AG-UI connection detection and session key', () => {
  const conn = (extra: Partial<Connection>): Connection => ({ id: 'c1', transport: 'sse', ...extra });

  it('is certain of the protobuf media type and of a RunAgentInput request', () => {
    expect(agUiProtocol.detectConnection?.(conn({ responseHeaders: { 'content-type': 'application/vnd.ag-ui.event+proto' } }))).toBe(1);
    expect(agUiProtocol.detectConnection?.(conn({ requestBody: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [] }) }))).toBe(1);
    expect(agUiProtocol.detectConnection?.(conn({ responseHeaders: { 'content-type': 'text/event-stream' } }))).toBe(0);
    expect(agUiProtocol.detectConnection?.(conn({ requestBody: '{oops' }))).toBe(0);
  });

  it('keys sessions by thread id', () => {
    const started = decodeFrame(frame(0, JSON.stringify({ type: 'RUN_STARTED', threadId: 'thread-9', runId: 'r' })));
    expect(agUiProtocol.sessionKey?.(conn({}), started)).toBe('thread-9');
    expect(agUiProtocol.sessionKey?.(conn({ requestBody: JSON.stringify({ threadId: 'thread-8' }) }), undefined)).toBe('thread-8');
    expect(agUiProtocol.sessionKey?.(conn({}), undefined)).toBeUndefined();
  });

  it('lets the pipeline pick AG-UI from the first event', () => {
    const pipeline = new SessionPipeline([agUiProtocol]);
    pipeline.append(frame(0, JSON.stringify({ type: 'RUN_STARTED', threadId: 't', runId: 'r' })));
    expect(pipeline.protocol).toBe('ag-ui');
  });
});
