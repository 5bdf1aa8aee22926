// @vitest-environment node
// Agreement with Cohere's official client, `cohere-ai` 8.1 (Node ≥ 18), and with the AI SDK's Cohere
// provider (`@ai-sdk/cohere` 4, the model's doStream): each real Cohere v2 recording
// (../shared/corpus-pending), the demo's streams and streams each client is strict about, served as the
// API streams them from 127.0.0.1, read through the client and by the inspector. The final text, the
// reasoning and the tool calls (name and arguments) the client assembles are the ones the fold shows;
// where the client throws or reports an error part, the inspector reports an error
// (docs/severity-policy.md).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CohereClientV2 } from 'cohere-ai';
import { createCohere } from '@ai-sdk/cohere';
import { readUIMessageStream, streamText } from 'ai';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { expectAgreement, HELLO_PROMPT, parseArgs, readProviderStream, ssePayloads, sseServer, type Assembled, type SseServer } from '../support/client-agreement';

const ROOT = path.resolve(__dirname, '../..');
const RECORDINGS = ['cohere_cohere-text', 'cohere_cohere-reasoning', 'cohere_cohere-tool-call', 'cohere_cohere-empty-tool-call'];
const DEMO = ['valid-thinking-tool-call.sse', 'invalid-cut-short.sse'];

