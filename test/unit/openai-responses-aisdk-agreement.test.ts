// @vitest-environment node
// Agreement with the AI SDK's OpenAI provider (`@ai-sdk/openai` 4, the Responses model's doStream, run in
// Node 20 though it declares Node ≥ 22), beside openai-node's ResponseStream (the package's agreement
// tests and test/e2e/reference-clients.test.ts): each real Responses recording (../shared/corpus), the
// demo's streams and variants of the demo's valid stream that each change one field, served as
// `/v1/responses` from 127.0.0.1. The provider validates every event it models; on the demo's streams and
// the variants, where it fails the fold reports an error, and where it reads the stream the text and
// function calls it emits are the fold's; on the real recordings, the fold never blames it for a stream it reads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
import fc from 'fast-check';
import { splitSessions } from '../../src/analysis/sessions';
import type { TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';
import { drawArb, itemEvents, streamOf, type Draw } from '../../src/protocols/openai-responses/drawn-stream';
import { numbered, toSse } from '../../src/protocols/openai-responses/test-helpers';
import { HELLO_PROMPT, typedSseOfLines, parseArgs, readProviderStream, sseServer, withOneChange, type SseServer } from '../support/client-agreement';

const DEMO_DIR = path.resolve(__dirname, '../../src/protocols/openai-responses/testdata');
const DEMO_STREAM = fs.readFileSync(path.join(DEMO_DIR, 'valid-reasoning-message-tool.sse'), 'utf8');
const CLIENT = "the AI SDK's OpenAI provider";

let server: SseServer;
let body = '';

beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1/responses'), () => body);
});
afterAll(() => server.close());

function throughAiSdk(sse: string) {
  body = sse;
  const model = createOpenAI({ baseURL: `${server.origin}/v1`, apiKey: 'test-key' }).responses('gpt-5-mini');
  return readProviderStream(() => model.doStream(HELLO_PROMPT));
}

function fold(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  return sessions.length === 1 && sessions[0]!.pipeline.protocol === 'openai-responses' ? sessions[0]!.pipeline : undefined;
}

/** The text and the function calls (the calls the page runs), and the errors. */
function throughFold(sse: string) {
  const pipeline = fold(sse);
  expect(pipeline).toBeDefined();
  const items = pipeline!.view().items;
  return {
    text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
    calls: items
      .filter((i): i is ToolItem => i.kind === 'tool' && i.toolId.startsWith('call_') && i.cutOff === undefined)
      .map((t) => ({ name: t.name, args: t.inputText !== undefined ? parseArgs(t.inputText) : t.input })),
    errors: pipeline!.findings().filter((f) => f.severity === 'error'),
  };
}

/**
 * Where the provider failed, the fold reports an error; where it read the stream, a valid one has no
 * error and both show the same text and calls (reasoning summaries are compared by the other agreement
 * tests: the provider emits them per summary part).
 */
async function agree(sse: string, name: string, valid: boolean): Promise<void> {
  const theirs = await throughAiSdk(sse);
  const ours = throughFold(sse);
  if (theirs.failed !== undefined) {
    expect(ours.errors, `${name}: ${CLIENT} failed (${theirs.failed})`).not.toEqual([]);
    return;
  }
  if (valid) expect(ours.errors, `${name}: ${CLIENT} read it without an error`).toEqual([]);
  expect({ text: ours.text, calls: ours.calls }, name).toEqual({ text: theirs.assembled.text, calls: theirs.assembled.calls });
}

/** Every real recording the inspector reads as one Responses stream. */
const RECORDINGS: ReadonlyMap<string, string> = new Map(
  (HAS_CORPUS ? fs.readdirSync(path.join(CORPUS_DIR, 'vercel-ai')) : [])
    .filter((f) => f.endsWith('.jsonl'))
    .map((f): [string, string] => [f, typedSseOfLines(path.join(CORPUS_DIR, 'vercel-ai', f))])
    .filter(([, sse]) => fold(sse) !== undefined),
);

