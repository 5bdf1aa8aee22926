// @vitest-environment node
// Agreement with the AI SDK's Google provider (`@ai-sdk/google` 4, the model's doStream, run in Node 20
// though it declares Node ≥ 22), beside @google/genai (test/e2e/genai-client.test.ts): each real Gemini
// recording (../shared/corpus-pending), the demo's streams and a stream with a token count that is not a
// number, served as `streamGenerateContent?alt=sse` from 127.0.0.1. The text, thinking and function calls
// the provider emits are the fold's (a call whose arguments never finished it drops, and the fold marks
// it so); where the provider fails, the fold reports an error. Variants of the demo's valid stream, each
// changing one field, hold the fold to the provider's schema both ways: where it fails or drops a call,
// an error; where it reads on past a field only the API's types check, a warning and the same text.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { check } from '../../src/api/check';
import { requestCapture } from '../../src/analysis/tool-loop/test-support';
import { geminiStream } from '../../src/analysis/tool-loop/gemini-support';
import { expectAgreement, HELLO_PROMPT, withOneChange, readProviderStream, sseServer, type Assembled, type SseServer } from '../support/client-agreement';

const ROOT = path.resolve(__dirname, '../..');
const RECORDINGS = HAS_PENDING ? fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).filter((f) => f.startsWith('google_google-')) : [];
const DEMO = ['valid-thought-text-calls.sse', 'invalid-unfinished-call.sse'];

let server: SseServer;
let origin: string;
let body = '';
/** Answers by the request body instead of `body` where a test sets it (a long decode's requests). */
let answerFor: ((sent: unknown) => string) | undefined;

beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1beta/models/'), (_n, sent) => (answerFor ? answerFor(sent) : body));
  origin = server.origin;
});
afterAll(() => server.close());

/** A recording (one response a line) as the API streams it with `alt=sse`. */
const sseOfLines = (file: string) => fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\n').filter((l) => l.trim() !== '').map((l) => `data: ${l}\n\n`).join('');

function throughAiSdk(sse: string) {
  body = sse;
  const model = createGoogleGenerativeAI({ baseURL: `${origin}/v1beta`, apiKey: 'test-key' })('gemini-2.5-flash');
  return readProviderStream(() => model.doStream(HELLO_PROMPT));
}

function throughFold(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['gemini']);
  const items = sessions[0]!.pipeline.view().items;
  return {
    assembled: {
      text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text).join(''),
      calls: items.filter((i): i is ToolItem => i.kind === 'tool' && i.unfinished === undefined).map((t) => ({ name: t.name, args: t.input })),
    } satisfies Assembled,
    errors: sessions[0]!.pipeline.findings().filter((f) => f.severity === 'error'),
  };
}

async function agree(sse: string, name: string, valid = true): Promise<void> {
  expectAgreement(throughFold(sse), await throughAiSdk(sse), name, 'the AI SDK', valid);
}

describe('@ai-sdk/google 4 (the model\'s doStream) agrees with the Gemini fold', () => {
  it.skipIf(!HAS_PENDING).each(HAS_PENDING ? RECORDINGS : ['none'])(needsShared('the real recording %s', HAS_PENDING, 'corpus-pending'), async (name) => {
    await agree(sseOfLines(path.join(PENDING_DIR, 'vercel-ai', name)), name);
  });

  it.each(DEMO)("the demo's stream %s", async (name) => {
    await agree(fs.readFileSync(path.join(ROOT, 'src/protocols/gemini/testdata', name), 'utf8'), name, name.startsWith('valid-'));
  });

  it('fails on a token count that is not a number, where the fold reports an error', async () => {
    const sse = fs.readFileSync(path.join(ROOT, 'src/protocols/gemini/testdata/valid-thought-text-calls.sse'), 'utf8').replace(/"promptTokenCount":(\d+)/, '"promptTokenCount":"$1"');
    expect(sse).toMatch(/"promptTokenCount":"\d+"/);
    expect((await throughAiSdk(sse)).failed).toBeDefined();
    await agree(sse, 'a string token count');
  });

  it('the provider itself reads the demo stream\'s calls and thinking, so the comparison compares something', async () => {
    const { assembled } = await throughAiSdk(fs.readFileSync(path.join(ROOT, 'src/protocols/gemini/testdata/valid-thought-text-calls.sse'), 'utf8'));
    expect(assembled.calls.length).toBeGreaterThan(0);
    expect(assembled.reasoning).not.toBe('');
  });
});

const DEMO_STREAM = fs.readFileSync(path.join(ROOT, 'src/protocols/gemini/testdata/valid-thought-text-calls.sse'), 'utf8');

const variant = (from: string, to: string): string => withOneChange(DEMO_STREAM, from, to);

