import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events } from '../shared/test-inputs';
import { describeOpenAIResponsesFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const event = (payload: unknown) => describePayload(describeOpenAIResponsesFrame, payload);

describe('openai-responses frame descriptions', () => {
  it('name every event by its type without the response. prefix', () => {
    const list = describeFile(dir, 'valid-reasoning-message-tool.sse', describeOpenAIResponsesFrame);
    expect(events(list)).toEqual([
      'created',
      'in_progress',
      'output_item.added: reasoning',
      'reasoning_summary_part.added',
      'reasoning_summary_text.delta',
      'reasoning_summary_text.delta',
      'reasoning_summary_text.done',
      'reasoning_summary_part.done',
      'output_item.done: reasoning',
      'output_item.added: message',
      'content_part.added',
      'output_text.delta',
      'output_text.delta',
      'output_text.delta',
      'output_text.done',
      'content_part.done',
      'output_item.done: message',
      'output_item.added: function_call get_weather',
      'function_call_arguments.delta',
      'function_call_arguments.delta',
      'function_call_arguments.done',
      'output_item.done: function_call get_weather',
      'completed',
    ]);
    expect(list[4]).toEqual({ event: 'reasoning_summary_text.delta', category: 'reasoning', preview: '**Planning** The user wants' });
    expect(list[11]).toEqual({ event: 'output_text.delta', category: 'text', preview: 'Let me' });
    expect(list[14]?.category).toBe('lifecycle');
    expect(list[18]).toEqual({ event: 'function_call_arguments.delta', category: 'tool-call', preview: '{"city":' });
    expect(list[22]?.preview).toMatch(/^\{"input_tokens":50,/);
  });

  it('name an MCP approval request, an MCP call with its output and a failed response', () => {
    const approval = event({ type: 'response.output_item.done', output_index: 2, item: { id: 'mcpr_1', type: 'mcp_approval_request', name: 'create_short_url', arguments: '{"url":"https://ai-sdk.dev/"}', server_label: 'zip1' } });
    expect(approval).toEqual({ event: 'output_item.done: mcp_approval_request create_short_url', category: 'approval', preview: '{"url":"https://ai-sdk.dev/"}' });
    const call = event({ type: 'response.output_item.done', output_index: 1, item: { id: 'mcp_1', type: 'mcp_call', name: 'create_short_url', arguments: '{}', output: 'https://zip1.io/x' } });
    expect(call).toEqual({ event: 'output_item.done: mcp_call create_short_url', category: 'tool-result', preview: 'https://zip1.io/x' });
    expect(event({ type: 'response.failed', response: { error: { code: 'server_error', message: 'The model failed' } } })).toEqual({ event: 'failed', category: 'error', preview: 'The model failed' });
  });
});
