// @vitest-environment node
// The Cohere tool loop as the official clients send it, against a server on 127.0.0.1 that streams the
// demo's recording (a tool call) and then an answer: `cohere-ai` 8.1's CohereClientV2.chatStream running
// Cohere's documented loop (stream, run the tool, send the assistant message with its tool plan and tool
// calls, then one tool message per call), and the AI SDK's Cohere provider (`@ai-sdk/cohere` 4 under
// `ai` 7's streamText, which runs the tool and sends the next step itself). The requests each client
// actually wrote (its own field names on the wire) and the streams it read are checked as a capture: the
// loop it completes is clean, the same loop with a result sent for the wrong call id is not, and the
// call reads as done by the follow-up.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CohereClientV2, type Cohere } from 'cohere-ai';
import { createCohere } from '@ai-sdk/cohere';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import { ssePayloads, sseServer, type SseServer } from '../support/client-agreement';
import { requestCapture, type RequestExchange } from '../../src/analysis/tool-loop/test-support';
import { cohereStream } from '../../src/analysis/tool-loop/cohere-support';

const ROOT = path.resolve(__dirname, '../..');
const CALLS_SSE = fs.readFileSync(path.join(ROOT, 'src/protocols/cohere/testdata/valid-thinking-tool-call.sse'), 'utf8');
const ANSWER = [
  { id: 'm2', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } },
  { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } },
  { type: 'content-delta', index: 0, delta: { message: { content: { text: 'It is 21 °C in Paris.' } } } },
  { type: 'content-end', index: 0 },
  { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 30, output_tokens: 9 }, tokens: { input_tokens: 530, output_tokens: 9 } } } },
];
const ANSWER_SSE = ANSWER.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

let server: SseServer;
let origin: string;
let bodies: unknown[] = [];

beforeAll(async () => {
  // The first request of a loop is answered with the tool call, the follow-up with text.
  server = await sseServer((url) => url === '/v2/chat', (n) => (n % 2 === 1 ? CALLS_SSE : ANSWER_SSE));
  origin = server.origin;
  bodies = server.bodies;
});
afterAll(() => server.close());

interface Streamed {
  plan: string;
  calls: Cohere.ToolCallV2[];
  finish?: string;
}

async function streamOnce(client: CohereClientV2, messages: Cohere.ChatMessages): Promise<Streamed> {
  const out: Streamed = { plan: '', calls: [] };
  const stream = await client.chatStream({ model: 'command-a-03-2025', messages, tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } } }] });
  for await (const event of stream) {
    if (event.type === 'tool-plan-delta') out.plan += event.delta?.message?.toolPlan ?? '';
    else if (event.type === 'tool-call-start') {
      const tc = event.delta?.message?.toolCalls;
      out.calls.push({ id: tc?.id ?? '', type: 'function', function: { name: tc?.function?.name ?? '', arguments: tc?.function?.arguments ?? '' } });
    } else if (event.type === 'tool-call-delta') {
      const last = out.calls[out.calls.length - 1];
      if (last?.function) last.function.arguments = (last.function.arguments ?? '') + (event.delta?.message?.toolCalls?.function?.arguments ?? '');
    } else if (event.type === 'message-end') out.finish = event.delta?.finishReason ?? undefined;
  }
  return out;
}

/**
 * Cohere's tool-use loop through the client (docs.cohere.com, "Tool use"): the assistant message with
 * the tool plan and calls, then a tool message per call whose content is a document. `answerId` picks
 * the call id the page answers (a bug when it is not the streamed one).
 */
async function loop(answerId: (call: Cohere.ToolCallV2) => string): Promise<RequestExchange[]> {
  bodies.length = 0;
  const client = new CohereClientV2({ token: 'test-token', environment: origin });
  const messages: Cohere.ChatMessages = [{ role: 'user', content: 'What is the weather like today?' }];
  const first = await streamOnce(client, messages);
  expect(first.finish).toBe('TOOL_CALL');
  messages.push({ role: 'assistant', toolPlan: first.plan, toolCalls: first.calls });
  for (const call of first.calls) {
    messages.push({ role: 'tool', toolCallId: answerId(call), content: [{ type: 'document', document: { data: { location: 'Paris', temperature: 21 } } }] });
  }
  await streamOnce(client, messages);
  // What the client wrote on the wire, each with the stream that answered it.
  return bodies.map((body, i) => ({ body, answer: ssePayloads(i === 0 ? CALLS_SSE : ANSWER_SSE) }));
}

describe('the Cohere tool loop as cohere-ai 8.1 sends it', () => {
  it('is clean, its follow-up in the fields the loop check reads, and the call done by the follow-up', async () => {
    const exchanges = await loop((call) => call.id);
    // The client's own serialisation: snake_case on the wire.
    expect(exchanges[1]?.body).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant', tool_plan: 'I will use the weather tool.', tool_calls: [{ id: 'weather_1', type: 'function', function: { name: 'weather' } }] },
        { role: 'tool', tool_call_id: 'weather_1' },
      ],
    });
    const capture = requestCapture(cohereStream, exchanges);
    expect(check(capture).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.rule}`))).toEqual([]);
    const text = render(capture);
    expect(text).toContain('● done — Weather (weather)');
    expect(text).toContain('It is 21 °C in Paris.');
  });

  it('with the result sent for a call id the stream never gave: unknown id and a call without its result', async () => {
    const capture = requestCapture(cohereStream, await loop(() => 'weather_2'));
    expect(check(capture).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.rule}`))).toEqual(['error cohere/loop-unknown-tool-call-id', 'error cohere/loop-missing-tool-result']);
    expect(render(capture)).toContain('● no result sent back — Weather (weather)');
  });
});

describe('the Cohere tool loop as the AI SDK sends it (@ai-sdk/cohere 4, ai 7 streamText)', () => {
  it('is clean, and the call reads as done by the follow-up', async () => {
    bodies.length = 0;
    const cohere = createCohere({ baseURL: `${origin}/v2`, apiKey: 'test-key' });
    const result = streamText({
      model: cohere('command-a-03-2025'),
      prompt: 'What is the weather like today?',
      tools: { weather: tool({ inputSchema: z.object({ location: z.string() }), execute: async ({ location }) => ({ location, temperature: 21 }) }) },
      stopWhen: stepCountIs(2),
    });
    expect(await result.text).toContain('It is 21 °C in Paris.');
    expect(bodies).toHaveLength(2);
    const capture = requestCapture(cohereStream, bodies.map((body, i) => ({ body, answer: ssePayloads(i === 0 ? CALLS_SSE : ANSWER_SSE) })));
    expect(check(capture).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.rule}`))).toEqual([]);
    expect(render(capture)).toContain('● done — Weather (weather)');
  });
});

