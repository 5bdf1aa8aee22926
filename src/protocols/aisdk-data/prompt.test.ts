import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { aisdkDataPromptOf } from './prompt';

describe('aisdk-data request prompt', () => {
  it('reads the content of the last user message (v4 useChat)', () => {
    const prompt = aisdkDataPromptOf(
      body({
        id: 'chat-1',
        messages: [
          { role: 'user', content: 'Weather in Hanoi?', parts: [{ type: 'text', text: 'Weather in Hanoi?' }] },
          { role: 'assistant', content: 'It is 31 °C.' },
          { role: 'user', content: 'And tomorrow?' },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'And tomorrow?', path: 'messages[2]', messageCount: 3 });
  });
});
