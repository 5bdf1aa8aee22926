import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { langgraphPromptOf } from './prompt';
import { aiMessage, chunk, eventFrames, human, metadata, runLangGraph, values } from './test-helpers';

describe('langgraph request prompt', () => {
  it('reads the human message of the run\'s input, as useStream sends it', () => {
    const prompt = langgraphPromptOf(body({ assistant_id: 'agent', input: { messages: [{ type: 'human', content: 'Weather in Paris?' }] }, stream_mode: ['messages-tuple'] }));
    expect(prompt).toEqual({ text: 'Weather in Paris?', path: 'input.messages[0]', messageCount: 1 });
  });

  it('reads the last human turn among several, in role form and with content blocks', () => {
    const prompt = langgraphPromptOf(
      body({
        input: {
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello!' },
            { role: 'human', content: [{ type: 'text', text: 'And the weather?' }, { type: 'image_url', image_url: { url: 'data:,' } }] },
            { type: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
          ],
        },
      }),
    );
    expect(prompt).toEqual({ text: 'And the weather?', path: 'input.messages[2]', messageCount: 4 });
  });

  it('reads a ["human", text] pair, a bare string, and one message alone', () => {
    expect(langgraphPromptOf(body({ input: { messages: [['system', 'Be brief.'], ['human', 'Paris?']] } }))).toEqual({ text: 'Paris?', path: 'input.messages[1]', messageCount: 2 });
    expect(langgraphPromptOf(body({ input: { messages: ['Paris?'] } }))).toEqual({ text: 'Paris?', path: 'input.messages[0]', messageCount: 1 });
    expect(langgraphPromptOf(body({ input: { messages: { type: 'human', content: 'Paris?' } } }))).toEqual({ text: 'Paris?', path: 'input.messages', messageCount: 1 });
  });

  it('has none for a resume, an input without messages, an AI message alone, or no body', () => {
    expect(langgraphPromptOf(body({ command: { resume: 'approve' } }))).toBeUndefined();
    expect(langgraphPromptOf(body({ input: { topic: 'cats' } }))).toBeUndefined();
    expect(langgraphPromptOf(body({ input: { messages: [{ type: 'ai', content: 'Hello' }] } }))).toBeUndefined();
    expect(langgraphPromptOf(body({ input: { messages: [{ type: 'human', content: '  ' }] } }))).toBeUndefined();
    expect(langgraphPromptOf({ id: 'c', transport: 'sse', method: 'GET' })).toBeUndefined();
  });
});

describe('langgraph user turn from the request', () => {
  const request = { id: 'c1', transport: 'sse' as const, method: 'POST', requestBody: JSON.stringify({ input: { messages: [human] }, stream_mode: ['messages-tuple'] }) };

  it('a stream of messages-tuple chunks alone starts with the user\'s turn', () => {
    const { view } = runLangGraph(eventFrames([metadata, chunk('It is '), chunk('sunny.')]), [request]);
    expect(view.items.map((i) => i.kind)).toEqual(['user', 'text']);
    expect(view.items[0]).toMatchObject({ text: 'Weather in Paris?', connectionId: 'c1' });
  });

  it('a stream whose values carry the human message shows the turn once', () => {
    const { view } = runLangGraph(eventFrames([metadata, values(human), chunk('It is sunny.'), values(human, aiMessage('It is sunny.'))]), [request]);
    expect(view.items.filter((i) => i.kind === 'user')).toHaveLength(1);
  });
});
