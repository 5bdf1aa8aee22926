// A chat's Stop button aborts the request (AbortController): the panel shows the turn stopped by the
// page, with what arrived, and no failure and no error; the same turn cut by the network shows as a
// failed turn. Real fetches from a page to a server on 127.0.0.1, the built extension, the panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openPanel, settledFrames, tabIdOf } from './support/panel-page';
import { startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;

const EVENTS = [
  { type: 'RUN_STARTED', threadId: 't-1', runId: 'r-1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm-1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-1', delta: 'Hello wor' },
];

const PAGE = `<!doctype html><meta charset="utf-8"><title>Stop</title>
<script>
// Reads the run's stream until its text arrived, then stops the way a chat's Stop button does, or
// has the server drop the connection and reads on until the stream fails. Resolves with how the read ended.
async function run(path, stop) {
  const controller = new AbortController();
  const res = await fetch(path, { method: 'POST', body: '{"threadId":"t-1","runId":"r-1","messages":[]}', headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'done';
      text += decoder.decode(value, { stream: true });
      if (text.includes('Hello wor')) stop ? controller.abort() : fetch('/drop');
    }
  } catch (err) {
    return err.name;
  }
}
</script><body>stop</body>`;

/** The stream of the run the page reads, held open until the page stops it or asks for the drop. */
let held: http.ServerResponse | undefined;

function stream(res: http.ServerResponse): void {
  held = res;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(EVENTS.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
}

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/stop.html': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE),
      '/run': (_req, res) => stream(res),
      // Asked once the page has read the events: a reset then loses none of them.
      '/drop': (_req, res) => {
        held?.socket?.destroy();
        res.writeHead(204).end();
      },
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs the page's read of `path` and opens the panel on everything its tab captured. */
async function captured(path: string, stop: boolean) {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/stop.html`);
  const tabId = await tabIdOf(browser, page);
  const ended = await page.evaluate(([p, s]) => (window as unknown as { run(p: string, s: boolean): Promise<string> }).run(p, s), [path, stop] as const);
  const frames = await settledFrames(browser, tabId);
  const panel = await openPanel(browser, tabId, frames.length);
  return { page, panel, frames, ended };
}

describe('a turn the page stopped', () => {
  it('shows as stopped by the page, with its text, and no error', async () => {
    const { page, panel, frames, ended } = await captured('/run', true);
    expect(ended).toBe('AbortError');
    expect(frames.some((f) => f.kind === 'error' && f.data.startsWith('AbortError'))).toBe(true);
    const rendering = panel.locator('[data-testid="rendering"]');
    await rendering.locator('[data-testid="stopped-item"]').waitFor();
    expect(await rendering.locator('[data-testid="stopped-item"]').textContent()).toBe('Stopped: the page aborted the request, as a Stop button does');
    expect(await rendering.textContent()).toContain('Hello wor');
    expect(await rendering.locator('.error-item').count()).toBe(0);
    expect(await panel.locator('[data-testid="count-error"]').textContent()).toBe('0 errors');
    expect(await panel.locator('.session-state').first().textContent()).toBe('stopped');
    await panel.close();
    await page.close();
  });

  it('while the same turn cut by the network shows as a failed turn, with its error', async () => {
    const { page, panel, frames, ended } = await captured('/run', false);
    expect(ended).toBe('TypeError');
    expect(frames.some((f) => f.kind === 'error' && !f.data.startsWith('AbortError'))).toBe(true);
    const rendering = panel.locator('[data-testid="rendering"]');
    await rendering.locator('.error-item').waitFor();
    expect(await rendering.locator('.error-item').textContent()).toMatch(/^Turn failed: /);
    expect(await rendering.locator('[data-testid="stopped-item"]').count()).toBe(0);
    expect(await panel.locator('[data-testid="count-error"]').textContent()).not.toBe('0 errors');
    expect(await panel.locator('.session-state').first().textContent()).toBe('failed');
    await panel.close();
    await page.close();
  });
});