const FIRST_CANDIDATE_END = '"index":0}';
const TEXT_PART = '{"text":"Let me check "}';
const USAGE = '"usageMetadata":{"promptTokenCount":12,';

/** Streams the provider fails on: its chunk schema rejects them, and its stream ends with an error. */
const REJECTED: [string, string, string][] = [
  ['a part whose text is a number', TEXT_PART, '{"text":5}'],
  ['a thought flag that is a string', '"thought":true', '"thought":"yes"'],
  ['a thought signature that is a number', '"thoughtSignature":"c2lnLTE="', '"thoughtSignature":1'],
  ['executable code without its code', TEXT_PART, '{"executableCode":{"language":"PYTHON"}}'],
  ['a web source without its uri', '{"web":{"uri":"https://weather.example/paris","title":"weather.example"}}', '{"web":{"title":"weather.example"}}'],
  ['a safety rating whose probability is a number', FIRST_CANDIDATE_END, '"index":0,"safetyRatings":[{"category":"HARM_CATEGORY_HATE_SPEECH","probability":1}]}'],
  ['a continuation token that is a number', FIRST_CANDIDATE_END, '"index":0,"continuationToken":7}'],
  ['url context metadata without its status', FIRST_CANDIDATE_END, '"index":0,"urlContextMetadata":{"urlMetadata":[{"retrievedUrl":"https://a.example"}]}}'],
  ['a traffic type that is a number', USAGE, '"usageMetadata":{"trafficType":1,"promptTokenCount":12,'],
  ['token details whose count is a string', USAGE, '"usageMetadata":{"promptTokensDetails":[{"modality":"TEXT","tokenCount":"12"}],"promptTokenCount":12,'],
];

/** Streams the provider reads on, past a field only the API's types give a type: the fold warns and shows the same. */
const READ_ON: [string, string, string][] = [
  ['a content role that is a number', '"role":"model"', '"role":5'],
  ['a model version that is a number', '"modelVersion":"gemini-2.5-flash"', '"modelVersion":2.5'],
  ['a candidate index that is a string', FIRST_CANDIDATE_END, '"index":"0"}'],
  ['citation metadata that is a string', FIRST_CANDIDATE_END, '"index":0,"citationMetadata":"none"}'],
  ['a block reason message that is a number', USAGE, '"promptFeedback":{"blockReasonMessage":3},"usageMetadata":{"promptTokenCount":12,'],
];

describe("@ai-sdk/google 4 and the fold on variants of the demo's stream, one field each", () => {
  it.each(REJECTED)('%s: the provider fails, the fold reports an error', async (name, from, to) => {
    const sse = variant(from, to);
    expect((await throughAiSdk(sse)).failed, name).toBeDefined();
    const { errors } = throughFold(sse);
    expect(errors.map((f) => f.rule)).toContain('gemini/invalid-chunk');
  });

  it.each(READ_ON)('%s: the provider reads on, the fold warns and shows what it shows', async (name, from, to) => {
    const sse = variant(from, to);
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed, name).toBeUndefined();
    await agree(sse, name);
    const warnings = splitSessions(readInput(sse).capture, protocols)[0]!.pipeline.findings().filter((f) => f.rule === 'gemini/invalid-field');
    expect(warnings.map((f) => f.severity)).toEqual(['warning']);
  });

  it('a function call whose name is a number: the provider drops the call without failing, the fold reports an error', async () => {
    const sse = variant('"name":"get_weather"', '"name":5');
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    const clean = await throughAiSdk(DEMO_STREAM);
    expect(theirs.assembled.calls).toEqual(clean.assembled.calls.filter((c) => c.name !== 'get_weather'));
    expect(throughFold(sse).errors.map((f) => f.rule)).toContain('gemini/invalid-chunk');
  });

  it('function call args that are an array: the provider hands them to the tool as they are, the fold reports an error', async () => {
    const sse = variant('"args":{"city":"Paris"}', '"args":["Paris"]');
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.calls.find((c) => c.name === 'get_weather')?.args).toEqual(['Paris']);
    expect(throughFold(sse).errors.map((f) => f.rule)).toContain('gemini/invalid-chunk');
  });
});

const line = (o: object) => `data: ${JSON.stringify(o)}\n\n`;
const parts = (p: object[], extra: object = {}) => ({ candidates: [{ content: { role: 'model', parts: p }, ...extra }], modelVersion: 'gemini-2.5-flash', responseId: 'r1' });
const STOP_LINE = line(parts([{ text: '' }], { finishReason: 'STOP' }));

