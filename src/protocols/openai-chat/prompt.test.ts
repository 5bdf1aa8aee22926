import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { openaiChatPromptOf } from './prompt';

describe('openai-chat request prompt', () => {
  it('is the last user message, not the history', () => {
    const prompt = openaiChatPromptOf(
      body({
        model: 'gpt-4o',
        stream: true,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }, { type: 'image_url', image_url: { url: 'x' } }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'Weather in Paris?', path: 'messages[3]', messageCount: 4 });
  });

  it('stays on the user message when tool results follow it', () => {
    const prompt = openaiChatPromptOf(
      body({
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: '{"tempC":18}' },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'Weather in Paris?', path: 'messages[0]', messageCount: 3 });
  });

  it('is undefined without a JSON body or messages', () => {
    expect(openaiChatPromptOf({ id: 'c', transport: 'sse' })).toBeUndefined();
    expect(openaiChatPromptOf({ id: 'c', transport: 'sse', requestBody: 'not json' })).toBeUndefined();
    expect(openaiChatPromptOf(body({ messages: 'no' }))).toBeUndefined();
    expect(openaiChatPromptOf(body({ messages: [null, 7, { role: 'user' }] }))).toBeUndefined();
  });
});
