// The newest official clients, run where chat front ends run them: bundled into a page (esbuild), with
// the extension loaded, each reading a recording that a loopback server streams as the API would. The
// panel must agree with each client: the text it shows is the client's final text, no error where the
// client accepts the stream, an error where it throws (docs/severity-policy.md, client versions).
// openai 7 and ai 7 declare Node ≥ 22; a page is where most of their users run them.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { clientPageRoutes } from './support/client-page';
import { startTestServer, type TestServer } from './support/server';
import { panelFor, shownFindings, shownText } from './support/client-panel';
import { CORPUS_DIR, HAS_CORPUS, corpusPath, needsShared } from '../support/shared-dir';
import type { ClientKind, ClientResult } from './pages/reference-clients-page';

const ROOT = path.resolve(__dirname, '../..');

interface Case {
  id: string;
  client: ClientKind;
  /** The SSE body the server streams. */
  body: () => string;
  /** Whether the newest client throws on it (measured by the agreement tests in Node too). */
  throws?: RegExp;
}

const testdata = (protocol: string, file: string) => () => fs.readFileSync(path.join(ROOT, 'src/protocols', protocol, 'testdata', file), 'utf8');
const lines = (file: string) =>
  fs
    .readFileSync(corpusPath(file), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\n')
    .filter((l) => l.trim() !== '');
/** A data-only recording as the API streams it: chat completions end with `[DONE]`. */
const chatSse = (file: string) => () => [...lines(file), '[DONE]'].map((l) => `data: ${l}\n\n`).join('');
/** A recording of typed events as the API streams it: each with its `event:` name. */
const typedSse = (file: string) => () => lines(file).map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}\n\n`).join('');
/** An AG-UI event array (the .NET server's baselines) as SSE. */
const aguiSse = (file: string) => () => (JSON.parse(lines(file).join('\n')) as unknown[]).map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const sse = (chunks: readonly unknown[]) => () => chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('');

// An AI SDK step that ends waiting for the user's approval of a call (the panel must show the call).
const approvalPending = [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'delete_file', input: { path: 'notes.txt' } },
  { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
  { type: 'finish-step' },
  { type: 'finish' },
  '[DONE]',
];

// What ai 7.0.x added: a user message steered into the running turn (7.0.163), and a text part left open
// at finish-step that goes on in the next step (read since 7.0.79; older clients throw there).
const steeredTurn = [
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'text-start', id: 'a' },
  { type: 'text-delta', id: 'a', delta: 'Looking at A' },
  { type: 'finish-step' },
  { type: 'start-step' },
  { type: 'steering-message', id: 's1', parts: [{ type: 'text', text: 'Also check B.' }] },
  { type: 'text-delta', id: 'a', delta: ' and B.' },
  { type: 'text-end', id: 'a' },
  { type: 'text-start', id: 'b' },
  { type: 'text-delta', id: 'b', delta: 'Both are fine.' },
  { type: 'text-end', id: 'b' },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' },
  '[DONE]',
];

const ownCases: Case[] = [
  { id: 'chat-testdata', client: 'openai-chat', body: testdata('openai-chat', 'valid-reasoning-tools.sse') },
  { id: 'responses-testdata', client: 'openai-responses', body: testdata('openai-responses', 'valid-reasoning-message-tool.sse') },
  { id: 'anthropic-testdata', client: 'anthropic', body: testdata('anthropic', 'valid-thinking-tool.sse') },
  { id: 'agui-testdata', client: 'ag-ui', body: testdata('ag-ui', 'valid-tool-call.sse') },
  { id: 'aisdk-weather', client: 'aisdk-ui', body: testdata('aisdk-ui', 'valid-weather-tool.sse') },
  { id: 'aisdk-todos', client: 'aisdk-ui', body: testdata('aisdk-ui', 'valid-todos-sources.sse') },
  { id: 'aisdk-approval-pending', client: 'aisdk-ui', body: sse(approvalPending) },
  { id: 'aisdk-steered-turn', client: 'aisdk-ui', body: sse(steeredTurn) },
];

const corpusCases: Case[] = [
  { id: 'openai-chat-text', client: 'openai-chat', body: chatSse('vercel-ai/openai_chat_openai-text.jsonl') },
  { id: 'deepseek-reasoning', client: 'openai-chat', body: chatSse('vercel-ai/deepseek_chat_deepseek-reasoning.jsonl') },
  { id: 'groq-tool-call', client: 'openai-chat', body: chatSse('vercel-ai/groq_groq-tool-call.jsonl') },
  { id: 'mistral-text', client: 'openai-chat', body: chatSse('vercel-ai/mistral_mistral-text.jsonl') },
  { id: 'mistral-tool-call', client: 'openai-chat', body: chatSse('vercel-ai/mistral_mistral-tool-call.jsonl'), throws: /invalid tool call index/ },
  { id: 'azure-text', client: 'openai-responses', body: typedSse('vercel-ai/azure_azure-text.1.jsonl') },
  { id: 'responses-web-search', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_openai-web-search-tool.1.jsonl') },
  { id: 'xai-responses-reasoning', client: 'openai-responses', body: typedSse('vercel-ai/xai_responses_xai-text-with-reasoning-streaming.1.jsonl') },
  { id: 'copilot-id-rotation', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_github-copilot-id-rotation.1.jsonl'), throws: /Lifecycle response identity changed/ },
  // Events and items the API added after openai 6: the shell tool's events (openai ≥ 7.5), a compaction,
  // programmatic tool calling's program, a hosted tool search and its output.
  { id: 'responses-shell-skills', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_openai-shell-skills.1.jsonl') },
  { id: 'responses-compaction', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_openai-compaction.1.jsonl') },
  { id: 'responses-program', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_programmatic-tool-calling.1.jsonl') },
  { id: 'responses-tool-search', client: 'openai-responses', body: typedSse('vercel-ai/openai_responses_openai-tool-search.1.jsonl') },
  { id: 'anthropic-basic', client: 'anthropic', body: () => fs.readFileSync(corpusPath('anthropic/basic_response.sse'), 'utf8') },
  { id: 'anthropic-tool-use', client: 'anthropic', body: () => fs.readFileSync(corpusPath('anthropic/tool_use_response.sse'), 'utf8') },
  { id: 'anthropic-web-search', client: 'anthropic', body: typedSse('vercel-ai/anthropic_anthropic-web-search-tool.1.jsonl') },
  { id: 'agui-dotnet-text', client: 'ag-ui', body: aguiSse('ag-ui/dotnet-server/Step01_GettingStarted__PostRun_MultiTurn_SynthesizesAssistantMessages__Turn_01.06.json') },
  { id: 'agui-dotnet-thinking', client: 'ag-ui', body: aguiSse('ag-ui/dotnet-server/Step07_ThinkingEvents__PostRun_WithReasoningContent_EmitsReasoningAndTextEvents__Turn_01.06.json') },
];

const CONTENT_TYPE: Record<ClientKind, Record<string, string>> = {
  'openai-chat': { 'content-type': 'text/event-stream' },
  'openai-responses': { 'content-type': 'text/event-stream' },
  anthropic: { 'content-type': 'text/event-stream' },
  'ag-ui': { 'content-type': 'text/event-stream' },
  'aisdk-ui': { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
};

/** Where each client posts its request, below the case's base URL. */
const CLIENT_PATH: Record<ClientKind, string> = {
  'openai-chat': '/v1/chat/completions',
  'openai-responses': '/v1/responses',
  anthropic: '/v1/messages',
  'ag-ui': '/agent',
  'aisdk-ui': '/api/chat',
};

const allCases = [...ownCases, ...(HAS_CORPUS ? corpusCases : [])];
let browser: LaunchedBrowser;
let server: TestServer;

beforeAll(async () => {
  const recordings = Object.fromEntries(
    allCases.map((c) => [
      `/case/${c.id}${CLIENT_PATH[c.client]}`,
      (req: IncomingMessage, res: ServerResponse) => {
        req.resume();
        res.writeHead(200, { ...CONTENT_TYPE[c.client], 'cache-control': 'no-store' });
        res.end(c.body());
      },
    ]),
  );
  server = await startTestServer({
    routes: {
      ...(await clientPageRoutes(path.join(__dirname, 'pages/reference-clients-page.ts'), 'clients')),
      ...recordings,
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs the client of `c` in a page and waits for what it ended with. */
async function runClient(c: Case): Promise<{ page: Page; result: ClientResult }> {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/?client=${c.client}&case=${c.id}`);
  await page.waitForFunction(() => window.__clientResult !== undefined, null, { timeout: 20_000 });
  return { page, result: (await page.evaluate(() => window.__clientResult))! };
}

