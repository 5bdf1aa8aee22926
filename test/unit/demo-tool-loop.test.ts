// @vitest-environment node
// The demo's tool-loop model, driven the way its page runs the loop (a request, the tools it asks for,
// a follow-up with their results), then read by the inspector: a correct loop gets no finding from the
// stream rules nor from those across requests, and the model answers the way each variant needs.
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { TOOL_LOOP_PATH } from '../../demo/tool-loop';
import { check } from '../../src/api/check';
import type { Capture } from '../../src/model/frame';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, delayScale: 0 });
});
afterAll(() => server.close());

interface Call {
  id: string;
  name: string;
  arguments: string;
}

/** Posts `messages`, adds the request and its records to `capture`, returns the answer's tool calls and finish_reason. */
async function ask(capture: Capture, query: string, body: object): Promise<{ calls: Call[]; finish?: string; text: string }> {
  const id = `c${capture.connections.length + 1}`;
  const requestBody = JSON.stringify({ model: 'demo-tools', stream: true, ...body });
  capture.connections.push({ id, transport: 'sse', method: 'POST', url: `${server.url.slice(0, -1)}${TOOL_LOOP_PATH}${query}`, requestBody });
  const push = (direction: 'in' | 'out', data: string) => capture.frames.push({ index: capture.frames.length, connectionId: id, time: capture.frames.length, direction, kind: 'message', data });
  push('out', requestBody);
  const res = await fetch(`${server.url.slice(0, -1)}${TOOL_LOOP_PATH}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const out: { calls: Call[]; finish?: string; text: string } = { calls: [], text: '' };
  const parser = createParser({
    onEvent: (e) => {
      push('in', e.data);
      if (e.data === '[DONE]') return;
      const choice = (JSON.parse(e.data) as { choices: { delta: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason: string | null }[] }).choices[0]!;
      if (typeof choice.delta.content === 'string') out.text += choice.delta.content;
      for (const tc of choice.delta.tool_calls ?? []) {
        const call = (out.calls[tc.index] ??= { id: '', name: '', arguments: '' });
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name = tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
      }
      if (choice.finish_reason) out.finish = choice.finish_reason;
    },
  });
  parser.feed(await res.text());
  return out;
}

const followUp = (calls: Call[]) => [
  { role: 'assistant', content: null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) },
  ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: '{"temp_c":31}' })),
];

describe('the demo tool-loop model', () => {
  it('asks for two parallel calls, answers their results, and the inspector finds nothing', async () => {
    const capture: Capture = { connections: [], frames: [] };
    const messages: unknown[] = [{ role: 'user', content: 'Weather?' }];
    const first = await ask(capture, '?parallel=1', { messages });
    expect(first.finish).toBe('tool_calls');
    expect(first.calls.map((c) => [c.id, c.name, JSON.parse(c.arguments)])).toEqual([
      ['call_1_1', 'get_weather', { city: 'Hà Nội' }],
      ['call_1_2', 'get_weather', { city: 'Đà Nẵng' }],
    ]);
    const second = await ask(capture, '?parallel=1', { messages: [...messages, ...followUp(first.calls)] });
    expect(second.finish).toBe('stop');
    expect(second.text).toContain('2 kết quả');
    expect(check(capture).flatMap((r) => r.findings)).toEqual([]);
  });

  it('keeps asking with ?endless=1 until the request sets tool_choice "none"', async () => {
    const capture: Capture = { connections: [], frames: [] };
    const messages: unknown[] = [{ role: 'user', content: 'Weather?' }];
    const first = await ask(capture, '?endless=1', { messages });
    messages.push(...followUp(first.calls));
    const again = await ask(capture, '?endless=1', { messages });
    expect([again.finish, again.calls[0]?.id]).toEqual(['tool_calls', 'call_2_1']);
    messages.push(...followUp(again.calls));
    const last = await ask(capture, '?endless=1', { messages, tool_choice: 'none' });
    expect(last.finish).toBe('stop');
    expect(check(capture).flatMap((r) => r.findings)).toEqual([]);
  });

  it('refuses a body without messages', async () => {
    const res = await fetch(`${server.url.slice(0, -1)}${TOOL_LOOP_PATH}`, { method: 'POST', body: '{"input":"hi"}' });
    expect(res.status).toBe(400);
  });
});
