// With the extension loaded, the user's own DevTools must show the page's code as the initiator of
// the page's fetch and WebSocket requests (the Network panel's Initiator column), not the hook that
// wraps them: the hook's script carries a source map that ignore-lists all of its sources.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { startTestServer, type TestServer } from './support/server';
import { frontendFor } from './support/devtools';

let browser: LaunchedBrowser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    staticDir: path.resolve(__dirname, 'pages'),
    routes: {
      '/initiator-data': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      },
    },
  });
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// A DevTools-internal module (Chromium 156), as in support/devtools.ts.
const SHOW_NETWORK = `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.instance().showPanel('network'))`;

/** The Initiator cell of the Network panel's row whose name contains `name`, as the user reads it. */
async function initiatorCell(frontend: Page, name: string): Promise<string> {
  const row = frontend.locator('tr.data-grid-data-grid-node', { has: frontend.locator('td.name-column', { hasText: name }) }).first();
  await row.waitFor({ timeout: 20_000 });
  const cell = row.locator('td.initiator-column');
  await expect.poll(async () => ((await cell.textContent()) ?? '').trim(), { timeout: 20_000 }).not.toBe('');
  return ((await cell.textContent()) ?? '').trim();
}

it("names the page's own script as the initiator of its fetch and WebSocket", async () => {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/initiator.html`);
  const frontend = await frontendFor(browser.context, `${server.origin}/initiator.html`);
  await frontend.evaluate(SHOW_NETWORK);
  await page.click('#go');
  for (const name of ['initiator-data', 'initiator-ws']) {
    const text = await initiatorCell(frontend, name);
    expect(text, name).toMatch(/^initiator\.js:\d+/);
    expect(text, name).not.toContain('page-hook');
  }
  await page.close();
});