/** A streamed call `f` whose `partialArgs` come in these chunks, closed by a terminal chunk. */
const streamedArgs = (chunks: object[][]) =>
  line(parts([{ functionCall: { name: 'f', willContinue: true } }])) + chunks.map((pieces) => line(parts([{ functionCall: { partialArgs: pieces, willContinue: true } }]))).join('') + line(parts([{ functionCall: {} }])) + STOP_LINE;

/** Streamed arguments the fold builds as the provider does (its GoogleJSONAccumulator), each with the arguments both show. */
const PIECES: [string, object[][], unknown][] = [
  ['an empty array, a value-less piece ending in [] ($.tags[])', [[{ jsonPath: '$.tags[]' }]], { tags: [] }],
  ['an empty object, a value-less piece ($.opts)', [[{ jsonPath: '$.opts' }]], { opts: {} }],
  ['nested empty containers, in objects and arrays', [[{ jsonPath: '$.recipe.steps[]' }, { jsonPath: '$.recipe.meta' }, { jsonPath: '$.rows[0][]' }, { jsonPath: '$.rows[1]' }]], { recipe: { steps: [], meta: {} }, rows: [[], {}] }],
  ['an empty array after its elements were streamed', [[{ jsonPath: '$.tags[0]', stringValue: 'a' }], [{ jsonPath: '$.tags[]' }]], { tags: ['a'] }],
  ['a value-less piece that says willContinue, then a value under it', [[{ jsonPath: '$.opts', willContinue: true }], [{ jsonPath: '$.opts.n', numberValue: 1 }]], { opts: { n: 1 } }],
  ['an index written as a key under an array ($.tags.1)', [[{ jsonPath: '$.tags[0]', stringValue: 'a' }, { jsonPath: '$.tags.1', stringValue: 'b' }]], { tags: ['a', 'b'] }],
  ['a path without $. ($[0], tags)', [[{ jsonPath: '$[0]', stringValue: 'x' }, { jsonPath: 'tags[0]', numberValue: 1 }]], { $: ['x'], tags: [1] }],
  ['a string piece continuing a number', [[{ jsonPath: '$.n', numberValue: 1 }, { jsonPath: '$.n', stringValue: 'a' }]], { n: '1a' }],
];

/** Streamed arguments with a gap in an array: the provider skips the piece (gemini/partial-args-index-gap, an error). */
const GAPS: [string, object[][], unknown][] = [
  ['an array index with none before it ($.tags[1] first)', [[{ jsonPath: '$.tags[1]', stringValue: 'b' }]], {}],
  ['an index past the end of a nested array', [[{ jsonPath: '$.a[0].b[0]', numberValue: 1 }, { jsonPath: '$.a[0].b[2]', numberValue: 3 }, { jsonPath: '$.a[2].c', numberValue: 2 }]], { a: [{ b: [1] }] }],
];

describe('@ai-sdk/google 4 and the fold on streamed arguments (partialArgs)', () => {
  it.each(PIECES)('%s: the same arguments', async (name, chunks, args) => {
    const sse = streamedArgs(chunks);
    const theirs = await throughAiSdk(sse);
    expect(theirs.assembled.calls).toEqual([{ name: 'f', args }]);
    await agree(sse, name);
  });

  it.each(GAPS)('%s: the provider skips the piece, the fold shows what it shows and reports an error', async (name, chunks, args) => {
    const sse = streamedArgs(chunks);
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.calls).toEqual([{ name: 'f', args }]);
    await agree(sse, name, false);
    expect(throughFold(sse).errors.map((f) => f.rule)).toEqual(['gemini/partial-args-index-gap']);
  });

  it('a path through a string: the provider throws, the fold reports an error', async () => {
    const sse = streamedArgs([[{ jsonPath: '$.a', stringValue: 'x' }, { jsonPath: '$.a.b', numberValue: 1 }]]);
    expect((await throughAiSdk(sse)).failed).toBeDefined();
    await agree(sse, 'a path through a string', false);
    expect(throughFold(sse).errors.map((f) => f.rule)).toEqual(['gemini/invalid-chunk']);
  });
});