describe("@ai-sdk/openai 4 (the Responses model's doStream) agrees with the OpenAI Responses fold", () => {
  it("reads the corpus's Responses recordings", { skip: !HAS_CORPUS }, () => {
    expect(RECORDINGS.size).toBeGreaterThanOrEqual(20);
  });

  // One way only on real recordings: the mirror covers the events the fold shows, not the provider's whole
  // schema, and some recordings are other providers' (xAI's url_citation annotations lack the offsets
  // @ai-sdk/openai requires; @ai-sdk/xai reads them), so the provider may fail where the fold says nothing.
  it.skipIf(!HAS_CORPUS).each(HAS_CORPUS ? [...RECORDINGS.keys()] : ['none'])(needsShared('the real recording %s: the fold blames the provider only where it fails', HAS_CORPUS), async (name) => {
    const sse = RECORDINGS.get(name)!;
    const blamed = throughFold(sse).errors.filter((f) => f.message.includes(CLIENT));
    if (blamed.length > 0) expect((await throughAiSdk(sse)).failed, `${name}: ${blamed[0]!.message}`).toBeDefined();
  });

  it("the demo's valid stream", async () => {
    await agree(DEMO_STREAM, 'valid-reasoning-message-tool.sse', true);
  });
});

const variant = (from: string, to: string): string => withOneChange(DEMO_STREAM, from, to);
const CALL_DONE = '"status":"completed","call_id":"call_w1","name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}';

/** Streams openai-node reads and the provider fails on: its schema rejects the event. */
const REJECTED: [string, string, string][] = [
  ['a created_at that is a string', '"created_at":1760000000,"status":"in_progress"', '"created_at":"today","status":"in_progress"'],
  ['a model that is a number', '"status":"in_progress","model":"gpt-5-mini"', '"status":"in_progress","model":5'],
  ['logprobs that are not a list', '"delta":"Let me ","logprobs":[]', '"delta":"Let me ","logprobs":"none"'],
  ['a function call item whose name is a number', '"call_id":"call_w1","name":"get_weather","arguments":""', '"call_id":"call_w1","name":5,"arguments":""'],
  ['a finished function call without its arguments', CALL_DONE, '"status":"completed","call_id":"call_w1","name":"get_weather"}}'],
  ['usage whose input_tokens is a string', '"usage":{"input_tokens":50', '"usage":{"input_tokens":"50"'],
  ['usage without output_tokens', '"output_tokens":40,', ''],
  ['usage details that are a number', '"input_tokens_details":{"cached_tokens":0}', '"input_tokens_details":5'],
];

describe("@ai-sdk/openai 4 and the fold on variants of the demo's stream, one field each", () => {
  it.each(REJECTED)('%s: the provider fails, the fold reports an error', async (name, from, to) => {
    const sse = variant(from, to);
    expect((await throughAiSdk(sse)).failed, name).toBeDefined();
    const errors = throughFold(sse).errors;
    expect(errors.map((f) => f.rule)).toContain('openai-responses/invalid-event');
    expect(errors.find((f) => f.rule === 'openai-responses/invalid-event')?.message).toContain(`${CLIENT} rejects the event`);
  });

  // The provider builds a message's text from output_text.delta alone; openai-node keeps the done value.
  it("a message whose text comes only in its done events: the provider shows none of it, the fold a warning and openai's text", async () => {
    let n = 0;
    const sse = `${DEMO_STREAM.split('\n\n')
      .filter((record) => record.trim() !== '' && !record.includes('"type":"response.output_text.delta"'))
      .map((record) => record.replace(/"sequence_number":\d+/, () => `"sequence_number":${n++}`))
      .join('\n\n')}\n\n`;
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.text).toBe('');
    expect(fold(sse)!.findings().map((f) => [f.rule, f.severity])).toEqual([['openai-responses/done-mismatch', 'warning']]);
    expect(fold(sse)!.findings()[0]?.message).toContain("the AI SDK's OpenAI provider shows a message's text from its deltas only");
    expect(throughFold(sse).text).toBe('Let me check the weather.');
  });

  it('an event type the provider does not model it passes over, and so does the fold (info only)', async () => {
    const sse = variant('event: response.in_progress\ndata: {"type":"response.in_progress"', 'event: response.hologram\ndata: {"type":"response.hologram"');
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    await agree(sse, 'an unknown event type', true);
  });
});

