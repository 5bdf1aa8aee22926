import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { aisdkUiPromptOf } from './prompt';

describe('aisdk-ui request prompt', () => {
  it('reads the text parts of the last user message', () => {
    const prompt = aisdkUiPromptOf(
      body({
        id: 'chat-1',
        trigger: 'submit-message',
        messages: [
          { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
          { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'Hello!' }] },
          { id: 'm3', role: 'user', parts: [{ type: 'file', url: 'x', mediaType: 'image/png' }, { type: 'text', text: 'What is in it?' }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'What is in it?', path: 'messages[2]', messageCount: 3 });
  });

  it('reads a single message a page sends when the server keeps the history', () => {
    expect(aisdkUiPromptOf(body({ id: 'chat-1', message: { id: 'm3', role: 'user', parts: [{ type: 'text', text: 'Again' }] } }))).toEqual({ text: 'Again', path: 'message', messageCount: 1 });
  });
});
