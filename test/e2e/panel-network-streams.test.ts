// A stream the page's capture cannot see: content scripts do not run in workers, so a chat page that
// fetches its stream in a worker shows nothing in the panel. The real DevTools window's network log has
// it: the panel says which streams it missed (and not the one it captured), and opens them as an import
// (saying which it could not read: DevTools drops a worker's responses once the worker ends).
// Screenshots of the line in every layout and theme (test/e2e/screenshots/network-streams-*.png).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openInDevTools } from './support/docked-panel';
import { until } from './support/devtools-panel';
import { SCREENSHOTS } from './support/demo-in-devtools';
import { inEveryLayout, saveShot } from './support/layout-shots';
import { startDemoServer, type DemoServer } from '../../demo/server-core';

const PAGE = `<!doctype html><meta charset="utf-8"><title>chat with a worker</title><p>chat</p><script>
window.inPage = () => fetch('/stream?run=page').then((r) => r.text());
window.inWorker = () => new Promise((resolve) => { const w = new Worker('/worker.js'); w.onmessage = (e) => resolve(e.data); });
// A worker ended as soon as its stream is read: DevTools then no longer holds the response.
window.inEndedWorker = () => new Promise((resolve) => { const w = new Worker('/worker.js?run=ended'); w.onmessage = (e) => { w.terminate(); resolve(e.data); }; });
</script>`;
const WORKER = `fetch('/stream?run=' + (new URL(location.href).searchParams.get('run') ?? 'worker')).then((r) => r.text()).then((t) => postMessage(t.length));`;

let server: TestServer;
let demo: DemoServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startTestServer({
    routes: {
      '/chat': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
      // Answered, so the page's console (and DevTools' error count in the pictures) stays clean.
      '/favicon.ico': (_req, res) => res.writeHead(204).end(),
      '/worker.js': (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(WORKER),
      '/stream': (_req, res, url) => {
        const run = `run-${url.searchParams.get('run') ?? ''}`;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: {"type":"RUN_STARTED","threadId":"t-1","runId":"${run}"}\n\n`);
        res.write(`data: {"type":"TEXT_MESSAGE_START","messageId":"m-1","role":"assistant"}\n\n`);
        res.write(`data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m-1","delta":"Hello from ${run}"}\n\n`);
        res.write(`data: {"type":"TEXT_MESSAGE_END","messageId":"m-1"}\n\n`);
        res.end(`data: {"type":"RUN_FINISHED","threadId":"t-1","runId":"${run}"}\n\n`);
      },
    },
  });
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await demo?.close();
});

it("names the stream a worker fetched, which the capture missed, and opens it from DevTools' network log", async () => {
  const docked = await openInDevTools(browser, `${server.origin}/chat`);
  const { page, panel } = docked;
  await page.evaluate(() => (window as unknown as { inPage(): Promise<string> }).inPage());
  await page.evaluate(() => (window as unknown as { inWorker(): Promise<number> }).inWorker());
  await page.evaluate(() => (window as unknown as { inEndedWorker(): Promise<number> }).inEndedWorker());
  const notice = panel.locator('[data-testid="network-streams"]');
  await until(() => notice.getAttribute('data-count').catch(() => null), (count) => count === '2', 'both worker streams named', 30_000);
  // The page's own stream finished first and was captured: only the workers' are named.
  expect(await notice.textContent()).toContain('GET /stream?run=worker, GET /stream?run=ended');
  expect(await notice.textContent()).not.toContain('run=page');
  const exported = async () => JSON.parse(await panel.evaluate(() => window.__asiExport!())) as { frames: { kind: string; data: string }[] };
  expect((await exported()).frames.some((f) => f.data.includes('run-worker'))).toBe(false);

  await inEveryLayout(docked, async (layout, t) => {
    await notice.scrollIntoViewIfNeeded();
    await saveShot(docked, 'network-streams', layout, t);
    const box = await notice.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, right: r.right, width: innerWidth, height: innerHeight };
    });
    expect(box.right, `the line fits the panel's width (${layout.key})`).toBeLessThanOrEqual(box.width + 1);
  });

  // Opened as an import: its frames read from DevTools' copy of the body.
  await panel.locator('.network-streams-open').evaluate((el) => (el as HTMLButtonElement).click());
  const frames = await until(exported, (capture) => capture.frames.some((f) => f.data.includes('run-worker')), 'the worker stream opened');
  const messages = frames.frames.filter((f) => f.kind === 'message').map((f) => (JSON.parse(f.data) as { type: string }).type);
  // The ended worker's stream has no response left to read, and the panel says so.
  expect(await panel.locator('.import-error').textContent()).toContain("1 stream opened without its response: DevTools no longer holds it");
  expect(messages).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
  await until(() => panel.locator('[data-testid="rendering"]').textContent(), (text) => (text ?? '').includes('Hello from run-worker'), 'the rendering of the worker stream');
  await inEveryLayout(docked, (layout, t) => saveShot(docked, 'network-streams-opened', layout, t).then(() => undefined), ['right-550']);
  await page.close();
}, 180_000);

it("shows the demo's session fetched in a worker, opened from the network log, with its rendering and no finding", async () => {
  const { page, panel } = await openInDevTools(browser, `${demo.url}?protocol=ag-ui/worker`);
  await page.click('#start');
  await page.waitForFunction(() => /stream ended/.test(document.querySelector('#protocol-output > .muted')?.textContent ?? ''), null, { timeout: 15_000 });
  const notice = panel.locator('[data-testid="network-streams"]');
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.textContent()).toContain('POST /protocols/ag-ui/worker');
  await panel.locator('.network-streams-open').evaluate((el) => (el as HTMLButtonElement).click());
  // The page showed the stream's text; the opened import renders the same, clean.
  const shown = (await page.locator('#protocol-output').textContent()) ?? '';
  const rendering = await until(
    async () => (await panel.locator('[data-testid="rendering"]').textContent()) ?? '',
    (text) => text.includes('cloudy in Oslo'),
    "the worker stream's rendering",
  );
  expect(shown).toContain('cloudy in Oslo');
  // The user's question from the request body, the finished step (folded), the answer.
  expect(rendering).toContain('What is the weather like today?');
  expect(rendering).toContain('Looking up the weather');
  expect(await panel.locator('[data-testid="count-error"]').textContent()).toBe('0 errors');
  expect(await panel.locator('.count.sev-warning').textContent()).toBe('0 warnings');
  await page.close();
}, 120_000);
