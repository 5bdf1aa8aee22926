// Building Anthropic Messages tool-loop captures in tests and examples: request bodies and the SSE
// events that answer them.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const anthropicStream: StreamOptions = { url: 'https://api.anthropic.com/v1/messages', named: true };

export const anthropicUser = (text: string) => ({ role: 'user', content: text });
export const toolUseMessage = (calls: readonly Call[], text?: string) => ({
  role: 'assistant',
  content: [...(text === undefined ? [] : [{ type: 'text', text }]), ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.arguments) as unknown }))],
});
export const toolResults = (...ids: string[]) => ({ role: 'user', content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: '{"temp":21}' })) });

let messageCount = 0;

function messageStart(): object {
  messageCount += 1;
  return {
    type: 'message_start',
    message: { id: `msg_${messageCount}`, type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 20, output_tokens: 1 } },
  };
}

const end = (stopReason: string): object[] => [
  { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 30 } },
  { type: 'message_stop' },
];

/** A stream that asks for these tools: a text block, then one tool_use block per call with its input in two pieces. */
export function toolUseAnswer(calls: readonly Call[], text = 'Let me check.'): object[] {
  return [
    messageStart(),
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    ...calls.flatMap((c, i) => [
      { type: 'content_block_start', index: i + 1, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } },
      { type: 'content_block_delta', index: i + 1, delta: { type: 'input_json_delta', partial_json: c.arguments.slice(0, 5) } },
      { type: 'content_block_delta', index: i + 1, delta: { type: 'input_json_delta', partial_json: c.arguments.slice(5) } },
      { type: 'content_block_stop', index: i + 1 },
    ]),
    ...end('tool_use'),
  ];
}

export function endTurnAnswer(text: string): object[] {
  return [
    messageStart(),
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    ...end('end_turn'),
  ];
}

export const anthropicBody = (messages: readonly unknown[]) => ({ model: 'claude-x', max_tokens: 1024, stream: true, system: 'You are a weather assistant.', messages });

export const anthropicExchange = (messages: readonly unknown[], answer: object[]): RequestExchange => ({ body: anthropicBody(messages), answer });
