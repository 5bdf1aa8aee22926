// @vitest-environment node
// Agreement with the AI SDK's Google provider (`@ai-sdk/google` 4, the model's doStream, run in Node 20
// though it declares Node ≥ 22), beside @google/genai (test/e2e/genai-client.test.ts): each real Gemini
// recording (../shared/corpus-pending), the demo's streams and a stream with a token count that is not a
// number, served as `streamGenerateContent?alt=sse` from 127.0.0.1. The text, thinking and function calls
// the provider emits are the fold's (a call whose arguments never finished it drops, and the fold marks
// it so); where the provider fails, the fold reports an error.
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';

const ROOT = path.resolve(__dirname, '../..');
const RECORDINGS = HAS_PENDING ? fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).filter((f) => f.startsWith('google_google-')) : [];
const DEMO = ['valid-thought-text-calls.sse', 'invalid-unfinished-call.sse'];

interface Assembled {
  text: string;
  reasoning: string;
  calls: Array<{ name: string; args: unknown }>;
}

let server: Server;
let origin: string;
let body = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST' || !req.url?.startsWith('/v1beta/models/')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A recording (one response a line) as the API streams it with `alt=sse`. */
const sseOfLines = (file: string) => fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\n').filter((l) => l.trim() !== '').map((l) => `data: ${l}\n\n`).join('');

async function throughAiSdk(sse: string): Promise<{ assembled: Assembled; failed?: string }> {
  body = sse;
  const model = createGoogleGenerativeAI({ baseURL: `${origin}/v1beta`, apiKey: 'test-key' })('gemini-2.5-flash');
  const assembled: Assembled = { text: '', reasoning: '', calls: [] };
  let failed: string | undefined;
  try {
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }] });
    for await (const part of stream) {
      if (part.type === 'text-delta') assembled.text += part.delta;
      else if (part.type === 'reasoning-delta') assembled.reasoning += part.delta;
      else if (part.type === 'tool-call') assembled.calls.push({ name: part.toolName, args: JSON.parse(part.input) as unknown });
      else if (part.type === 'error') failed ??= String(part.error);
    }
  } catch (error) {
    failed ??= String(error);
  }
  return failed === undefined ? { assembled } : { assembled, failed };
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
  const ours = throughFold(sse);
  const theirs = await throughAiSdk(sse);
  if (theirs.failed !== undefined) {
    expect(ours.errors, `${name}: the AI SDK failed (${theirs.failed})`).not.toEqual([]);
    return;
  }
  if (valid) expect(ours.errors, `${name}: the AI SDK read it without an error`).toEqual([]);
  expect(ours.assembled, name).toEqual(theirs.assembled);
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
