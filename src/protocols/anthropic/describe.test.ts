import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
import { describeAnthropicFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const event = (payload: unknown) => describePayload(describeAnthropicFrame, payload);

describe('anthropic frame descriptions', () => {
  it('name every event of a thinking and tool-use stream', () => {
    const list = describeFile(dir, 'valid-thinking-tool.sse', describeAnthropicFrame);
    expect(events(list)).toEqual([
      'message_start',
      'content_block_start: thinking',
      'ping',
      'content_block_delta: thinking_delta',
      'content_block_delta: thinking_delta',
      'content_block_delta: signature_delta',
      'content_block_stop',
      'content_block_start: text',
      'content_block_delta: text_delta',
      'content_block_delta: text_delta',
      'content_block_stop',
      'content_block_start: tool_use get_weather',
      'content_block_delta: input_json_delta',
      'content_block_delta: input_json_delta',
      'content_block_delta: input_json_delta',
      'content_block_stop',
      'message_delta: tool_use',
      'message_stop',
    ]);
    // An empty block start announces text; the first token is the first delta.
    expect(list[1]?.category).toBe('lifecycle');
    expect(list[3]).toMatchObject({ event: 'content_block_delta: thinking_delta', category: 'reasoning', preview: 'The user wants the weather;' });
    expect(list[8]).toMatchObject({ event: 'content_block_delta: text_delta', category: 'text', preview: 'Let me check' });
    expect(list[13]).toMatchObject({ event: 'content_block_delta: input_json_delta', category: 'tool-call', preview: '{"city": "Pa' });
    expect(list[16]?.preview).toBe('{"output_tokens":58}');
  });

  it('name an error event and a server tool result', () => {
    expect(event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toMatchObject({ event: 'error: overloaded_error', category: 'error', preview: 'Overloaded' });
    expect(event({ type: 'content_block_start', index: 1, content_block: { type: 'web_search_tool_result', tool_use_id: 's1', content: [] } }).category).toBe('tool-result');
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-thinking-tool.sse', describeAnthropicFrame);
    expect([...new Set(labels(list))]).toEqual(["message_start", "block_start: thinking", "ping", "Δ thinking", "Δ signature", "block_stop", "block_start: text", "Δ text", "block_start: tool_use get_weather", "Δ input", "message_delta: tool_use", "message_stop"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
