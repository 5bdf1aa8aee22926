// A stream the page's capture cannot see: content scripts do not run in workers, so a chat page that
// fetches its stream in a worker shows nothing in the panel. The real DevTools window's network log has
// it: the panel says which stream it missed (and not the one it captured), and opens it as an import.
// Screenshots of the line in every layout and theme (test/e2e/screenshots/network-streams-*.png).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openInDevTools } from './support/docked-panel';
import { until } from './support/devtools-panel';
import { SCREENSHOTS } from './support/demo-in-devtools';
import { inEveryLayout, saveShot } from './support/layout-shots';

const PAGE = `<!doctype html><meta charset="utf-8"><title>chat with a worker</title><p>chat</p><script>
window.inPage = () => fetch('/stream?run=page').then((r) => r.text());
window.inWorker = () => new Promise((resolve) => { const w = new Worker('/worker.js'); w.onmessage = (e) => resolve(e.data); });
</script>`;
const WORKER = `fetch('/stream?run=worker').then((r) => r.text()).then((t) => postMessage(t.length));`;

let server: TestServer;
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
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it("names the stream a worker fetched, which the capture missed, and opens it from DevTools' network log", async () => {
  const docked = await openInDevTools(browser, `${server.origin}/chat`);
  const { page, panel } = docked;
  await page.evaluate(() => (window as unknown as { inPage(): Promise<string> }).inPage());
  await page.evaluate(() => (window as unknown as { inWorker(): Promise<number> }).inWorker());
  const notice = panel.locator('[data-testid="network-streams"]');
  await notice.waitFor({ timeout: 30_000 });
  // The page's own stream finished first and was captured: only the worker's is named.
  expect(await notice.getAttribute('data-count')).toBe('1');
  expect(await notice.textContent()).toContain('GET /stream?run=worker');
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
  expect(messages).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
  await until(() => panel.locator('[data-testid="rendering"]').textContent(), (text) => (text ?? '').includes('Hello from run-worker'), 'the rendering of the worker stream');
  await inEveryLayout(docked, (layout, t) => saveShot(docked, 'network-streams-opened', layout, t).then(() => undefined), ['right-550']);
  await page.close();
}, 180_000);
