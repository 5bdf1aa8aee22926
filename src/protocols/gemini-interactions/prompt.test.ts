import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { interactionsPromptOf } from './prompt';

describe('gemini-interactions request prompt', () => {
  it('reads input as a string', () => {
    expect(interactionsPromptOf(body({ model: 'gemini-2.5-flash', stream: true, input: 'Tell me a joke' }))).toEqual({ text: 'Tell me a joke', path: 'input', messageCount: 1 });
  });

  it('reads input as content parts, text parts only', () => {
    const prompt = interactionsPromptOf(body({ input: [{ type: 'text', text: 'Describe this' }, { type: 'image', uri: 'gs://b/cat.png' }] }));
    expect(prompt).toEqual({ text: 'Describe this', path: 'input', messageCount: 1 });
  });

  it('reads the last user turn among turns', () => {
    const prompt = interactionsPromptOf(
      body({
        input: [
          { role: 'user', content: 'Hi' },
          { role: 'model', content: [{ type: 'text', text: 'Hello!' }] },
          { role: 'user', content: [{ type: 'text', text: 'And the weather?' }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'And the weather?', path: 'input[2]', messageCount: 3 });
  });

  it('reads the last user_input step with text among steps (the AI SDK sends the history so)', () => {
    const prompt = interactionsPromptOf(
      body({
        input: [
          { type: 'user_input', content: [{ type: 'text', text: 'Weather?' }] },
          { type: 'function_call', id: 'call_1', name: 'getWeather', arguments: { location: 'Paris' } },
          { type: 'user_input', content: [{ type: 'function_result', call_id: 'call_1', name: 'getWeather', result: '{"temp":21}' }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'Weather?', path: 'input[0]', messageCount: 3 });
  });

  it('is undefined for a function result alone, an empty string, or no input', () => {
    expect(interactionsPromptOf(body({ input: [{ type: 'function_result', call_id: 'c1', result: '18C' }] }))).toBeUndefined();
    expect(interactionsPromptOf(body({ input: '  ' }))).toBeUndefined();
    expect(interactionsPromptOf(body({ model: 'gemini-2.5-flash' }))).toBeUndefined();
  });
});
