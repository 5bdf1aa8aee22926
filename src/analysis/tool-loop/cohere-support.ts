// Building Cohere v2 tool-loop captures in tests: `messages` request bodies (OpenAI Chat's fields) and
// the events that answer them.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const cohereStream: StreamOptions = { url: 'https://api.cohere.com/v2/chat', named: true };

export const cohereUser = (content: string) => ({ role: 'user', content });

/** The assistant message carrying the calls back, as the AI SDK's Cohere provider writes it. */
export const cohereAssistant = (calls: readonly Call[], plan = 'I will check the weather.') => ({
  role: 'assistant',
  tool_plan: plan,
  tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
});

/** A tool message; Cohere takes the result as a string or as document / text content blocks. */
export const cohereToolResult = (id: string, content: unknown = [{ type: 'document', document: { data: { temp: 21 } } }]) => ({ role: 'tool', tool_call_id: id, content });

const start = { id: 'm1', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } };
const end = (finish: string) => ({ type: 'message-end', delta: { finish_reason: finish, usage: { billed_units: { input_tokens: 20, output_tokens: 12 }, tokens: { input_tokens: 500, output_tokens: 30 } } } });

/** A stream that asks for these calls: a tool plan, each call's id and name, its arguments in two pieces, then finish_reason TOOL_CALL. */
export function cohereCallsAnswer(calls: readonly Call[]): object[] {
  return [
    start,
    { type: 'tool-plan-delta', delta: { message: { tool_plan: 'I will check the weather.' } } },
    ...calls.flatMap((c, index) => [
      { type: 'tool-call-start', index, delta: { message: { tool_calls: { id: c.id, type: 'function', function: { name: c.name, arguments: '' } } } } },
      { type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: c.arguments.slice(0, 5) } } } } },
      { type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: c.arguments.slice(5) } } } } },
      { type: 'tool-call-end', index },
    ]),
    end('TOOL_CALL'),
  ];
}

export function cohereTextAnswer(text: string): object[] {
  return [
    start,
    { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } },
    { type: 'content-delta', index: 0, delta: { message: { content: { text } } } },
    { type: 'content-end', index: 0 },
    end('COMPLETE'),
  ];
}

export const cohereExchange = (messages: readonly unknown[], answer: object[]): RequestExchange => ({ body: { model: 'command-a-03-2025', stream: true, messages }, answer });