// What structured interleaved draws (src/protocols/openai-responses/drawn-stream.ts) found against the
// provider, each on a small stream: where it shows less than openai, fails, or hands ai's streamText parts
// it cannot place, and the fold said nothing or too little.
const resp = (status: string, output: object[] = [], extra: object = {}) => ({ id: 'resp_1', object: 'response', created_at: 1, status, model: 'gpt-5', output, error: null, incomplete_details: null, usage: null, ...extra });
const created = { type: 'response.created', response: resp('in_progress') };
const completedWith = (...output: object[]) => ({ type: 'response.completed', response: resp('completed', output) });
const stream = (...events: object[]) => toSse(numbered([created, ...events]) as object[]);
const isDelta = (e: object) => (e as { type: string }).type.endsWith('.delta');
const lastItem = (events: readonly object[]) => (events.at(-1) as { item: object }).item;
const rules = (sse: string) => fold(sse)!.findings().map((f) => [f.rule, f.severity]);

/** The parts ai's streamText makes of a stream (through the provider), and how often it ran the tool `f`. */
async function throughStreamText(sse: string): Promise<{ parts: string[]; runs: number }> {
  body = sse;
  const model = createOpenAI({ baseURL: `${server.origin}/v1`, apiKey: 'test-key' }).responses('gpt-5-mini');
  let runs = 0;
  const f = tool({ inputSchema: jsonSchema({ type: 'object' }), execute: () => Promise.resolve(String(++runs)) });
  const result = streamText({ model, prompt: 'Hello', tools: { f }, onError: () => undefined });
  const parts: string[] = [];
  for await (const part of result.fullStream) parts.push(part.type === 'error' ? `error: ${String(part.error)}` : part.type);
  return { parts, runs };
}

// Items the view shows as calls and their answers (programmatic tool calling, hosted tool search): the
// provider validates them too, so one with a field it requires missing or mistyped fails its stream.
describe('@ai-sdk/openai 4 and the fold on program and tool search items', () => {
  const item = (i: number, fields: object) => [
    { type: 'response.output_item.added', output_index: i, item: fields },
    { type: 'response.output_item.done', output_index: i, item: fields },
  ];
  const program = { id: 'cm_1', type: 'program', call_id: 'call_p', code: 'return 1', fingerprint: 'gAAA' };
  const output = { id: 'cmo_1', type: 'program_output', call_id: 'call_p', result: '1', status: 'completed' };
  const search = { id: 'tsc_1', type: 'tool_search_call', execution: 'server', call_id: null, status: 'completed', arguments: { paths: ['f'] } };
  const found = { id: 'tso_1', type: 'tool_search_output', execution: 'server', call_id: null, status: 'completed', tools: [{ type: 'function', name: 'f' }] };
  const items = (p: object, o: object, s: object, f: object) => stream(...item(0, p), ...item(1, o), ...item(2, s), ...item(3, f), completedWith(p, o, s, f));

  it('well-formed: the provider reads them, the fold reports no error', async () => {
    const sse = items(program, output, search, found);
    expect((await throughAiSdk(sse)).failed).toBeUndefined();
    expect(throughFold(sse).errors).toEqual([]);
  });

  it.each([
    ['a program without its fingerprint', items({ ...program, fingerprint: undefined }, output, search, found)],
    ['a program output whose status is not completed or incomplete', items(program, { ...output, status: 'running' }, search, found)],
    ['a tool search without its execution', items(program, output, { ...search, execution: undefined }, found)],
    ['a tool search output whose tools are not a list', items(program, output, search, { ...found, tools: 'f' })],
  ])('%s: the provider fails, the fold reports an error', async (name, sse) => {
    expect((await throughAiSdk(sse)).failed, name).toBeDefined();
    expect(throughFold(sse).errors.find((f) => f.rule === 'openai-responses/invalid-event')?.message).toContain(`${CLIENT} rejects the event`);
  });
});

