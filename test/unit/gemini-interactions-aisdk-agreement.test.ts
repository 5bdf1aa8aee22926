// @vitest-environment node
// Agreement with the AI SDK's Google Interactions model (`@ai-sdk/google` 4, `google.interactions(…)`'s
// doStream, run in Node 20 though it declares Node ≥ 22): Gemini Interactions API streams
// (`POST /v1beta/interactions`, `stream: true`) served from 127.0.0.1, read by the provider and by the
// fold. The real recordings (../shared/corpus-pending) read alike and the fold has no finding on them.
// Then the broken streams where the fold once disagreed with the clients (@google/genai 3.3 yields every
// event as it came; src/protocols/gemini-interactions/fold.test.ts holds the view): where the provider
// shows what the view shows, no error; where it loses content the view shows (a call never stopped, a
// text delta in a thought step, a call's arguments before its start came again), an error; a thought
// summary it drops from a model_output step, a warning.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { HELLO_PROMPT, parseArgs, sseServer, type Assembled, type SseServer } from '../support/client-agreement';

type Json = Record<string, unknown>;

const RECORDINGS = HAS_PENDING ? fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).filter((f) => f.startsWith('google_interactions_')) : [];

let server: SseServer;
let body = '';
beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1beta/interactions'), () => body);
});
afterAll(() => server.close());

interface SdkRead extends Assembled {
  /** The calls the provider's server ran (code execution, search), with their arguments. */
  server: Assembled['calls'];
  /** The tools whose result the provider emitted. */
  results: string[];
  failed?: string;
}

/** The provider's reading, which must not fail: none of these streams makes it fail. */
async function throughAiSdk(sse: string): Promise<SdkRead> {
  const r = await readAiSdk(sse);
  expect(r.failed, 'the provider read the stream').toBeUndefined();
  return r;
}

/** What the provider's doStream emits: text, thinking, the page's calls, the server's calls and results. */
async function readAiSdk(sse: string): Promise<SdkRead> {
  body = sse;
  const model = createGoogleGenerativeAI({ baseURL: `${server.origin}/v1beta`, apiKey: 'test-key' }).interactions('gemini-2.5-flash');
  const r: SdkRead = { text: '', reasoning: '', calls: [], server: [], results: [] };
  try {
    const { stream } = await model.doStream(HELLO_PROMPT as never);
    for await (const p of stream as unknown as AsyncIterable<Json>) {
      if (p.type === 'text-delta') r.text += p.delta as string;
      else if (p.type === 'reasoning-delta') r.reasoning += p.delta as string;
      else if (p.type === 'tool-call') (p.providerExecuted === true ? r.server : r.calls).push({ name: p.toolName as string, args: parseArgs((p.input as string) ?? '') });
      else if (p.type === 'tool-result') r.results.push(p.toolName as string);
      else if (p.type === 'error') r.failed ??= String(p.error);
    }
  } catch (e) {
    r.failed ??= String(e);
  }
  return r;
}

function throughFold(sse: string) {
  const capture = readInput(sse).capture;
  for (const c of capture.connections) c.url ??= 'https://generativelanguage.googleapis.com/v1beta/interactions';
  const sessions = splitSessions(capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['gemini-interactions']);
  const items = sessions[0]!.pipeline.view().items;
  const tools = items.filter((i): i is ToolItem => i.kind === 'tool');
  return {
    assembled: {
      text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text).join(''),
      // The page's calls, as the provider emits them: not the server's, not one that never finished.
      calls: tools.filter((t) => !t.name.endsWith('code_execution') && !t.name.startsWith('google_search') && t.unfinished === undefined).map((t) => ({ name: t.name, args: t.input ?? {} })),
    } satisfies Assembled,
    tools,
    findings: sessions[0]!.pipeline.findings().map((f) => `${f.rule}:${f.severity}`),
  };
}

