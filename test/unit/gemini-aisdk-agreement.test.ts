// @vitest-environment node
// Agreement with the AI SDK's Google provider (`@ai-sdk/google` 4, the model's doStream, run in Node 20
// though it declares Node ≥ 22), beside @google/genai (test/e2e/genai-client.test.ts): each real Gemini
// recording (../shared/corpus-pending), the demo's streams and a stream with a token count that is not a
// number, served as `streamGenerateContent?alt=sse` from 127.0.0.1. The text, thinking and function calls
// the provider emits are the fold's (a call whose arguments never finished it drops, and the fold marks
// it so); where the provider fails, the fold reports an error.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';
import { expectAgreement, HELLO_PROMPT, readProviderStream, sseServer, type Assembled, type SseServer } from '../support/client-agreement';

const ROOT = path.resolve(__dirname, '../..');
const RECORDINGS = HAS_PENDING ? fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).filter((f) => f.startsWith('google_google-')) : [];
const DEMO = ['valid-thought-text-calls.sse', 'invalid-unfinished-call.sse'];

let server: SseServer;
let origin: string;
let body = '';

beforeAll(async () => {
  server = await sseServer((url) => url.startsWith('/v1beta/models/'), () => body);
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