describe('@ai-sdk/openai 4 and the fold on what interleaved draws found', () => {
  it("a refusal whose text comes only in its done events: the provider shows none of it, the fold a warning and openai's text", async () => {
    const sse = stream(...itemEvents(0, 'refusal', ['No.']).filter((e) => !isDelta(e)), completedWith(lastItem(itemEvents(0, 'refusal', ['No.']))));
    const theirs = await throughAiSdk(sse);
    expect(theirs).toEqual({ assembled: { text: '', reasoning: '', calls: [] } });
    expect(rules(sse)).toEqual([['openai-responses/done-mismatch', 'warning']]);
    expect(fold(sse)!.findings()[0]?.message).toContain("the AI SDK's OpenAI provider shows a refusal from its deltas only");
    expect(throughFold(sse).text).toBe('No.');
  });

  it("a reasoning summary that comes only in its done events: the provider shows no reasoning, the fold a warning and openai's summary", async () => {
    const events = itemEvents(0, 'summary', ['Plan.']);
    const sse = stream(...events.filter((e) => !isDelta(e)), completedWith(lastItem(events)));
    expect(await throughAiSdk(sse)).toEqual({ assembled: { text: '', reasoning: '', calls: [] } });
    expect(rules(sse)).toEqual([['openai-responses/done-mismatch', 'warning']]);
    expect(fold(sse)!.findings()[0]?.message).toContain("the AI SDK's OpenAI provider shows reasoning from its deltas only");
    expect(fold(sse)!.view().items).toMatchObject([{ kind: 'reasoning', text: 'Plan.0' }]);
  });

  it('a call left open that response.completed lists: the provider never emits it, the fold an error and the call from the output', async () => {
    const events = itemEvents(0, 'call', ['x']);
    const sse = stream(...events.slice(0, -1), completedWith(lastItem(events)));
    expect(await throughAiSdk(sse)).toEqual({ assembled: { text: '', reasoning: '', calls: [] } });
    expect(rules(sse)).toEqual([['openai-responses/call-not-done', 'error']]);
    expect(throughFold(sse).calls).toEqual([{ name: 'f', args: { q: 'x' } }]);
  });

  it('a call left open by response.incomplete: the provider never emits it, and the view shows it never finished', async () => {
    const events = itemEvents(0, 'call', ['x']);
    const sse = stream(...events.slice(0, -1), { type: 'response.incomplete', response: resp('incomplete', [], { incomplete_details: { reason: 'max_output_tokens' } }) });
    expect(await throughAiSdk(sse)).toEqual({ assembled: { text: '', reasoning: '', calls: [] } });
    expect(rules(sse)).toEqual([['openai-responses/lifecycle-order', 'warning'], ['openai-responses/response-not-completed', 'info']]);
    expect(fold(sse)!.view().items).toMatchObject([{ kind: 'tool', toolId: 'call_f0', status: 'pending', unfinished: 5 }]);
  });

  it('a text delta after its output_item.done: ai\'s streamText reports an error and drops it, the fold an error and openai\'s text', async () => {
    const events = itemEvents(0, 'text', ['Hi ', 'there']);
    const late = events[3] as object;
    const sse = stream(...events.filter((e) => e !== late), late, completedWith(lastItem(events)));
    expect((await throughStreamText(sse)).parts).toContain('error: text part m0 not found');
    expect(rules(sse).filter(([, severity]) => severity === 'error')).toEqual([['openai-responses/delta-after-item-done', 'error']]);
    expect(throughFold(sse).text).toBe('Hi there');
  });

  it("a second output_item.done for a call: ai's streamText runs the tool twice, the fold an error", async () => {
    const events = itemEvents(0, 'call', ['x']);
    const sse = stream(...events, events.at(-1) as object, completedWith(lastItem(events)));
    expect((await throughStreamText(sse)).runs).toBe(2);
    expect(rules(sse)).toEqual([['openai-responses/item-done-repeated', 'error']]);
    expect(throughFold(sse).calls).toEqual([{ name: 'f', args: { q: 'x' } }]);
  });

  it("a second output_item.done for a message: ai's streamText reports an error, the fold an error", async () => {
    const events = itemEvents(0, 'text', ['Hi']);
    const sse = stream(...events, events.at(-1) as object, completedWith(lastItem(events)));
    expect((await throughStreamText(sse)).parts).toContain('error: text part m0 not found');
    expect(rules(sse)).toEqual([['openai-responses/item-done-repeated', 'error']]);
  });

  /** Items the provider's done (or added) schema rejects, though openai-node's types allow them or it reads them. */
  const item = (kind: Parameters<typeof itemEvents>[1], change: (events: object[]) => object[]) => stream(...change(itemEvents(0, kind, ['x'])), completedWith());
  const doneWith = (fields: object) => (events: object[]) => [...events.slice(0, -1), { ...(events.at(-1) as object), item: { ...lastItem(events), ...fields } }];
  const eventWith = (type: string, fields: object) => (events: object[]) => events.map((e) => ((e as { type: string }).type === type ? { ...e, ...fields } : e));
  it.each([
    ['a finished function call without its status', item('call', doneWith({ status: undefined }))],
    ['a finished custom tool call whose status is incomplete', item('custom call', doneWith({ status: 'incomplete' }))],
    ['a finished image generation without its result (openai types it string | null)', item('image', doneWith({ status: 'failed', result: null }))],
    ['a finished file search without its queries', item('file search', doneWith({ queries: undefined }))],
    ['a finished web search whose action has no type', item('web search', doneWith({ action: { query: 'q' } }))],
    ['a code interpreter call added without its container', item('code', (events) => [{ ...(events[0] as object), item: { ...(events[0] as { item: object }).item, container_id: undefined } }, ...events.slice(1)])],
    ['a partial image without its data', item('image', eventWith('response.image_generation_call.partial_image', { partial_image_b64: null }))],
  ])('%s: the provider fails, the fold reports an error', async (name, sse) => {
    expect((await throughAiSdk(sse)).failed, name).toContain('Type validation failed');
    expect(throughFold(sse).errors.map((f) => f.rule)).toContain('openai-responses/invalid-event');
  });
});