/** A stream of events, each under its type as the SSE event name, as the API sends them. */
const sse = (...events: Json[]) => events.map((e) => `event: ${e.event_type as string}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const CREATED = { event_type: 'interaction.created', interaction: { id: 'v1_abc', status: 'in_progress', model: 'gemini-2.5-flash' } };
const done = (status = 'completed') => ({ event_type: 'interaction.completed', interaction: { id: 'v1_abc', status, model: 'gemini-2.5-flash', usage: { total_tokens: 3 } } });
const start = (index: number, step: Json) => ({ event_type: 'step.start', index, step });
const delta = (index: number, d: Json) => ({ event_type: 'step.delta', index, delta: d });
const stop = (index: number) => ({ event_type: 'step.stop', index });
const FC = { type: 'function_call', id: 'call_1', name: 'getWeather', arguments: {} };
const ARGS = { type: 'arguments_delta', arguments: '{"location":"Paris"}' };
const HI = { type: 'text', text: 'Hi' };
const HMM = { type: 'thought_summary', content: { type: 'text', text: 'Hmm' } };
const PARIS = [{ name: 'getWeather', args: { location: 'Paris' } }];
const CODE = [start(0, { type: 'code_execution_call', id: 'x1' }), delta(0, { type: 'code_execution_call', arguments: { code: 'print(2)' } }), stop(0)];

/** The provider read it without failing and shows what the view shows; the fold's findings are `findings`. */
async function agrees(stream: string, findings: string[]): Promise<SdkRead> {
  const ours = throughFold(stream);
  const theirs = await throughAiSdk(stream);
  expect(ours.assembled).toEqual({ text: theirs.text, reasoning: theirs.reasoning, calls: theirs.calls });
  expect(ours.findings).toEqual(findings);
  return theirs;
}

describe("@ai-sdk/google 4's Interactions model agrees with the Gemini Interactions fold", () => {
  it.skipIf(!HAS_PENDING).each(HAS_PENDING ? RECORDINGS : ['none'])(needsShared('the real recording %s', HAS_PENDING, 'corpus-pending'), async (name) => {
    const lines = fs.readFileSync(path.join(PENDING_DIR, 'vercel-ai', name), 'utf8').split('\n').filter((l) => l.trim() !== '');
    await agrees(sse(...lines.map((l) => JSON.parse(l) as Json)), []);
  });

  describe('events after interaction.completed: the provider keeps each step open until its own step.stop, and so does the view', () => {
    it('a text step stopped after completed', async () => {
      expect((await agrees(sse(CREATED, start(0, { type: 'model_output' }), delta(0, HI), done(), stop(0)), ['gemini-interactions/event-after-completed:warning'])).text).toBe('Hi');
    });

    it('a text delta after completed', async () => {
      expect((await agrees(sse(CREATED, start(0, { type: 'model_output' }), done(), delta(0, HI), stop(0)), ['gemini-interactions/event-after-completed:warning'])).text).toBe('Hi');
    });

    it('a function call stopped after completed, with its arguments', async () => {
      expect((await agrees(sse(CREATED, start(0, FC), delta(0, ARGS), done('requires_action'), stop(0)), ['gemini-interactions/event-after-completed:warning'])).calls).toEqual(PARIS);
    });
  });

  it('a function call never stopped: the provider never emits it, the fold reports an error and shows it unfinished', async () => {
    const stream = sse(CREATED, start(0, FC), delta(0, ARGS), done('requires_action'));
    const theirs = await throughAiSdk(stream);
    expect(theirs).toMatchObject({ calls: [] });
    const ours = throughFold(stream);
    expect(ours.assembled.calls).toEqual(theirs.calls);
    expect(ours.tools.map((t) => [t.name, t.input, t.unfinished !== undefined])).toEqual([['getWeather', { location: 'Paris' }, true]]);
    expect(ours.findings).toEqual(['gemini-interactions/function-call-not-stopped:error']);
  });

  it('a function call with its arguments on step.start only: the provider runs it with {}, an error; the view shows them as @google/genai yields them', async () => {
    const stream = sse(CREATED, start(0, { ...FC, arguments: { location: 'Paris' } }), stop(0), done('requires_action'));
    expect(await throughAiSdk(stream)).toMatchObject({ calls: [{ name: 'getWeather', args: {} }] });
    const ours = throughFold(stream);
    expect(ours.assembled.calls).toEqual(PARIS);
    expect(ours.findings).toEqual(['gemini-interactions/arguments-on-start-only:error']);
  });

  it('a delta for an index no open step has: the provider drops it, an error; the view shows its text as @google/genai yields it', async () => {
    const stream = sse(CREATED, delta(0, HI), start(1, { type: 'model_output' }), delta(1, { type: 'text', text: ' there' }), stop(1), done());
    expect(await throughAiSdk(stream)).toMatchObject({ text: ' there' });
    const ours = throughFold(stream);
    expect(ours.assembled.text).toBe('Hi there');
    expect(ours.findings).toEqual(['gemini-interactions/step-not-started:error']);
  });

  describe('a delta whose type does not match its step', () => {
    it('a thought_summary delta in a model_output step: the provider drops the summary and keeps the text, an error', async () => {
      const stream = sse(CREATED, start(0, { type: 'model_output' }), delta(0, HMM), delta(0, HI), stop(0), done());
      const theirs = await throughAiSdk(stream);
      expect(theirs).toMatchObject({ text: 'Hi', reasoning: '' });
      const ours = throughFold(stream);
      expect(ours.assembled).toEqual({ text: 'Hi', reasoning: 'Hmm', calls: [] });
      expect(ours.findings).toEqual(['gemini-interactions/summary-outside-thought:error']);
    });

    it('a text delta in a thought step: the provider drops the text, an error', async () => {
      const stream = sse(CREATED, start(0, { type: 'thought' }), delta(0, HI), stop(0), done());
      expect(await throughAiSdk(stream)).toMatchObject({ text: '', reasoning: '' });
      const ours = throughFold(stream);
      expect(ours.assembled.text).toBe('Hi');
      expect(ours.findings).toEqual(['gemini-interactions/text-outside-output:error']);
    });
  });

  describe('a server tool answered by a result step without a result delta: the provider emits the result, the view shows the call answered', () => {
    it.each([
      ['no result at all', start(1, { type: 'code_execution_result', call_id: 'x1' })],
      ['the result on step.start', start(1, { type: 'code_execution_result', call_id: 'x1', result: '2' })],
    ])('%s', async (_, resultStart) => {
      const theirs = await agrees(sse(CREATED, ...CODE, resultStart, stop(1), done()), []);
      expect(theirs).toMatchObject({ server: [{ name: 'code_execution', args: { code: 'print(2)' } }], results: ['code_execution'] });
      expect(throughFold(sse(CREATED, ...CODE, resultStart, stop(1), done())).tools.map((t) => [t.name, t.status])).toEqual([['code_execution', 'success']]);
    });
  });

  describe('repeats where nothing is lost: the provider shows what the view shows, a warning', () => {
    const text = [start(0, { type: 'model_output' }), delta(0, HI), stop(0)];
    it.each([
      ['a repeated step.stop', [CREATED, ...text, stop(0), done()], 'gemini-interactions/stop-without-start:warning'],
      ['a step.stop for an index never started', [CREATED, stop(1), start(0, { type: 'model_output' }), delta(0, HI), stop(0), done()], 'gemini-interactions/stop-without-start:warning'],
      ['the same step.start repeated before any delta', [CREATED, start(0, { type: 'model_output' }), ...text, done()], 'gemini-interactions/step-start-repeated:warning'],
      ['the same function call start repeated before its arguments', [CREATED, start(0, FC), start(0, FC), delta(0, ARGS), stop(0), done('requires_action')], 'gemini-interactions/step-start-repeated:warning'],
    ])('%s', async (_, events, finding) => {
      const theirs = await agrees(sse(...events), [finding]);
      expect(theirs.text !== '' || theirs.calls.length > 0, 'the provider showed something to compare').toBe(true);
    });
  });

  it("a function call's step.start again after its arguments: one call, its arguments lost in both, an error", async () => {
    const stream = sse(CREATED, start(0, FC), delta(0, ARGS), start(0, FC), stop(0), done('requires_action'));
    const ours = throughFold(stream);
    const theirs = await throughAiSdk(stream);
    expect(theirs).toMatchObject({ calls: [{ name: 'getWeather', args: {} }] });
    expect(ours.assembled.calls).toEqual(theirs.calls);
    expect(ours.findings).toEqual(['gemini-interactions/step-index-reused:error']);
  });
});
