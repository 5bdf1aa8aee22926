// @vitest-environment node
// Agreement with the AI SDK's Anthropic provider (`@ai-sdk/anthropic` 4, the model's doStream, run in
// Node 20 though it declares Node ≥ 22), beside @anthropic-ai/sdk (test/e2e/reference-clients.test.ts):
// each real Anthropic recording (../shared/corpus), the demo's streams and variants of the demo's valid
// stream that each change one field, served as `/v1/messages` from 127.0.0.1. The provider validates
// every event against its own schema; where it fails, the fold reports an error; where it reads the
// stream, a valid one has no error and the text, thinking and client tool calls it emits are the fold's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropic } from '@ai-sdk/anthropic';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';
import { expectAgreement, HELLO_PROMPT, typedSseOfLines, withOneChange, parseArgs, readProviderStream, sseServer, type Assembled, type SseServer } from '../support/client-agreement';

const ROOT = path.resolve(__dirname, '../..');
const DEMO_DIR = path.join(ROOT, 'src/protocols/anthropic/testdata');
const DEMO = fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith('.sse'));

let server: SseServer;
let body = '';

beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1/messages'), () => body);
});
afterAll(() => server.close());

function throughAiSdk(sse: string) {
  body = sse;
  const model = createAnthropic({ baseURL: `${server.origin}/v1`, apiKey: 'test-key' })('claude-sonnet-4-5');
  return readProviderStream(() => model.doStream(HELLO_PROMPT));
}

const COMPACTION = 'Compaction summary';

/** Client tool calls only: the provider emits a server tool's call under its own mapping of names. */
const clientCall = (t: ToolItem) => t.toolId.startsWith('toolu_');

function throughFold(sse: string) {
  const sessions = splitSessions(readInput(sse).capture, protocols);
  expect(sessions.map((s) => s.pipeline.protocol)).toEqual(['anthropic']);
  const items = sessions[0]!.pipeline.view().items;
  return {
    assembled: {
      // The provider streams a compaction block's summary as text; the fold shows it as its own titled block.
      text: items.filter((i): i is TextItem | ReasoningItem => i.kind === 'text' || (i.kind === 'reasoning' && i.title === COMPACTION)).map((i) => i.text).join(''),
      reasoning: items.filter((i): i is ReasoningItem => i.kind === 'reasoning' && i.title !== COMPACTION).map((i) => i.text).join(''),
      calls: items
        .filter((i): i is ToolItem => i.kind === 'tool' && clientCall(i) && i.unfinished === undefined && i.cutOff === undefined)
        .map((t) => ({ name: t.name, args: t.inputText !== undefined ? parseArgs(t.inputText) : t.input })),
    } satisfies Assembled,
    errors: sessions[0]!.pipeline.findings().filter((f) => f.severity === 'error'),
  };
}

async function agree(sse: string, name: string, valid = true): Promise<void> {
  expectAgreement(throughFold(sse), await throughAiSdk(sse), name, "the AI SDK's Anthropic provider", valid);
}

/** Each real recording's name (its folder and file) and its body as SSE. */
const RECORDINGS: ReadonlyMap<string, () => string> = new Map(
  HAS_CORPUS
    ? [
        ...fs.readdirSync(path.join(CORPUS_DIR, 'anthropic')).map((f): [string, () => string] => [`anthropic/${f}`, () => fs.readFileSync(path.join(CORPUS_DIR, 'anthropic', f), 'utf8')]),
        ...fs
          .readdirSync(path.join(CORPUS_DIR, 'vercel-ai'))
          .filter((f) => f.startsWith('anthropic_'))
          .map((f): [string, () => string] => [`vercel-ai/${f}`, () => typedSseOfLines(path.join(CORPUS_DIR, 'vercel-ai', f))]),
      ]
    : [],
);

