// @vitest-environment node
// The Gemini Interactions tool loop as the AI SDK's Google provider sends it (`@ai-sdk/google` 4,
// `google.interactions(…)` under `ai` 7's streamText, which runs the tool and sends the next step
// itself), against a server on 127.0.0.1 that streams the demo's recording (a function call, status
// `requires_action`) and then an answer. The requests the provider wrote and the streams it read are
// checked as a capture: resending the history (its default) is a clean loop with the call done; naming
// the interaction in `previous_interaction_id` makes it send the prompt again without the function
// result, which the loop check reports. A second call whose step never stopped the provider never emits
// nor runs: the stream's error says so, and the loop asks no result for it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import { ssePayloads, sseServer, type SseServer } from '../support/client-agreement';
import { requestCapture } from '../../src/analysis/tool-loop/test-support';
import { interactionCalls, interactionsStream, interactionText } from '../../src/analysis/tool-loop/gemini-interactions-support';

const ROOT = path.resolve(__dirname, '../..');
const CALL_SSE = fs.readFileSync(path.join(ROOT, 'src/protocols/gemini-interactions/testdata/valid-thought-text-call.sse'), 'utf8');
const ANSWER = interactionText('v1_def', 'It is 21 °C in Paris.');
const ANSWER_SSE = ANSWER.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

// Two calls, the second's step.stop (its step 2) left out.
const UNSTOPPED = interactionCalls('v1_abc', [
  { id: 'call_1', name: 'getWeather', arguments: '{"location":"Paris"}' },
  { id: 'call_2', name: 'getWeather', arguments: '{"location":"Rome"}' },
]).filter((e) => JSON.stringify(e) !== '{"index":2,"event_type":"step.stop"}');

let server: SseServer;
let origin: string;
let bodies: unknown[] = [];
/** What the first request of a loop is answered with. */
let callSse = CALL_SSE;

beforeAll(async () => {
  // The first request of a loop is answered with the tool call, the follow-up with text.
  server = await sseServer((url) => url === '/v1beta/interactions', (n) => (n % 2 === 1 ? callSse : ANSWER_SSE));
  origin = server.origin;
  bodies = server.bodies;
});
afterAll(() => server.close());

/** Two steps of streamText with a weather tool; `stored` names the first interaction in the second step. */
async function loop(stored: boolean, first = CALL_SSE) {
  bodies.length = 0;
  callSse = first;
  const ran: string[] = [];
  const google = createGoogleGenerativeAI({ baseURL: `${origin}/v1beta`, apiKey: 'test-key' });
  const result = streamText({
    model: google.interactions('gemini-2.5-flash'),
    prompt: 'What is the weather like today?',
    tools: { getWeather: tool({ inputSchema: z.object({ location: z.string() }), execute: async ({ location }) => (ran.push(location), { location, temperature: 21 }) }) },
    stopWhen: stepCountIs(2),
    prepareStep: ({ stepNumber, steps }) => {
      const id = steps[0]?.providerMetadata?.google?.interactionId;
      return stored && stepNumber === 1 && typeof id === 'string' ? { providerOptions: { google: { previousInteractionId: id } } } : {};
    },
  });
  expect(await result.text).toContain('It is 21 °C in Paris.');
  expect(bodies).toHaveLength(2);
  expect(ran).toEqual(['Paris']);
  return requestCapture(interactionsStream, bodies.map((body, i) => ({ body, answer: ssePayloads(i === 0 ? first : ANSWER_SSE) })));
}

const rules = (capture: ReturnType<typeof requestCapture>) => check(capture).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.rule}`));

describe('the Gemini Interactions tool loop as the AI SDK sends it (@ai-sdk/google 4, ai 7 streamText)', () => {
  it('resending the history: clean, its function_call and function_result in the fields the check reads, the call done', async () => {
    const capture = await loop(false);
    expect(bodies[1]).toMatchObject({ input: expect.arrayContaining([expect.objectContaining({ type: 'function_call', id: 'call_1' }), expect.objectContaining({ type: 'user_input', content: [expect.objectContaining({ type: 'function_result', call_id: 'call_1' })] })]) });
    expect(rules(capture)).toEqual([]);
    expect(render(capture)).toContain('● done — Get weather (getWeather)');
  });

  it('naming the interaction (previousInteractionId): the provider sends the prompt again without the result, and the check says so', async () => {
    const capture = await loop(true);
    expect(bodies[1]).toMatchObject({ previous_interaction_id: 'v1_abc' });
    expect(JSON.stringify(bodies[1])).not.toContain('function_result');
    expect(rules(capture)).toEqual(['error gemini-interactions/loop-missing-tool-result']);
    expect(render(capture)).toContain('● no result sent back — Get weather (getWeather)');
  });

  it('a call whose step never stopped: the provider runs only the other, and only the stream error is reported', async () => {
    expect(UNSTOPPED.filter((e) => (e as { event_type?: string }).event_type === 'step.stop')).toHaveLength(2);
    const capture = await loop(false, UNSTOPPED.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
    expect(JSON.stringify(bodies[1])).not.toContain('call_2');
    expect(rules(capture)).toEqual(['error gemini-interactions/function-call-not-stopped']);
    expect(render(capture)).toContain('● done — Get weather (getWeather)');
    expect(render(capture)).toContain('● its arguments never finished — Get weather (getWeather)');
  });
});
