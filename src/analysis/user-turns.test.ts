import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../model/frame';
import { renderText } from '../model/render-text';
import { protocols } from '../protocols/registry';
import type { ProtocolId } from '../protocols/types';
import { readInput } from '../readers/read-input';
import { SessionPipeline } from './pipeline';
import { splitSessions } from './sessions';

const testdata = (id: string, name: string) => readFileSync(path.resolve(__dirname, '../protocols', id, 'testdata', name), 'utf8');

/** The frames of a test data file on one connection whose request carried `body`. */
function requestWithStream(id: ProtocolId, file: string, body: unknown, connectionId = 'c1', firstIndex = 0): { connection: Connection; frames: Frame[] } {
  const { capture } = readInput(testdata(id, file));
  const connection: Connection = { id: connectionId, transport: 'sse', method: 'POST', url: 'https://api.example/v1/stream', requestBody: JSON.stringify(body), startedAt: 1000 };
  const frames = capture.frames.map((f, i) => ({ ...f, index: firstIndex + i, connectionId, time: 1000 + firstIndex + i }));
  return { connection, frames };
}

function rendered(id: ProtocolId, file: string, body: unknown): string {
  const { connection, frames } = requestWithStream(id, file, body);
  const [session] = splitSessions({ connections: [connection], frames }, protocols);
  expect(session?.pipeline.protocol).toBe(id);
  return renderText(session?.pipeline.view() ?? { protocol: '', items: [], todos: null, streaming: false });
}

const chatBody = { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Earlier question' }, { role: 'assistant', content: 'Earlier answer' }, { role: 'user', content: 'What is the weather?' }] };

describe('the user turn from the request body', () => {
  it.each([
    ['openai-chat', 'valid-reasoning-tools.sse', chatBody],
    ['anthropic', 'valid-thinking-tool.sse', chatBody],
    ['openai-responses', 'valid-reasoning-message-tool.sse', { input: 'What is the weather?' }],
    ['aisdk-ui', 'valid-weather-tool.sse', { id: 'chat-1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the weather?' }] }] }],
    ['aisdk-data', 'valid-multi-step.txt', { messages: [{ role: 'user', content: 'What is the weather?' }] }],
    ['ag-ui', 'valid-tool-call.sse', { threadId: 'thread-1', runId: 'run-1', messages: [{ id: 'u1', role: 'user', content: 'What is the weather?' }] }],
  ] as const)('%s: the rendering starts with the prompt, once', (id, file, body) => {
    const text = rendered(id, file, body);
    expect(text.split('\n')[0]).toBe('user: What is the weather?');
    expect(text.match(/^user: /gm)).toHaveLength(1);
  });

  it('puts each request turn before its own connection’s items, and not again for a continuation', () => {
    const pipeline = new SessionPipeline(protocols, { protocol: 'ag-ui' });
    let index = 0;
    const run = (id: string, answer: string, messages: unknown[]) => {
      const connection: Connection = { id, transport: 'sse', method: 'POST', requestBody: JSON.stringify({ threadId: 't1', runId: id, messages }) };
      const events = [
        { type: 'RUN_STARTED', threadId: 't1', runId: id },
        { type: 'TEXT_MESSAGE_START', messageId: `m-${id}`, role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${id}`, delta: answer },
        { type: 'TEXT_MESSAGE_END', messageId: `m-${id}` },
        { type: 'RUN_FINISHED', threadId: 't1', runId: id },
      ];
      pipeline.addConnection(connection);
      for (const e of events) pipeline.append({ index: index++, connectionId: id, time: index, direction: 'in', kind: 'message', data: JSON.stringify(e) });
    };
    const u1 = { id: 'u1', role: 'user', content: 'First question' };
    run('r1', 'Answer one', [u1]);
    run('r2', 'Answer two', [u1, { id: 'a1', role: 'assistant', content: 'Answer one' }]);
    run('r3', 'Answer three', [u1, { id: 'u2', role: 'user', content: 'Second question' }]);
    expect(renderText(pipeline.view()).split('\n').filter((l) => /^(user|assistant)/.test(l))).toEqual([
      'user: First question',
      'assistant [brand, final]: Answer one',
      'assistant [brand, final]: Answer two',
      'user: Second question',
      'assistant [brand, final]: Answer three',
    ]);
    // Scrubbing to the second run's last frame shows only the first turn.
    expect(renderText(pipeline.viewAt(9)).match(/^user: .*/gm)).toEqual(['user: First question']);
  });

  it('adds nothing when the request body was captured as a frame the fold renders (HAR)', () => {
    const { connection, frames } = requestWithStream('openai-chat', 'valid-reasoning-tools.sse', chatBody, 'c1', 1);
    const out: Frame = { index: 0, connectionId: 'c1', time: 1000, direction: 'out', kind: 'message', data: connection.requestBody ?? '' };
    const [session] = splitSessions({ connections: [connection], frames: [out, ...frames] }, protocols);
    const text = renderText(session?.pipeline.view() ?? { protocol: '', items: [], todos: null, streaming: false });
    expect(text.match(/^user: .*/gm)).toEqual(['user: What is the weather?']);
  });

  it('adds nothing for a protocol without request prompts (flat-block) or a body without one', () => {
    const { frames } = requestWithStream('openai-chat', 'valid-reasoning-tools.sse', {});
    const connection: Connection = { id: 'c1', transport: 'sse', requestBody: '{"messages":"x"}' };
    const [session] = splitSessions({ connections: [connection], frames }, protocols);
    expect(session?.pipeline.view().items[0]?.kind).not.toBe('user');
  });
});