describe("@ai-sdk/anthropic 4 (the model's doStream) agrees with the Anthropic fold", () => {
  it.skipIf(!HAS_CORPUS).each(HAS_CORPUS ? [...RECORDINGS.keys()] : ['none'])(needsShared('the real recording %s', HAS_CORPUS), async (name) => {
    await agree(RECORDINGS.get(name)!(), name, false);
  });

  it.each(DEMO)("the demo's stream %s", async (name) => {
    await agree(fs.readFileSync(path.join(DEMO_DIR, name), 'utf8'), name, name.startsWith('valid-'));
  });
});

const DEMO_STREAM = fs.readFileSync(path.join(DEMO_DIR, 'valid-thinking-tool.sse'), 'utf8');

const variant = (from: string, to: string): string => withOneChange(DEMO_STREAM, from, to);

const TEXT_DELTA = '"delta":{"type":"text_delta","text":"Let me check "}';
const TEXT_START = '"content_block":{"type":"text","text":""}';

/**
 * Streams @anthropic-ai/sdk reads and the provider fails on (its schema rejects an event, and its stream
 * ends with an error), each with the rule the fold reports.
 */
const REJECTED: [string, string, string, string][] = [
  ['message_start without usage', ',"usage":{"input_tokens":120,"output_tokens":1}}}', '}}', 'anthropic/invalid-event'],
  ['usage without input_tokens', '"usage":{"input_tokens":120,"output_tokens":1}', '"usage":{"output_tokens":1}', 'anthropic/invalid-event'],
  ['input_tokens as a string', '"input_tokens":120', '"input_tokens":"120"', 'anthropic/invalid-event'],
  ['a text block without its text', TEXT_START, '"content_block":{"type":"text"}', 'anthropic/invalid-event'],
  ['a thinking block without its thinking', '"content_block":{"type":"thinking","thinking":"","signature":""}', '"content_block":{"type":"thinking","signature":""}', 'anthropic/invalid-event'],
  ['a tool_use block whose id is a number', '"id":"toolu_01Weather"', '"id":1', 'anthropic/invalid-event'],
  ['a tool_use block whose input is an array', '"input":{}', '"input":[]', 'anthropic/invalid-event'],
  ['a block type the API lists and the provider does not', TEXT_START, '"content_block":{"type":"container_upload","file_id":"file_1"}', 'anthropic/invalid-event'],
  ['a block type nobody lists', TEXT_START, '"content_block":{"type":"hologram","text":""}', 'anthropic/unknown-event'],
  ['a delta type nobody lists', TEXT_DELTA, '"delta":{"type":"hologram_delta","text":"Let me check "}', 'anthropic/unknown-event'],
  ['an event type nobody lists', 'event: ping\ndata: {"type":"ping"}', 'event: heartbeat\ndata: {"type":"heartbeat"}', 'anthropic/unknown-event'],
  ['a stop_sequence that is a number', '"stop_sequence":null}', '"stop_sequence":5}', 'anthropic/invalid-event'],
];

describe("@ai-sdk/anthropic 4 and the fold on variants of the demo's stream, one field each", () => {
  it.each(REJECTED)('%s: the provider fails, the fold reports an error', async (name, from, to, rule) => {
    const sse = variant(from, to);
    expect((await throughAiSdk(sse)).failed, name).toBeDefined();
    const errors = throughFold(sse).errors;
    expect(errors.map((f) => f.rule)).toContain(rule);
    expect(errors.find((f) => f.rule === rule)?.message).toContain("the AI SDK's Anthropic provider rejects");
  });

  it('a tool_use block still open when the message ends: the provider never emits the call, the fold marks it unfinished', async () => {
    const sse = variant('event: content_block_stop\ndata: {"type":"content_block_stop","index":2}\n\n', '');
    const theirs = await throughAiSdk(sse);
    expect(theirs.failed).toBeUndefined();
    expect(theirs.assembled.calls).toEqual([]);
    const tool = splitSessions(readInput(sse).capture, protocols)[0]!.pipeline.view().items.find((i): i is ToolItem => i.kind === 'tool');
    expect(tool).toMatchObject({ name: 'get_weather', status: 'pending' });
    expect(tool?.unfinished).toBeTypeOf('number');
  });
});
