import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { agUiPromptOf } from './prompt';

describe('ag-ui request prompt', () => {
  it('reads the last user message of RunAgentInput.messages', () => {
    const prompt = agUiPromptOf(
      body({
        threadId: 'thread-1',
        runId: 'run-2',
        state: {},
        tools: [],
        context: [],
        forwardedProps: {},
        messages: [
          { id: 'u1', role: 'user', content: 'Weather in Oslo?' },
          { id: 'a1', role: 'assistant', content: 'It is 4 °C.' },
          { id: 'u2', role: 'user', content: [{ type: 'text', text: 'And in Bergen?' }] },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'And in Bergen?', path: 'messages[2]', messageCount: 3 });
  });
});
