// Request bodies through the real extension: an XMLHttpRequest's body is captured like fetch's, a body
// over the frame bound is cut at it and says how long it was, and exports redact secrets in request
// bodies as they do in frames. The protocol that answers reads them: a tool loop run over XHR gets its
// findings across requests from `check` of the exported file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAX_FRAME_BYTES } from '../../src/bridge/page-messages';
import { check } from '../../src/api/check';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openPanel, settledFrames, tabIdOf } from './support/panel-page';
import { readBody, startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;

const chunk = (delta: object, finish: string | null = null) =>
  JSON.stringify({ id: 'chatcmpl-b1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] });

/** Asks for a tool while the request has no tool result yet, answers text after. */
function answerFor(body: string): string[] {
  const asked = body.includes('"role":"tool"');
  if (asked) return [chunk({ role: 'assistant', content: 'Sunny.' }), chunk({}, 'stop'), '[DONE]'];
  return [
    chunk({ role: 'assistant', content: null }),
    chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Hanoi"}' } }] }),
    chunk({}, 'tool_calls'),
    '[DONE]',
  ];
}

const BIG = MAX_FRAME_BYTES + 50_000;

// Page functions: an XHR tool loop whose follow-up answers under a wrong id, and a fetch and an XHR
// whose bodies pass the bound (ASCII, so characters and bytes count the same).
const PAGE = `<!doctype html><meta charset="utf-8"><title>Bodies</title>
<script>
function xhr(body) {
  return new Promise((resolve) => {
    const x = new XMLHttpRequest();
    x.open('POST', '/v1/chat/completions');
    x.setRequestHeader('content-type', 'application/json');
    x.onloadend = () => resolve(x.responseText);
    x.send(body);
  });
}
async function xhrLoop() {
  const messages = [{ role: 'user', content: 'Weather in Hanoi?' }];
  await xhr(JSON.stringify({ model: 'gpt-4o-mini', stream: true, api_key: 'sk-live-secret-1234567890', messages }));
  messages.push({ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Hanoi"}' } }] });
  messages.push({ role: 'tool', tool_call_id: 'get_weather', content: '{"temp":31}' });
  await xhr(JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages }));
  document.body.dataset.loop = 'done';
}
const big = () => JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x'.repeat(${BIG}) }] });
async function bigFetch() {
  const res = await fetch('/v1/chat/completions?big=fetch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big() });
  await res.text();
}
async function bigXhr() { await new Promise((resolve) => { const x = new XMLHttpRequest(); x.open('POST', '/v1/chat/completions?big=xhr'); x.onloadend = resolve; x.send(big()); }); }
</script><body>bodies</body>`;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/bodies.html': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE),
      '/v1/chat/completions': (req, res) => {
        void readBody(req).then((body) => {
          res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
          for (const data of answerFor(body)) res.write(`data: ${data}\n\n`);
          res.end();
        });
      },
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface ExportedConnection {
  id: string;
  url?: string;
  transport: string;
  requestBody?: string;
  requestBodyTruncated?: { originalLength: number };
}

async function exported(panel: Page, redact: boolean): Promise<{ text: string; connections: ExportedConnection[] }> {
  const text = await panel.evaluate((r) => window.__asiExport!({ redact: r }), redact);
  return { text, connections: (JSON.parse(text) as { connections: ExportedConnection[] }).connections };
}

describe.sequential('request bodies through the extension', () => {
  let page: Page;
  let panel: Page;

  beforeAll(async () => {
    page = await browser.context.newPage();
    await page.goto(`${server.origin}/bodies.html`);
    await page.evaluate(() => (window as unknown as { xhrLoop(): Promise<void> }).xhrLoop());
    await page.evaluate(() => (window as unknown as { bigFetch(): Promise<void> }).bigFetch());
    await page.evaluate(() => (window as unknown as { bigXhr(): Promise<void> }).bigXhr());
    const tabId = await tabIdOf(browser, page);
    await settledFrames(browser, tabId);
    panel = await openPanel(browser, tabId);
  });

  it("captures an XHR's request body, redacted in exports like a frame", async () => {
    const raw = await exported(panel, false);
    const chats = raw.connections.filter((c) => c.url?.endsWith('/v1/chat/completions'));
    expect(chats).toHaveLength(2);
    const first = JSON.parse(chats[0]!.requestBody ?? '') as { api_key: string; messages: unknown[] };
    expect(first.api_key).toBe('sk-live-secret-1234567890');
    expect(first.messages).toEqual([{ role: 'user', content: 'Weather in Hanoi?' }]);
    const redacted = await exported(panel, true);
    expect(redacted.text).not.toContain('sk-live-secret-1234567890');
    const body = JSON.parse(redacted.connections.find((c) => c.id === chats[0]!.id)!.requestBody ?? '') as { api_key: string };
    expect(body.api_key).toBe('[REDACTED]');
  });

  it('cuts a fetch body and an XHR body over the bound at the bound, saying how long they were', async () => {
    const { connections } = await exported(panel, false);
    for (const which of ['fetch', 'xhr']) {
      const c = connections.find((x) => x.url?.endsWith(`big=${which}`));
      expect(c, which).toBeDefined();
      const whole = JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x'.repeat(BIG) }] });
      expect(c!.requestBodyTruncated, which).toEqual({ originalLength: whole.length });
      expect(c!.requestBody!.length, which).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      expect(whole.startsWith(c!.requestBody!), which).toBe(true);
    }
  });

  it('reads the XHR requests as one tool loop: check of the export reports the wrong tool_call_id', async () => {
    const { text } = await exported(panel, true);
    const rules = check(text).flatMap((r) => r.findings.map((f) => `${f.rule} ${f.location}`));
    expect(rules.filter((r) => r.includes('/loop-'))).toEqual([
      expect.stringMatching(/^openai-chat\/loop-unknown-tool-call-id \d+:messages\[2\]$/),
      expect.stringMatching(/^openai-chat\/loop-missing-tool-result \d+:messages\[1\]$/),
    ]);
  });
});
