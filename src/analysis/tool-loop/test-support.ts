// Building OpenAI Chat tool-loop captures in tests: requests (a `messages` body) and the chunk streams
// that answer them, as a Capture or as a HAR the way Chrome exports one.
import type { Capture, Connection, Frame } from '../../model/frame';
import { chunk, toSse } from '../../protocols/openai-chat/test-helpers';

export interface Call {
  id: string;
  name: string;
  arguments: string;
}

export interface Exchange {
  messages: unknown[];
  /** The chunk payloads of the answer, `[DONE]` included. */
  answer: (object | string)[];
}

export const system = { role: 'system', content: 'You are a weather assistant.' };
export const user = (content: string) => ({ role: 'user', content });
export const assistantCalls = (calls: readonly Call[]) => ({
  role: 'assistant',
  content: null,
  tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
});
export const toolResult = (id: string, content = '{"temp":21}') => ({ role: 'tool', tool_call_id: id, content });

export const weather = (id: string, city: string): Call => ({ id, name: 'get_weather', arguments: `{"city":"${city}"}` });

/** A stream that asks for these tool calls: each call's id and name, its arguments in two pieces, then finish_reason "tool_calls". */
export function callsAnswer(calls: readonly Call[]): (object | string)[] {
  return [
    chunk({ role: 'assistant', content: null }),
    ...calls.flatMap((c, index) => [
      chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments.slice(0, 5) } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: c.arguments.slice(5) } }] }),
    ]),
    chunk({}, 'tool_calls'),
    '[DONE]',
  ];
}

export function textAnswer(text: string): (object | string)[] {
  return [chunk({ role: 'assistant', content: text }), chunk({}, 'stop'), '[DONE]'];
}

/** One connection per exchange: the request body as the first (outgoing) frame, then the chunks. */
export function loopCapture(exchanges: readonly Exchange[]): Capture {
  const connections: Connection[] = [];
  const frames: Frame[] = [];
  exchanges.forEach((e, n) => {
    const id = `req-${n + 1}`;
    const body = JSON.stringify({ model: 'gpt-x', stream: true, messages: e.messages });
    connections.push({ id, transport: 'sse', method: 'POST', url: 'https://api.example/v1/chat/completions', requestBody: body });
    const push = (direction: 'in' | 'out', data: string) => frames.push({ index: frames.length, connectionId: id, time: frames.length, direction, kind: 'message', data });
    push('out', body);
    for (const p of e.answer) push('in', typeof p === 'string' ? p : JSON.stringify(p));
  });
  return { connections, frames };
}

/** The same exchanges as a HAR: one POST entry per request with its SSE response body. */
export function loopHar(exchanges: readonly Exchange[]): string {
  const entries = exchanges.map((e, n) => ({
    startedDateTime: new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString(),
    time: 200,
    request: {
      method: 'POST',
      url: 'https://api.example/v1/chat/completions',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      queryString: [],
      cookies: [],
      postData: { mimeType: 'application/json', text: JSON.stringify({ model: 'gpt-x', stream: true, messages: e.messages }) },
    },
    response: { status: 200, headers: [{ name: 'Content-Type', value: 'text/event-stream' }], content: { size: 0, mimeType: 'text/event-stream', text: toSse(e.answer) } },
    timings: { blocked: 1, dns: -1, connect: -1, send: 2, wait: 30, receive: 5 },
  }));
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries } }, null, 1);
}
