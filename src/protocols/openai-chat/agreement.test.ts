// @vitest-environment node
// Agreement with the official client: openai's ChatCompletionStream, fed the same SSE bodies through
// the SDK's own SSE reader (Stream.fromSSEResponse → toReadableStream → ChatCompletionStream.fromReadableStream).
// The current major (openai 7, which declares Node ≥ 22 but runs these classes on Node 20) and the previous
// one (openai 6, the `openai-6` alias) both run; test/e2e/reference-clients.test.ts runs openai 7 bundled
// into a page. No network: the Response is built locally.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';
import { Stream } from 'openai/streaming';
import { ChatCompletionStream as ChatCompletionStream6 } from 'openai-6/lib/ChatCompletionStream';
import { Stream as Stream6 } from 'openai-6/streaming';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ViewModel } from '../../model/view';
import { corpusText } from '../../../test/support/real-world';
import { HAS_CORPUS } from '../../../test/support/shared-dir';
import { chunk, runChat, sseFrames, toSse } from './test-helpers';

interface Summary {
  text: string;
  reasoning: string;
  tools: { id: string; name: string; arguments: string }[];
}

type Major = 6 | 7;

/** The SDK's runner for a body: the current major by default. */
function sdkRunner(body: string, major: Major) {
  if (major === 6) return ChatCompletionStream6.fromReadableStream(Stream6.fromSSEResponse(new Response(body), new AbortController()).toReadableStream());
  return ChatCompletionStream.fromReadableStream(Stream.fromSSEResponse(new Response(body), new AbortController()).toReadableStream());
}

async function sdkFinal(body: string, major: Major = 7) {
  const runner = sdkRunner(body, major);
  // The SDK copies `reasoning_content` onto the message (overwriting); collect the deltas it saw.
  let reasoningSeen = '';
  runner.on('chunk', (c) => {
    const delta = c.choices[0]?.delta as { reasoning_content?: unknown; reasoning?: unknown } | undefined;
    const r = delta?.reasoning_content ?? delta?.reasoning;
    if (typeof r === 'string') reasoningSeen += r;
  });
  try {
    const completion = await runner.finalChatCompletion();
    const message = completion.choices[0]?.message;
    const lastReasoning = (message as { reasoning_content?: unknown } | undefined)?.reasoning_content;
    const summary: Summary = {
      text: message?.content ?? '',
      reasoning: reasoningSeen,
      tools: (message?.tool_calls ?? []).map((t) => (t.type === 'function' ? { id: t.id, name: t.function.name, arguments: t.function.arguments } : { id: t.id, name: '', arguments: '' })),
    };
    return { ok: true as const, summary, lastReasoning };
  } catch (err) {
    return { ok: false as const, error: String(err) };
  }
}

function ourSummary(view: ViewModel): Summary {
  const s: Summary = { text: '', reasoning: '', tools: [] };
  for (const item of view.items) {
    if (item.kind === 'text') s.text += item.text;
    else if (item.kind === 'reasoning') s.reasoning += item.text;
    else if (item.kind === 'tool') s.tools.push({ id: item.toolId, name: item.name, arguments: item.inputText ?? '' });
  }
  return s;
}

