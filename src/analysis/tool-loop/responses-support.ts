// Building OpenAI Responses tool-loop captures in tests: request bodies (`input`, `previous_response_id`)
// and the events of the response that answers each.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const responsesStream: StreamOptions = { url: 'https://api.openai.com/v1/responses', named: true };

export const inputUser = (text: string) => ({ role: 'user', content: text });
export const functionCallItem = (c: Call) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments });
export const functionOutput = (callId: string) => ({ type: 'function_call_output', call_id: callId, output: '{"temp":21}' });

function response(id: string, status: string, output: object[]): object {
  return { id, object: 'response', created_at: 1760000000, status, model: 'gpt-x', output, usage: null, error: null, incomplete_details: null };
}

/** Events numbered 0, 1, 2, … as one response sends them. */
function numbered(events: object[]): object[] {
  return events.map((e, n) => ({ ...e, sequence_number: n }));
}

/** A response that asks for these function calls (arguments in two pieces), then completes. */
export function callsResponse(id: string, calls: readonly Call[]): object[] {
  const items = calls.map((c, i) => ({ id: `fc_${id}_${i}`, type: 'function_call', status: 'completed', call_id: c.id, name: c.name, arguments: c.arguments }));
  return numbered([
    { type: 'response.created', response: response(id, 'in_progress', []) },
    ...items.flatMap((item, i) => [
      { type: 'response.output_item.added', output_index: i, item: { ...item, status: 'in_progress', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: item.id, output_index: i, delta: item.arguments.slice(0, 5) },
      { type: 'response.function_call_arguments.delta', item_id: item.id, output_index: i, delta: item.arguments.slice(5) },
      { type: 'response.function_call_arguments.done', item_id: item.id, output_index: i, arguments: item.arguments },
      { type: 'response.output_item.done', output_index: i, item },
    ]),
    { type: 'response.completed', response: response(id, 'completed', items) },
  ]);
}

export function textResponse(id: string, text: string): object[] {
  const part = { type: 'output_text', text, annotations: [] };
  const item = { id: `msg_${id}`, type: 'message', status: 'completed', role: 'assistant', content: [part] };
  return numbered([
    { type: 'response.created', response: response(id, 'in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', item_id: item.id, output_index: 0, content_index: 0, part: { ...part, text: '' } },
    { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: text, logprobs: [] },
    { type: 'response.output_text.done', item_id: item.id, output_index: 0, content_index: 0, text, logprobs: [] },
    { type: 'response.content_part.done', item_id: item.id, output_index: 0, content_index: 0, part },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: response(id, 'completed', [item]) },
  ]);
}

export const responsesExchange = (input: readonly unknown[], answer: object[], previousResponseId?: string): RequestExchange => ({
  body: { model: 'gpt-x', stream: true, input, ...(previousResponseId === undefined ? {} : { previous_response_id: previousResponseId }) },
  answer,
});
