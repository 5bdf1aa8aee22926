// @vitest-environment node
// Agreement with the AI SDK's OpenAI-compatible provider (`@ai-sdk/openai-compatible`, the chat model's
// doStream, run in Node 20), beside openai-node (test/unit/agreement tests and
// test/e2e/reference-clients.test.ts): each real Chat Completions recording (../shared/corpus and
// corpus-pending: DeepSeek, Groq, Mistral, xAI, Azure, Perplexity…), the demo's streams and variants of
// the demo's valid stream that each change one field, served as `/v1/chat/completions` from 127.0.0.1.
// The provider validates every chunk; where it fails, the fold reports an error; where it reads the
// stream, the text, reasoning and tool calls it emits are the fold's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { CORPUS_DIR, HAS_CORPUS, HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { expectAgreement, HELLO_PROMPT, parseArgs, readProviderStream, sseServer, withOneChange, type Assembled, type SseServer } from '../support/client-agreement';

const DEMO_DIR = path.resolve(__dirname, '../../src/protocols/openai-chat/testdata');
const DEMO = fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith('.sse'));

let server: SseServer;
let body = '';

beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1/chat/completions'), () => body);
});
afterAll(() => server.close());

/** A recording of one chunk a line as the API streams it, `[DONE]` last. */
const sseOfLines = (file: string) =>
  [
    ...fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== ''),
    '[DONE]',
  ]
    .map((l) => `data: ${l}\n\n`)
    .join('');

function throughAiSdk(sse: string) {
  body = sse;
  const model = createOpenAICompatible({ name: 'compatible', baseURL: `${server.origin}/v1` }).chatModel('model');
  return readProviderStream(() => model.doStream(HELLO_PROMPT));
}

function fold(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  return sessions.length === 1 && sessions[0]!.pipeline.protocol === 'openai-chat' ? sessions[0]!.pipeline : undefined;
}

function throughFold(sse: string) {
  const pipeline = fold(sse);
  expect(pipeline).toBeDefined();
  const items = pipeline!.view().items;
  return {
    assembled: {
      text: items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning').map((i) => i.text).join(''),
      calls: items.filter((i): i is ToolItem => i.kind === 'tool').map((t) => ({ name: t.name, args: t.inputText !== undefined ? parseArgs(t.inputText) : t.input })),
    } satisfies Assembled,
    errors: pipeline!.findings().filter((f) => f.severity === 'error'),
  };
}

/** Every real recording the inspector reads as one Chat Completions stream. */
const RECORDINGS: ReadonlyMap<string, string> = new Map(
  [
    ...(HAS_CORPUS ? fs.readdirSync(path.join(CORPUS_DIR, 'vercel-ai')).map((f) => path.join(CORPUS_DIR, 'vercel-ai', f)) : []),
    ...(HAS_PENDING ? fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).map((f) => path.join(PENDING_DIR, 'vercel-ai', f)) : []),
  ]
    .filter((file) => file.endsWith('.jsonl'))
    .map((file): [string, string] => [path.basename(file), sseOfLines(file)])
    .filter(([, sse]) => fold(sse) !== undefined),
);

describe("@ai-sdk/openai-compatible (the chat model's doStream) agrees with the OpenAI Chat fold", () => {
  it('reads the corpus\'s Chat Completions recordings', { skip: !HAS_CORPUS }, () => {
    expect(RECORDINGS.size).toBeGreaterThanOrEqual(20);
  });

  it.skipIf(!HAS_CORPUS).each(HAS_CORPUS ? [...RECORDINGS.keys()] : ['none'])(needsShared('the real recording %s', HAS_CORPUS), async (name) => {
    const sse = RECORDINGS.get(name)!;
    expectAgreement(throughFold(sse), await throughAiSdk(sse), name, "the AI SDK's OpenAI-compatible provider", false);
  });

  it.each(DEMO)("the demo's stream %s", async (name) => {
    const sse = fs.readFileSync(path.join(DEMO_DIR, name), 'utf8');
    expectAgreement(throughFold(sse), await throughAiSdk(sse), name, "the AI SDK's OpenAI-compatible provider", name.startsWith('valid-'));
  });
});

const DEMO_STREAM = fs.readFileSync(path.join(DEMO_DIR, 'valid-reasoning-tools.sse'), 'utf8');
const variant = (from: string, to: string): string => withOneChange(DEMO_STREAM, from, to);
const TEXT = '"content":"Let me check "';
const ARGS = '{"index":0,"function":{"arguments":"{\\"city\\":"}}';

/** Streams openai-node reads and the provider fails on: its chunk schema rejects them. */
const REJECTED: [string, string, string][] = [
  ['a role other than assistant', '"role":"assistant"', '"role":"model"'],
  ['reasoning_content that is a number', '"reasoning_content":"I should call get_weather."', '"reasoning_content":5'],
  ['a tool call delta without its function object', ARGS, '{"index":0,"arguments":"{\\"city\\":"}'],
  ['a usage count that is a string', '"prompt_tokens":', '"prompt_tokens":"12","x":'],
  ['usage details that are a number', '"completion_tokens_details":{', '"completion_tokens_details":5,"x":{'],
  ['content that is a number', TEXT, '"content":5'],
];

describe("@ai-sdk/openai-compatible and the fold on variants of the demo's stream, one field each", () => {
  it.each(REJECTED)('%s: the provider fails, the fold reports an error', async (name, from, to) => {
    const sse = variant(from, to);
    expect((await throughAiSdk(sse)).failed, name).toBeDefined();
    expect(throughFold(sse).errors.map((f) => f.rule)).toContain('openai-chat/invalid-chunk');
  });

  it('no finish_reason before [DONE]: the provider (≥ 3.0.33) fails the stream, the fold reports an error', async () => {
    const sse = DEMO_STREAM.replace(/"finish_reason":"[a-z_]+"/g, '"finish_reason":null');
    expect(sse).not.toBe(DEMO_STREAM);
    expect((await throughAiSdk(sse)).failed).toContain('Response stream ended without a finish reason');
    expect(throughFold(sse).errors.map((f) => f.rule)).toEqual(['openai-chat/done-before-finish-reason']);
  });

  // openai 6 and 7's ChatCompletionStream fail on it (src/protocols/openai-chat/agreement.test.ts).
  it('every choice numbered 1 (no choice 0): the provider reads it, the fold shows the same with a warning', async () => {
    const sse = DEMO_STREAM.replace(/"index":0,"delta"/g, '"index":1,"delta"');
    expect(sse).not.toBe(DEMO_STREAM);
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expectAgreement(throughFold(sse), theirs, 'choice 1 alone', "the AI SDK's OpenAI-compatible provider");
    expect(fold(sse)!.findings().map((f) => [f.rule, f.severity])).toEqual([['openai-chat/choice-index-gap', 'warning']]);
  });

  it('content as typed parts (Mistral): the provider reads them, and the fold shows the same text without an error', async () => {
    const sse = variant(TEXT, '"content":[{"type":"text","text":"Let me check "}]');
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.text).toContain('Let me check ');
    expectAgreement(throughFold(sse), theirs, 'typed content parts', "the AI SDK's OpenAI-compatible provider");
  });
});
