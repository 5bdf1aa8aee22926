// @vitest-environment node
// Agreement with Cohere's official client, `cohere-ai` 8.1 (Node ≥ 18): each real Cohere v2 recording
// (../shared/corpus-pending) and the demo's streams, served as the API streams them from 127.0.0.1, read
// through `CohereClientV2.chatStream` and by the inspector. The final text, the reasoning and the tool
// calls (name and arguments) the client assembles are the ones the fold shows; where the client throws,
// the inspector reports an error naming the client (docs/severity-policy.md).
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CohereClientV2 } from 'cohere-ai';
import { splitSessions } from '../../src/analysis/sessions';
import type { ReasoningItem, TextItem, ToolItem, ViewModel } from '../../src/model/view';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { HAS_PENDING, needsShared, PENDING_DIR } from '../support/shared-dir';

const ROOT = path.resolve(__dirname, '../..');
const RECORDINGS = ['cohere_cohere-text', 'cohere_cohere-reasoning', 'cohere_cohere-tool-call', 'cohere_cohere-empty-tool-call'];
const DEMO = ['valid-thinking-tool-call.sse', 'invalid-cut-short.sse'];

/** A recording (one JSON event a line) as the API streams it: each event under its own name. */
function sseOfLines(file: string): string {
  const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\n').filter((l) => l.trim() !== '');
  return lines.map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}\n\n`).join('');
}

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
    if (req.method !== 'POST' || req.url !== '/v2/chat') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

/** Arguments as a UI reads them: JSON when they parse, the text as it came when cut short. */
function parseArgs(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
