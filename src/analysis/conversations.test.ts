import { describe, expect, it } from 'vitest';
import { inspect } from '../api/inspect';
import { conversations, streamedAnswer } from './conversations';
import { assistantCalls, callsAnswer, loopCapture, system, textAnswer, toolResult, user, weather, type Exchange } from './tool-loop/test-support';
import { chunk, chunkFrames } from '../protocols/openai-chat/test-helpers';

const calls = [weather('call_1', 'Paris'), weather('call_2', 'Rome')];
const asked = [system, user('Weather in Paris and Rome?')];

function joined(exchanges: Exchange[]) {
  return conversations(inspect(loopCapture(exchanges)).sessions).map((c) => ({
    id: c.id,
    requests: c.requests.map((r) => ({ connectionId: r.connectionId, messagesCount: r.messagesCount, continues: r.continues, newFrom: r.newFrom })),
  }));
}

describe('conversations', () => {
  it('joins a follow-up that repeats the earlier messages and goes on with the answer and tool results', () => {
    expect(
      joined([
        { messages: asked, answer: callsAnswer(calls) },
        { messages: [...asked, assistantCalls(calls), toolResult('call_1'), toolResult('call_2')], answer: textAnswer('Warm.') },
        { messages: [...asked, assistantCalls(calls), toolResult('call_1'), toolResult('call_2'), { role: 'assistant', content: 'Warm.' }, user('Thanks')], answer: textAnswer('You are welcome.') },
      ]),
    ).toEqual([
      {
        id: 'req-1',
        requests: [
          { connectionId: 'req-1', messagesCount: 2, continues: undefined, newFrom: 0 },
          { connectionId: 'req-2', messagesCount: 5, continues: 0, newFrom: 2 },
          { connectionId: 'req-3', messagesCount: 7, continues: 1, newFrom: 5 },
        ],
      },
    ]);
  });

  it('keeps apart requests that share only a system prompt', () => {
    const other = [system, user('Weather in Oslo?')];
    expect(joined([{ messages: asked, answer: textAnswer('Warm.') }, { messages: [...other, user('and Bergen?')], answer: textAnswer('Cold.') }]).map((c) => c.id)).toEqual(['req-1', 'req-2']);
  });

  it('joins a follow-up whose client rebuilt the earlier messages (content null or absent)', () => {
    const rebuilt = { role: 'assistant', tool_calls: assistantCalls(calls).tool_calls };
    const withNull = { role: 'assistant', content: null, tool_calls: assistantCalls(calls).tool_calls };
    expect(joined([
      { messages: [...asked, withNull, toolResult('call_1')], answer: textAnswer('a') },
      { messages: [...asked, rebuilt, toolResult('call_1'), { role: 'assistant', content: 'a' }], answer: textAnswer('b') },
    ]).map((c) => c.requests.length)).toEqual([2]);
  });
});

describe('streamedAnswer', () => {
  it('merges tool-call deltas by index and keeps the first finish_reason of choice 0', () => {
    const frames = chunkFrames([
      chunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"x"' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 1, delta: { content: 'other choice' }, finish_reason: 'stop' }] },
      chunk({}, 'tool_calls'),
      '[DONE]',
    ]);
    expect(streamedAnswer(frames)).toEqual({
      toolCalls: [
        { id: 'a', name: 'f', arguments: '{"x":1}' },
        { id: 'b', name: 'g', arguments: '{}' },
      ],
      finishReason: 'tool_calls',
      finishFrame: 4,
    });
  });

  it('continues a call without an index (Mistral) by its id, or the latest call', () => {
    const frames = chunkFrames([
      chunk({ tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{"x"' } }] }),
      chunk({ tool_calls: [{ function: { arguments: ':1}' } }] }),
      chunk({ tool_calls: [{ id: 'b', function: { name: 'g', arguments: '{}' } }] }),
    ]);
    expect(streamedAnswer(frames).toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: '{"x":1}' },
      { id: 'b', name: 'g', arguments: '{}' },
    ]);
  });
});
