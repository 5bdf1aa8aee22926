// Building OpenAI Chat tool-loop captures in tests: requests (a `messages` body) and the chunk streams
// that answer them, as a Capture or as a HAR the way Chrome exports one.
import type { Capture, Connection, Frame } from '../../model/frame';
import { chunk } from '../../protocols/openai-chat/test-helpers';

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

/** One request and the stream that answered it, in any protocol. */
export interface RequestExchange {
  body: unknown;
  /** The stream's payloads (`[DONE]` as a string). */
  answer: (object | string)[];
}

export interface StreamOptions {
  url: string;
  /** SSE `event:` lines named after each payload's `type` (Anthropic, OpenAI Responses). */
  named?: boolean;
}

const chatStream: StreamOptions = { url: 'https://api.example/v1/chat/completions' };
const chatBody = (e: Exchange) => ({ model: 'gpt-x', stream: true, messages: e.messages });

/** One connection per exchange: the request body as the first (outgoing) frame, then the chunks. */
export function loopCapture(exchanges: readonly Exchange[]): Capture {
  return requestCapture(chatStream, exchanges.map((e) => ({ body: chatBody(e), answer: e.answer })));
}

/** The same exchanges as a HAR: one POST entry per request with its SSE response body. */
export function loopHar(exchanges: readonly Exchange[]): string {
  return requestHar(chatStream, exchanges.map((e) => ({ body: chatBody(e), answer: e.answer })));
}

function eventName(payload: object | string, options: StreamOptions): string | undefined {
  const type = typeof payload === 'string' || !options.named ? undefined : (payload as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

export function requestCapture(options: StreamOptions, exchanges: readonly RequestExchange[]): Capture {
  const connections: Connection[] = [];
  const frames: Frame[] = [];
  exchanges.forEach((e, n) => {
    const id = `req-${n + 1}`;
    const body = JSON.stringify(e.body);
    connections.push({ id, transport: 'sse', method: 'POST', url: options.url, requestBody: body });
    const push = (direction: 'in' | 'out', data: string, name?: string) => {
      const frame: Frame = { index: frames.length, connectionId: id, time: frames.length, direction, kind: 'message', data };
      if (name !== undefined) frame.eventName = name;
      frames.push(frame);
    };
    push('out', body);
    for (const p of e.answer) push('in', typeof p === 'string' ? p : JSON.stringify(p), eventName(p, options));
  });
  return { connections, frames };
}

/** A stream's SSE body. */
export function sseBody(payloads: readonly (object | string)[], options: StreamOptions): string {
  return payloads
    .map((p) => {
      const name = eventName(p, options);
      return `${name === undefined ? '' : `event: ${name}\n`}data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`;
    })
    .join('');
}

/** A HAR entry as Chrome exports one: a JSON POST and its response. */
export function harEntry(url: string, n: number, body: unknown, response: { status: number; mimeType: string; text: string }): object {
  return {
    startedDateTime: new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString(),
    time: 200,
    request: {
      method: 'POST',
      url,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      queryString: [],
      cookies: [],
      postData: { mimeType: 'application/json', text: JSON.stringify(body) },
    },
    response: { status: response.status, headers: [{ name: 'Content-Type', value: response.mimeType }], content: { size: response.text.length, mimeType: response.mimeType, text: response.text } },
    timings: { blocked: 1, dns: -1, connect: -1, send: 2, wait: 30, receive: 5 },
  };
}

export function harOf(entries: readonly object[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries } }, null, 1);
}

/** The exchanges as a HAR: one POST entry per request with its SSE response body. */
export function requestHar(options: StreamOptions, exchanges: readonly RequestExchange[]): string {
  return harOf(exchanges.map((e, n) => harEntry(options.url, n, e.body, { status: 200, mimeType: 'text/event-stream', text: sseBody(e.answer, options) })));
}
