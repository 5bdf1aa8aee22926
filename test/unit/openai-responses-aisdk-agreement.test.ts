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
import { splitSessions } from '../../src/analysis/sessions';
import type { TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { CORPUS_DIR, HAS_CORPUS, needsShared } from '../support/shared-dir';
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