describe('the newest official clients in a page agree with the panel', () => {
  it.each(ownCases)('$client on $id', async (c) => check(c), 60_000);
  it.skipIf(!HAS_CORPUS).each(corpusCases)(needsShared('$client on the real recording $id'), async (c) => check(c), 60_000);

  it('an AI SDK approval pending at the end of a step: the panel shows the call awaiting approval, its step open', async () => {
    const { page, result } = await runClient(ownCases.find((c) => c.id === 'aisdk-approval-pending')!);
    expect(result).toEqual({ ok: true, text: '' });
    const panel = await panelFor(browser, page, 'aisdk-ui');
    const step = panel.locator('[data-testid="rendering"] .group').first();
    await expect.poll(() => step.locator('.group-header').getAttribute('aria-expanded')).toBe('true');
    expect(await step.locator('.group-title').textContent()).toBe('Step 1');
    expect(await step.locator('.tool').first().textContent()).toContain('Delete file');
    expect(await step.locator('.approval .approval-name').textContent()).toBe('delete_file');
    expect(await step.locator('.approval-outcome').getAttribute('class')).toContain('outcome-waiting');
    await panel.close();
    await page.close();
  }, 60_000);
});

describe('what ai 7.0.x added, in the panel', () => {
  it('a steered turn: ai 7 reads it; the panel shows the steering message as the user\'s, the part that went on, and warnings only', async () => {
    const { page, result } = await runClient(ownCases.find((c) => c.id === 'aisdk-steered-turn')!);
    expect(result).toEqual({ ok: true, text: 'Looking at A and B.Both are fine.' });
    const panel = await panelFor(browser, page, 'aisdk-ui');
    expect(await shownText(panel)).toBe('Looking at A and B.Both are fine.');
    expect(await panel.locator('[data-testid="rendering"] .user-message').allTextContents()).toContain('Also check B.');
    const findings = await shownFindings(panel);
    expect(findings.filter((f) => f.severity !== 'info').map((f) => [f.rule, f.severity]).sort()).toEqual([
      ['aisdk/part-after-step', 'warning'],
      ['aisdk/part-not-ended', 'warning'],
      ['aisdk/version-specific-chunk', 'warning'],
    ]);
    await panel.close();
    await page.close();
  }, 60_000);
});

async function check(c: Case): Promise<void> {
  const { page, result } = await runClient(c);
  const panel = await panelFor(browser, page, c.client);
  // The rendering first: the findings are another tab of the same pane.
  const text = await shownText(panel);
  const shown = (await shownFindings(panel)).map((f) => f.severity);
  if (c.throws) {
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(c.throws) });
    expect(shown).toContain('error');
  } else {
    expect(result, `the client threw on ${c.id}`).toMatchObject({ ok: true });
    expect(shown.filter((s) => s === 'error')).toEqual([]);
    if (result.ok) expect(text).toBe(result.text);
  }
  await panel.close();
  await page.close();
}

// Every case names a file that exists, so a renamed recording fails here rather than skipping quietly.
it.skipIf(!HAS_CORPUS)(needsShared('the corpus holds every recording named here'), () => {
  expect(fs.existsSync(CORPUS_DIR)).toBe(true);
  for (const c of corpusCases) expect(() => c.body()).not.toThrow();
});
