import { describe, expect, it } from 'vitest';
import { requestWithBody as body } from '../shared/test-inputs';
import { openaiResponsesPromptOf } from './prompt';

describe('openai-responses request prompt', () => {
  it('reads input as a string', () => {
    expect(openaiResponsesPromptOf(body({ model: 'gpt-5', input: 'Shorten https://ai-sdk.dev/', stream: true }))).toEqual({ text: 'Shorten https://ai-sdk.dev/', path: 'input', messageCount: 1 });
  });

  it('reads the last user message among input items', () => {
    const prompt = openaiResponsesPromptOf(
      body({
        input: [
          { role: 'developer', content: 'Be brief.' },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] },
          { type: 'function_call_output', call_id: 'call_1', output: '{"tempC":18}' },
        ],
      }),
    );
    expect(prompt).toEqual({ text: 'Weather in Paris?', path: 'input[1]', messageCount: 3 });
  });

  it('is undefined for an approval reply alone', () => {
    expect(openaiResponsesPromptOf(body({ input: [{ type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true }] }))).toBeUndefined();
  });
});