// Random streams of every item kind the provider models (drawn-stream.ts): where the provider fails, the
// fold reports an error (the stream's own failure: at least its warning); where it reads the stream and
// the fold has no error, both show the same text, summaries and calls, or a warning says why they differ
// (done-mismatch, completed-output-differs, output-index-out-of-order).
describe('@ai-sdk/openai 4 and the fold on interleaved draws', () => {
  const EXPLAINED = new Set(['openai-responses/done-mismatch', 'openai-responses/completed-output-differs', 'openai-responses/output-index-out-of-order']);
  it('agree, or the fold says why not', async () => {
    for (const drawn of fc.sample(drawArb, { numRuns: 250, seed: 42 }) as Draw[]) {
      const sse = streamOf(drawn);
      const [theirs, ours] = [await throughAiSdk(sse), throughFold(sse)];
      const findings = fold(sse)!.findings();
      const name = JSON.stringify(drawn);
      if (theirs.failed !== undefined) {
        const own = !theirs.failed.includes('Type validation failed');
        expect(findings.some((f) => f.severity === 'error' || (own && f.rule === 'openai-responses/error-event')), `${name}: ${theirs.failed}`).toBe(true);
        continue;
      }
      if (ours.errors.length > 0 || findings.some((f) => EXPLAINED.has(f.rule))) continue;
      // The calls the page runs (not those the view shows never finished), and the summaries, which the
      // provider emits without separators and without raw reasoning text.
      const items = fold(sse)!.view().items;
      const calls = items.filter((i): i is ToolItem => i.kind === 'tool' && i.toolId.startsWith('call_') && i.unfinished === undefined).map((t) => ({ name: t.name, args: parseArgs(t.inputText ?? '') }));
      const raw = sse.includes('reasoning_text');
      const reasoning = raw ? '' : items.map((i) => (i.kind === 'reasoning' ? i.text.replaceAll('\n\n', '') : '')).join('');
      const theirCalls = theirs.assembled.calls.map((c) => ({ name: c.name, args: c.args === '' ? {} : c.args }));
      expect({ text: ours.text, calls, reasoning }, name).toEqual({ text: theirs.assembled.text, calls: theirCalls, reasoning: raw ? '' : theirs.assembled.reasoning });
    }
  });
});