const role = chunk({ role: 'assistant', content: '' });
const valid: Record<string, string> = {
  'valid-reasoning-tools.sse': readFileSync(path.resolve(__dirname, 'testdata/valid-reasoning-tools.sse'), 'utf8'),
  'plain text with a usage chunk': toSse([role, chunk({ content: 'Hello' }), chunk({ content: ' world' }), chunk({}, 'stop'), { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-x', choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }, '[DONE]']),
  'tool call split over many chunks': toSse([
    role,
    chunk({ tool_calls: [{ index: 0, id: 'call_9', type: 'function', function: { name: 'search', arguments: '' } }] }),
    ...'{"q":"zod 4"}'.split('').map((ch) => chunk({ tool_calls: [{ index: 0, function: { arguments: ch } }] })),
    chunk({}, 'tool_calls'),
    '[DONE]',
  ]),
};

const rejected: Record<string, string> = {
  'non-JSON data': toSse([role, '{"choices":', '[DONE]']),
  'only [DONE]': toSse(['[DONE]']),
  'empty body': '',
};

describe('agreement with openai ChatCompletionStream', () => {
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  const cases = Object.entries(valid).flatMap(([name, body]) => [7, 6].map((major) => [name, major as Major, body] as const));
  it.each(cases)('%s, openai %i: same text, reasoning and tool calls', async (_name, major, body) => {
    const sdk = await sdkFinal(body, major);
    expect(sdk.ok).toBe(true);
    const ours = runChat(sseFrames(body));
    if (!sdk.ok) return;
    expect(ourSummary(ours.view)).toEqual(sdk.summary);
    // The SDK keeps only the last reasoning fragment (Object.assign); ours is the whole text ending with it.
    if (typeof sdk.lastReasoning === 'string') expect(ourSummary(ours.view).reasoning.endsWith(sdk.lastReasoning)).toBe(true);
    for (const tool of ours.view.items.filter((i) => i.kind === 'tool')) {
      if (tool.kind === 'tool') expect(tool.input).toEqual(JSON.parse(tool.inputText ?? '{}'));
    }
    expect(ours.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  // ChatCompletionStream's accumulator is stricter than the providers that speak this protocol and
  // than the clients that read them (the raw `for await` over the stream, the AI SDK's
  // OpenAI-compatible provider). Graded by docs/severity-policy.md instead:
  // - no delta.role (Z.ai, some gateways), no finish_reason, no tool-call `type` (Mistral): the content
  //   is whole and other clients show it, so info;
  // - an error payload: the stream reports its own failure, a warning.
  it.each([
    ['no delta.role', toSse([chunk({ content: 'x' }), chunk({}, 'stop'), '[DONE]']), []],
    ['no finish_reason', toSse([role, chunk({ content: 'x' }), '[DONE]']), []],
    ['a tool call without type', toSse([role, chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{}' } }] }), chunk({}, 'tool_calls'), '[DONE]']), []],
    ['an error payload', toSse([role, { error: { message: 'Rate limit reached', type: 'requests' } }]), ['openai-chat/error-payload']],
  ])('SDK rejects %s; we grade it by the policy', async (_name, body, warnings) => {
    expect((await sdkFinal(body)).ok).toBe(false);
    expect((await sdkFinal(body, 6)).ok).toBe(false);
    const findings = runChat(sseFrames(body)).findings;
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'warning').map((f) => f.rule)).toEqual(warnings);
  });

  it.each(Object.entries(rejected))('SDK rejects "%s" and we report an error', async (_name, body) => {
    const sdk = await sdkFinal(body);
    expect(sdk.ok).toBe(false);
    expect((await sdkFinal(body, 6)).ok).toBe(false);
    expect(runChat(sseFrames(body)).findings.filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
  });

  // A tool call without `index` (Mistral): openai ≥ 7.5 throws, and openai 6 finishes without the call
  // (its snapshot keys the call by `undefined`). An error whose message names both; the view shows the
  // call, matched by id.
  const noIndex = toSse([role, chunk({ tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] }), chunk({}, 'tool_calls'), '[DONE]']);
  const mistral = HAS_CORPUS ? toSse(corpusText('vercel-ai/mistral_mistral-tool-call.jsonl').split('\n').filter((l) => l.trim() !== '')) : '';
  it.each([
    ['inline', noIndex, { id: 'c1', name: 'weather', arguments: '{"city":"Paris"}' }],
    ['the Mistral recording', mistral, { id: 'gSIMJiOkT', name: 'weather', arguments: '{"location": "San Francisco"}' }],
  ])('a tool call without index (%s): openai 7 throws, openai 6 drops it, we report an error and show it', async (name, body, call) => {
    if (name !== 'inline' && !HAS_CORPUS) return;
    expect(await sdkFinal(body)).toMatchObject({ ok: false, error: expect.stringContaining('invalid tool call index') });
    expect(await sdkFinal(body, 6)).toMatchObject({ ok: true, summary: { tools: [] } });
    const ours = runChat(sseFrames(body));
    expect(ourSummary(ours.view).tools).toEqual([call]);
    const errors = ours.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => f.rule)).toEqual(['openai-chat/tool-call-index-missing']);
    expect(errors[0]?.message).toContain('openai ≥ 7.5 throws');
  });
});
