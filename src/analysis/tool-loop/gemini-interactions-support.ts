// Building Gemini Interactions tool-loop captures in tests: request bodies (`input` steps as the AI SDK
// sends the history, `previous_interaction_id`) and the events that answer them.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const interactionsStream: StreamOptions = { url: 'https://generativelanguage.googleapis.com/v1beta/interactions' };

export const userInput = (text: string) => ({ type: 'user_input', content: [{ type: 'text', text }] });

/** The model's `function_call` steps resent in the history. */
export const functionCallSteps = (calls: readonly Call[]) => calls.map((c) => ({ type: 'function_call', id: c.id, name: c.name, arguments: JSON.parse(c.arguments) as unknown, signature: '' }));

/** A user_input step with one `function_result` per call id. */
export const functionResults = (...ids: string[]) => ({ type: 'user_input', content: ids.map((id) => ({ type: 'function_result', call_id: id, name: 'get_weather', result: '{"temp":21}' })) });

const created = (id: string) => ({ interaction: { id, status: 'in_progress', object: 'interaction', model: 'gemini-2.5-flash' }, event_type: 'interaction.created' });
const completed = (id: string, status: string) => ({ interaction: { id, status, object: 'interaction', model: 'gemini-2.5-flash', usage: { total_tokens: 70, total_input_tokens: 50, total_output_tokens: 20 } }, event_type: 'interaction.completed' });

/** An interaction that asks for these calls: a text step, then each call's step with its arguments streamed, then `requires_action`. */
export function interactionCalls(id: string, calls: readonly Call[]): object[] {
  return [
    created(id),
    { index: 0, step: { type: 'model_output' }, event_type: 'step.start' },
    { index: 0, delta: { type: 'text', text: 'Let me check.' }, event_type: 'step.delta' },
    { index: 0, event_type: 'step.stop' },
    ...calls.flatMap((c, i) => [
      { index: i + 1, step: { type: 'function_call', id: c.id, name: c.name, arguments: {}, signature: '' }, event_type: 'step.start' },
      { index: i + 1, delta: { type: 'arguments_delta', arguments: c.arguments }, event_type: 'step.delta' },
      { index: i + 1, event_type: 'step.stop' },
    ]),
    completed(id, 'requires_action'),
  ];
}

export function interactionText(id: string, text: string): object[] {
  return [
    created(id),
    { index: 0, step: { type: 'model_output' }, event_type: 'step.start' },
    { index: 0, delta: { type: 'text', text }, event_type: 'step.delta' },
    { index: 0, event_type: 'step.stop' },
    completed(id, 'completed'),
  ];
}

export const interactionExchange = (input: readonly unknown[] | string, answer: object[], previous?: string): RequestExchange => ({
  body: { model: 'gemini-2.5-flash', stream: true, input, ...(previous === undefined ? {} : { previous_interaction_id: previous }) },
  answer,
});
