import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
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
    expect(list[4]).toMatchObject({ event: 'reasoning_summary_text.delta', category: 'reasoning', preview: '**Planning** The user wants' });
    expect(list[11]).toMatchObject({ event: 'output_text.delta', category: 'text', preview: 'Let me' });
    expect(list[14]?.category).toBe('lifecycle');
    expect(list[18]).toMatchObject({ event: 'function_call_arguments.delta', category: 'tool-call', preview: '{"city":' });
    expect(list[22]?.preview).toMatch(/^\{"input_tokens":50,/);
  });

  it('name an MCP approval request, an MCP call with its output and a failed response', () => {
    const approval = event({ type: 'response.output_item.done', output_index: 2, item: { id: 'mcpr_1', type: 'mcp_approval_request', name: 'create_short_url', arguments: '{"url":"https://ai-sdk.dev/"}', server_label: 'zip1' } });
    expect(approval).toMatchObject({ event: 'output_item.done: mcp_approval_request create_short_url', category: 'approval', preview: '{"url":"https://ai-sdk.dev/"}' });
    const call = event({ type: 'response.output_item.done', output_index: 1, item: { id: 'mcp_1', type: 'mcp_call', name: 'create_short_url', arguments: '{}', output: 'https://zip1.io/x' } });
    expect(call).toMatchObject({ event: 'output_item.done: mcp_call create_short_url', category: 'tool-result', preview: 'https://zip1.io/x' });
    expect(event({ type: 'response.failed', response: { error: { code: 'server_error', message: 'The model failed' } } })).toMatchObject({ event: 'failed', category: 'error', preview: 'The model failed' });
  });

  it("name a program with its code, a program's output and a tool search's tools as a call and results", () => {
    const program = event({ type: 'response.output_item.done', output_index: 0, item: { id: 'cm_1', type: 'program', call_id: 'call_p', code: 'return 1', fingerprint: 'x' } });
    expect(program).toMatchObject({ event: 'output_item.done: program', category: 'tool-call', preview: 'return 1' });
    const output = event({ type: 'response.output_item.done', output_index: 0, item: { id: 'cmo_1', type: 'program_output', call_id: 'call_p', result: '{"sum":1}', status: 'completed' } });
    expect(output).toMatchObject({ event: 'output_item.done: program_output', category: 'tool-result', preview: '{"sum":1}' });
    const tools = event({ type: 'response.output_item.done', output_index: 1, item: { id: 'tso_1', type: 'tool_search_output', call_id: null, tools: [{ name: 'get_weather' }] } });
    expect(tools).toMatchObject({ event: 'output_item.done: tool_search_output', category: 'tool-result', preview: '[{"name":"get_weather"}]' });
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-reasoning-message-tool.sse', describeOpenAIResponsesFrame);
    expect([...new Set(labels(list))]).toEqual(["created", "in_progress", "item.added: reasoning", "summary_part.added", "Δ summary", "summary.done", "summary_part.done", "item.done: reasoning", "item.added: message", "part.added", "Δ text", "text.done", "part.done", "item.done: message", "item.added: function_call get_weather", "Δ args", "args.done", "item.done: function_call get_weather", "completed"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