describe('@ai-sdk/google 4 and the fold on prompt feedback and candidate indexes', () => {
  it('BLOCK_REASON_UNSPECIFIED blocks nothing: the provider shows the text, and so does the fold, with no finding', async () => {
    const sse = line({ promptFeedback: { blockReason: 'BLOCK_REASON_UNSPECIFIED' }, modelVersion: 'gemini-2.5-flash' }) + line(parts([{ text: 'Hi' }])) + STOP_LINE;
    expect((await throughAiSdk(sse)).assembled.text).toBe('Hi');
    await agree(sse, 'BLOCK_REASON_UNSPECIFIED');
    expect(splitSessions(readInput(sse).capture, protocols)[0]!.pipeline.findings()).toEqual([]);
  });

  it.each([
    ['in the chunk that blocks the prompt', line({ ...parts([{ text: 'Hi' }], { finishReason: 'STOP' }), promptFeedback: { blockReason: 'SAFETY' } })],
    ['after the chunk that blocks the prompt', line({ promptFeedback: { blockReason: 'SAFETY' }, modelVersion: 'gemini-2.5-flash' }) + line(parts([{ text: 'Hi' }])) + STOP_LINE],
  ])('content %s: the provider drops it, the fold shows it as @google/genai does and reports an error', async (_name, sse) => {
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.text).toBe('');
    const ours = throughFold(sse);
    expect(ours.assembled.text).toBe('Hi');
    expect(ours.errors.map((f) => f.rule)).toEqual(['gemini/content-after-prompt-blocked']);
  });

  it.each([
    ['candidates[0] with index 1, alone', line(parts([{ text: 'Hi' }], { index: 1, finishReason: 'STOP' }))],
    ['candidates 1 then 0 in one chunk', line({ candidates: [{ content: { role: 'model', parts: [{ text: 'B' }] }, index: 1 }, { content: { role: 'model', parts: [{ text: 'A' }] }, index: 0 }] }) + line({ candidates: [{ finishReason: 'STOP', index: 0 }, { finishReason: 'STOP', index: 1 }] })],
    ['candidates 0 and 1 in alternate chunks', line(parts([{ text: 'A' }], { index: 0 })) + line(parts([{ text: 'B' }], { index: 1 })) + line(parts([{ text: '' }], { index: 0, finishReason: 'STOP' }))],
  ])('%s: the provider reads candidates[0] whatever its index, and so does the fold', async (name, sse) => {
    expect((await throughAiSdk(sse)).assembled.text).not.toBe('');
    await agree(sse, name);
  });
});

describe('@ai-sdk/google 4 and the fold on a long decode over two requests (finishReason CONTINUATION)', () => {
  const chunkOf = (p: object[], extra: object = {}) => parts(p, extra);
  const FIRST = [chunkOf([{ text: 'Part one, ' }]), chunkOf([{ text: 'checkpoint. ' }], { continuationToken: 'tok-1' })];
  const REST = [chunkOf([{ text: ' and the rest.' }]), chunkOf([{ text: '' }], { finishReason: 'STOP' })];
  const sse = (payloads: readonly object[]) => payloads.map(line).join('');

  /** The provider's run when the first request is answered with `first` and one sending a token back with REST. */
  async function run(first: readonly object[]) {
    const from = server.bodies.length;
    answerFor = (sent) => sse((sent as { continuationToken?: unknown }).continuationToken === undefined ? first : REST);
    try {
      const theirs = await throughAiSdk('');
      const sent = server.bodies.slice(from);
      // What the capture holds: each request the provider sent, with the stream that answered it.
      const capture = requestCapture(geminiStream, sent.map((b, i) => ({ body: b, answer: [...(i === 0 ? first : REST)] })));
      const sessions = splitSessions(capture, protocols);
      const text = sessions.flatMap((x) => x.pipeline.view().items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text)).join('');
      const findings = check(capture).flatMap((r) => r.findings.map((f) => [f.rule, f.severity]));
      return { theirs, sent, text, findings };
    } finally {
      answerFor = undefined;
    }
  }

  it('the provider sends the token back and shows both responses as one answer; the fold shows the same text with no finding', async () => {
    const { theirs, sent, text, findings } = await run([...FIRST, chunkOf([{ text: 'end of one' }], { finishReason: 'CONTINUATION', continuationToken: 'tok-2' })]);
    expect(theirs.failed).toBeUndefined();
    expect(sent.map((b) => (b as { continuationToken?: unknown }).continuationToken)).toEqual([undefined, 'tok-2']);
    expect(theirs.assembled.text).toBe('Part one, checkpoint. end of one and the rest.');
    expect(text).toBe(theirs.assembled.text);
    expect(findings).toEqual([]);
  });

  it.each([
    ['after a checkpoint', FIRST],
    ['with no token in the response at all', [chunkOf([{ text: 'Part one, checkpoint. ' }])]],
  ])('CONTINUATION without a token in its chunk (%s): the provider sends no second request and shows the first part; the fold warns', async (_name, start) => {
    const { theirs, sent, text, findings } = await run([...start, chunkOf([{ text: 'end of one' }], { finishReason: 'CONTINUATION' })]);
    expect(theirs.failed).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(theirs.assembled.text).toBe('Part one, checkpoint. end of one');
    expect(text).toBe(theirs.assembled.text);
    expect(findings).toEqual([['gemini/continuation-without-token', 'warning']]);
  });
});