/** A recording (one JSON event a line) as the API streams it: each event under its own name. */
function sseOfLines(file: string): string {
  const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\n').filter((l) => l.trim() !== '');
  return lines.map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}\n\n`).join('');
}

let server: SseServer;
let origin: string;
let body = '';

beforeAll(async () => {
  server = await sseServer((url) => url === '/v2/chat', () => body);
  origin = server.origin;
});
afterAll(() => server.close());

/** What the client assembles from the stream, as a chat UI built on it does: texts, thinking, tool calls. */
async function throughClient(sse: string): Promise<Assembled> {
  body = sse;
  const client = new CohereClientV2({ token: 'test-token', environment: origin });
  const out: Assembled = { text: '', reasoning: '', calls: [] };
  const args: string[] = [];
  const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'Hello' }] });
  for await (const event of stream) {
    if (event.type === 'content-delta') {
      out.text += event.delta?.message?.content?.text ?? '';
      out.reasoning += event.delta?.message?.content?.thinking ?? '';
    } else if (event.type === 'tool-plan-delta') {
      out.reasoning += event.delta?.message?.toolPlan ?? '';
    } else if (event.type === 'tool-call-start') {
      out.calls.push({ name: event.delta?.message?.toolCalls?.function?.name ?? '', args: undefined });
      args.push(event.delta?.message?.toolCalls?.function?.arguments ?? '');
    } else if (event.type === 'tool-call-delta') {
      args[args.length - 1] += event.delta?.message?.toolCalls?.function?.arguments ?? '';
    }
  }
  out.calls.forEach((c, i) => (c.args = parseArgs(args[i]!)));
  return out;
}

function throughInspector(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['cohere']);
  const view: ViewModel = sessions[0]!.pipeline.view();
  const items = view.items;
  return {
    assembled: {
      text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text).join(''),
      calls: items.filter((i): i is ToolItem => i.kind === 'tool').map((t) => ({ name: t.name, args: t.inputText !== undefined ? parseArgs(t.inputText) : (t.input ?? {}) })),
    } satisfies Assembled,
    findings: sessions[0]!.pipeline.findings(),
  };
}

async function agree(sse: string, file: string, valid = true): Promise<void> {
  const ours = throughInspector(sse);
  let client: Assembled;
  try {
    client = await throughClient(sse);
  } catch (error) {
    // The client rejects the stream: an error naming the client.
    expect(ours.findings.filter((f) => f.severity === 'error' && /cohere-ai/.test(f.message)), `${file}: the client threw ${String(error)}`).not.toEqual([]);
    return;
  }
  // A valid stream has no error; a broken one the client reads anyway (cut short) may have: what is
  // compared is what both show.
  if (valid) expect(ours.findings.filter((f) => f.severity === 'error'), file).toEqual([]);
  expect(ours.assembled).toEqual(client);
}

describe('cohere-ai 8.1 (CohereClientV2.chatStream) agrees with the Cohere fold', () => {
  it.skipIf(!HAS_PENDING).each(RECORDINGS)(needsShared('the real recording %s', HAS_PENDING, 'corpus-pending'), async (name) => {
    const file = path.join(PENDING_DIR, 'vercel-ai', `${name}.jsonl`);
    await agree(sseOfLines(file), name);
  });

  it.each(DEMO)("the demo's stream %s", async (name) => {
    await agree(fs.readFileSync(path.join(ROOT, 'src/protocols/cohere/testdata', name), 'utf8'), name, name.startsWith('valid-'));
  });

  it('the client itself reads the demo stream’s call and thinking, so the comparison compares something', async () => {
    const sse = fs.readFileSync(path.join(ROOT, 'src/protocols/cohere/testdata/valid-thinking-tool-call.sse'), 'utf8');
    const client = await throughClient(sse);
    expect(client.calls).toEqual([{ name: 'weather', args: { location: 'Paris' } }]);
    expect(client.reasoning).toContain('The user wants the weather.');
  });
});

/**
 * What the AI SDK's Cohere provider makes of the stream: the text and thinking it emits, the tool calls
 * it emits at tool-call-end (its tool plan is not shown), and whether it failed.
 */
function throughAiSdk(sse: string) {
  body = sse;
  const model = createCohere({ baseURL: `${origin}/v2`, apiKey: 'test-key' })('command-a-03-2025');
  return readProviderStream(() => model.doStream(HELLO_PROMPT));
}

/** The fold's side, as the AI SDK shows it: no tool plan, and only the calls that reached tool-call-end. */
function asAiSdkShows(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  const items = sessions[0]!.pipeline.view().items;
  return {
    assembled: {
      text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning' && i.title === undefined).map((i) => i.text).join(''),
      calls: items.filter((i): i is ToolItem => i.kind === 'tool' && i.unfinished === undefined && i.cutOff === undefined).map((t) => ({ name: t.name, args: t.inputText !== undefined ? parseArgs(t.inputText) : (t.input ?? {}) })),
    } satisfies Assembled,
    errors: sessions[0]!.pipeline.findings().filter((f) => f.severity === 'error'),
  };
}

async function agreeWithAiSdk(sse: string, file: string, valid = true): Promise<void> {
  // A broken stream the client reads without a word (a call it silently drops) may still have errors.
  expectAgreement(asAiSdkShows(sse), await throughAiSdk(sse), file, 'the AI SDK', valid);
}

type Event = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below

/** The demo's valid stream's events, for variants that change one field. */
const demoEvents = (): Event[] => ssePayloads<Event>(fs.readFileSync(path.join(ROOT, 'src/protocols/cohere/testdata/valid-thinking-tool-call.sse'), 'utf8'));
const sseOf = (events: readonly Event[]) => events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('');
/** Events 0 message-start, 1-3 the thinking block, 4 the tool plan, 5-8 the call, 9 message-end. */
function variant(edit: (events: Event[]) => void): string {
  const events = demoEvents();
  edit(events);
  return sseOf(events);
}

/**
 * Streams that differ from the demo's valid one in a field the AI SDK requires and the API reference and
 * cohere-ai treat as optional (or in an event the AI SDK does not list): the AI SDK fails on each.
 */
const AI_SDK_REJECTS: Record<string, string> = {
  'message-end without usage.tokens': variant((e) => delete e[9]!.delta.usage.tokens),
  'message-end without usage': variant((e) => delete e[9]!.delta.usage),
  'message-end without finish_reason': variant((e) => delete e[9]!.delta.finish_reason),
  'tool-call-start without arguments': variant((e) => delete e[5]!.delta.message.tool_calls.function.arguments),
  'tool-call-start with a null id': variant((e) => (e[5]!.delta.message.tool_calls.id = null)),
  'tool-call-start without type': variant((e) => delete e[5]!.delta.message.tool_calls.type),
  'content-start without its thinking': variant((e) => delete e[1]!.delta.message.content.thinking),
  'content-delta with neither text nor thinking': variant((e) => (e[2]!.delta.message.content = {})),
  'a debug event': variant((e) => e.splice(1, 0, { type: 'debug', prompt: 'raw prompt' })),
  'an event type neither client knows': variant((e) => e.splice(1, 0, { type: 'search-results', delta: {} })),
  'tool arguments that are not JSON': variant((e) => (e[7]!.delta.message.tool_calls.function.arguments = ' "Paris"')),
};

describe('@ai-sdk/cohere 4 (the model\'s doStream) agrees with the Cohere fold', () => {
  it.each(Object.keys(AI_SDK_REJECTS))('the AI SDK fails on %s, and the fold reports an error', async (name) => {
    const sse = AI_SDK_REJECTS[name]!;
    expect((await throughAiSdk(sse)).failed, 'the AI SDK read it').toBeDefined();
    await agreeWithAiSdk(sse, name);
  });

  it('cohere-ai reads those streams, and the fold shows what it shows', async () => {
    for (const [name, sse] of Object.entries(AI_SDK_REJECTS)) await agree(sse, name, false);
  });

  it('a citation-start without its citation is read by both clients, and is no error', async () => {
    const sse = variant((e) => e.splice(4, 0, { type: 'citation-start', index: 0 }, { type: 'citation-end', index: 0 }));
    await agreeWithAiSdk(sse, 'bare citation');
    await agree(sse, 'bare citation');
  });

  it.skipIf(!HAS_PENDING).each(RECORDINGS)(needsShared('the real recording %s', HAS_PENDING, 'corpus-pending'), async (name) => {
    await agreeWithAiSdk(sseOfLines(path.join(PENDING_DIR, 'vercel-ai', `${name}.jsonl`)), name);
  });

  it.each(DEMO)("the demo's stream %s", async (name) => {
    await agreeWithAiSdk(fs.readFileSync(path.join(ROOT, 'src/protocols/cohere/testdata', name), 'utf8'), name, name.startsWith('valid-'));
  });
});


// Streams off the API's order (found by test/unit/zz-cohere-interleave.test.ts), each through both
// clients: the view shows what cohere-ai's consumer shows; the severity is the stricter client's.
const ms = { type: 'message-start', id: 'm1', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } };
const me = (reason = 'COMPLETE') => ({ type: 'message-end', delta: { finish_reason: reason, usage: { billed_units: { input_tokens: 1, output_tokens: 2 }, tokens: { input_tokens: 3, output_tokens: 4 } } } });
const cStart = (index: number, kind = 'text') => ({ type: 'content-start', index, delta: { message: { content: kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' } } } });
const cDelta = (index: number, piece: string, field = 'text') => ({ type: 'content-delta', index, delta: { message: { content: { [field]: piece } } } });
const cEnd = (index: number) => ({ type: 'content-end', index });
const tStart = (index: number, name: string) => ({ type: 'tool-call-start', index, delta: { message: { tool_calls: { id: `call_${index}`, type: 'function', function: { name, arguments: '' } } } } });
const tDelta = (index: number, piece: string) => ({ type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: piece } } } } });
const tEnd = (index: number) => ({ type: 'tool-call-end', index });

/** ai 7's UI layer over the AI SDK's provider (streamText → toUIMessageStream → readUIMessageStream, as useChat reads it): its errors. */
async function throughAiUi(sse: string): Promise<string[]> {
  body = sse;
  const model = createCohere({ baseURL: `${origin}/v2`, apiKey: 'test-key' })('command-a-03-2025');
  const errors: string[] = [];
  const result = streamText({ model, prompt: 'Hello', onError: ({ error }) => void errors.push(String(error)) });
  const stream = result.toUIMessageStream({ onError: (e) => (errors.push(String(e)), String(e)) });
  for await (const _ of readUIMessageStream({ stream, onError: (e) => void errors.push(String(e)) })) void _;
  return errors;
}

const errorsOf = (sse: string) => asAiSdkShows(sse).errors;

describe('streams off the API order, through cohere-ai and @ai-sdk/cohere', () => {
  it('A: a tool-call-start while a call is open: cohere-ai shows both calls, the AI SDK loses the first or fails; an error', async () => {
    const overlap = sseOf([ms, tStart(0, 'noargs'), tStart(1, 'time'), tDelta(1, '{"tz":"CET"}'), tEnd(1), tEnd(0), me('TOOL_CALL')]);
    await agree(overlap, 'overlap', false);
    expect((await throughClient(overlap)).calls.map((c) => c.name)).toEqual(['noargs', 'time']);
    const ai = await throughAiSdk(overlap);
    expect(ai.failed).toBeUndefined();
    expect(ai.assembled.calls).toEqual([{ name: 'time', args: { tz: 'CET' } }]);
    expect(errorsOf(overlap).map((f) => [f.rule, /AI SDK/.test(f.message)])).toEqual([['cohere/tool-call-overlap', true]]);
    const again = sseOf([ms, tStart(0, 'noargs'), tStart(0, 'time'), tDelta(0, '{"tz":"CET"}'), tEnd(0), me('TOOL_CALL')]);
    await agree(again, 'start again', false);
    expect((await throughAiSdk(again)).assembled.calls).toEqual([{ name: 'time', args: { tz: 'CET' } }]);
    expect(errorsOf(again).map((f) => f.rule)).toEqual(['cohere/tool-call-overlap']);
    // Arguments that interleave with the new call's: the AI SDK fails.
    const mixed = sseOf([ms, tStart(0, 'weather'), tDelta(0, '{"city":'), tStart(1, 'time'), tDelta(0, ' "Paris"}'), tEnd(0), tDelta(1, '{"tz":"CET"}'), tEnd(1), me('TOOL_CALL')]);
    expect((await throughAiSdk(mixed)).failed).toMatch(/JSONParseError/);
    await agreeWithAiSdk(mixed, 'interleaved calls');
  });

  it('B: a second tool-call-end, or one for no call, is ignored by both clients: no error', async () => {
    for (const [name, events] of Object.entries({
      'second end': [ms, tStart(0, 'time'), tDelta(0, '{"tz":"CET"}'), tEnd(0), tEnd(0), me('TOOL_CALL')],
      'end without start': [ms, tEnd(0), me()],
    })) {
      const sse = sseOf(events);
      await agree(sse, name);
      await agreeWithAiSdk(sse, name);
      expect(asAiSdkShows(sse).errors, name).toEqual([]);
    }
  });

  it('C: a tool-call-delta or tool-call-end at another index is applied to the open call by both clients: no error', async () => {
    for (const [name, events] of Object.entries({
      'delta at index 1': [ms, tStart(0, 'time'), tDelta(1, '{"tz":"CET"}'), tEnd(0), me('TOOL_CALL')],
      'end at index 1': [ms, tStart(0, 'time'), tDelta(0, '{"tz":"CET"}'), tEnd(1), me('TOOL_CALL')],
    })) {
      const sse = sseOf(events);
      await agree(sse, name);
      await agreeWithAiSdk(sse, name);
      expect((await throughAiSdk(sse)).assembled.calls, name).toEqual([{ name: 'time', args: { tz: 'CET' } }]);
    }
  });

  it('D: a content-delta without content-start: both clients show it, and so does the view; ai 7\'s UI layer throws, an error', async () => {
    for (const [name, events] of Object.entries({
      text: [ms, cDelta(0, 'Hi'), me()],
      thinking: [ms, cDelta(0, 'hmm', 'thinking'), me()],
    })) {
      const sse = sseOf(events);
      await agree(sse, name, false);
      await agreeWithAiSdk(sse, name, false);
      expect(await throughAiUi(sse), name).toContainEqual(expect.stringMatching(/delta for missing (text|reasoning) part/));
      expect(errorsOf(sse).map((f) => f.rule), name).toEqual(['cohere/content-not-started']);
    }
  });

  it('E: content and calls after message-end are read by both clients, and shown: no error', async () => {
    for (const [name, events] of Object.entries({
      'content after message-end': [ms, cStart(0), cDelta(0, 'Hi'), me(), cDelta(0, ' there'), cEnd(0)],
      'tool-call-end after message-end': [ms, tStart(0, 'time'), tDelta(0, '{"tz":"CET"}'), me('TOOL_CALL'), tEnd(0)],
    })) {
      const sse = sseOf(events);
      await agree(sse, name);
      await agreeWithAiSdk(sse, name);
    }
    expect((await throughClient(sseOf([ms, cStart(0), cDelta(0, 'Hi'), me(), cDelta(0, ' there'), cEnd(0)]))).text).toBe('Hi there');
  });

  it('G: overlapping blocks: both clients show them, and so does the view; the AI SDK ends the wrong part and ai 7\'s UI layer throws, an error', async () => {
    for (const [name, events] of Object.entries({
      'text inside thinking': [ms, cStart(0, 'thinking'), cDelta(0, 'hmm', 'thinking'), cStart(1), cDelta(1, 'Hi'), cEnd(1), cEnd(0), me()],
      'two thinking blocks': [ms, cStart(0, 'thinking'), cStart(1, 'thinking'), cDelta(0, 'hmm', 'thinking'), cDelta(1, 'so', 'thinking'), cEnd(0), cEnd(1), me()],
    })) {
      const sse = sseOf(events);
      await agree(sse, name, false);
      await agreeWithAiSdk(sse, name, false);
      expect(await throughAiUi(sse), name).toContainEqual(expect.stringMatching(/end for missing (text|reasoning) part/));
      expect(errorsOf(sse).map((f) => f.rule), name).toEqual(['cohere/overlapping-blocks']);
    }
    // Thinking ended before the text it opened around: the provider ends each as its kind, no error.
    const nested = sseOf([ms, cStart(0, 'thinking'), cStart(1), cDelta(0, 'hmm', 'thinking'), cEnd(0), cDelta(1, 'Hi'), cEnd(1), me()]);
    expect(await throughAiUi(nested)).toEqual([]);
    expect(errorsOf(nested)).toEqual([]);
  });

  it('F: a delta whose field is not its block\'s kind: both clients show it by its field, and so does the view; ai 7\'s UI layer throws, an error', async () => {
    for (const [name, events] of Object.entries({
      'thinking in a text block': [ms, cStart(0), cDelta(0, 'hmm', 'thinking'), cEnd(0), me()],
      'text in a thinking block': [ms, cStart(0, 'thinking'), cDelta(0, 'Hi'), cEnd(0), me()],
    })) {
      const sse = sseOf(events);
      await agree(sse, name, false);
      await agreeWithAiSdk(sse, name, false);
      expect(await throughAiUi(sse), name).toContainEqual(expect.stringMatching(/delta for missing (text|reasoning) part/));
      expect(errorsOf(sse).map((f) => f.rule), name).toEqual(['cohere/delta-type-mismatch']);
    }
  });
});
