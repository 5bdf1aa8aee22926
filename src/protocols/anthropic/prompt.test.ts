import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { anthropicPromptOf } from './prompt';

describe('anthropic request prompt', () => {
  it('reads string content and text blocks', () => {
    expect(anthropicPromptOf(body({ model: 'claude', max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }] }))).toEqual({ text: 'Hello', path: 'messages[0]', messageCount: 1 });
    const blocks = anthropicPromptOf(body({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Line one' }, { type: 'text', text: 'Line two' }] }] }));
    expect(blocks?.text).toBe('Line one\nLine two');
  });

  it('skips a user turn of tool results only', () => {
    const prompt = anthropicPromptOf(
      body({
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18 °C' }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'Weather in Paris?', path: 'messages[0]', messageCount: 3 });
  });
});
