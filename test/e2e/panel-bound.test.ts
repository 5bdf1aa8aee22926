// The panel open while a tab passes its frame bound: the hub drops its oldest frames and tells the
// panel the new lower bound; the panel ends with exactly the hub's frames, never the buffer twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubFrames, openPanel, settledFrames, tabIdOf, waitForFrameCount } from './support/panel-page';
import type { TestServer } from './support/server';
import { startBurstServer } from './support/burst-server';

/** Past a 50,000-frame bound (set for this test; the hub's own bound is in bytes), so it drops the oldest tenth at least once. */
const FRAMES = 60_000;

let browser: LaunchedBrowser;
let server: TestServer;

beforeAll(async () => {
  server = await startBurstServer((i) => `{"type":"delta","n":${i}}`);
  browser = await launchBrowser({ extension: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a tab past its frame bound with the panel open', () => {
  it(`ends with the hub's frames in the panel after ${FRAMES} frames`, { timeout: 240_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/blank`);
    const tabId = await tabIdOf(browser, page);
    await browser.serviceWorker!.evaluate(() => globalThis.__asiDebug!.setLimits({ maxFrames: 50_000, maxBytes: 256_000_000 }));
    const panel = await openPanel(browser, tabId);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
          (window as unknown as { ws: WebSocket }).ws = ws;
          ws.onopen = () => ws.send('hello');
          ws.onmessage = () => resolve();
        }),
    );
    await waitForFrameCount(panel, 2);
    // The user scopes the panel to the stream's session: a trim keeps that, a new snapshot would not.
    await panel.click('[data-testid="session-button"]');
    await panel.click('[data-testid="session"]:not([data-session=""])');
    const scope = await panel.locator('[data-testid="session-button"]').getAttribute('data-scope');
    expect(scope).not.toBe('');
    await page.evaluate(
      (n) =>
        new Promise<void>((resolve) => {
          const ws = (window as unknown as { ws: WebSocket }).ws;
          ws.onmessage = (e) => {
            if (e.data === 'end') resolve();
          };
          ws.send(`burst ${n}`);
        }),
      FRAMES,
    );
    const frames = await settledFrames(browser, tabId);
    expect(frames.length).toBeLessThanOrEqual(50_000);
    expect(frames.at(-1)?.data).toBe('end');
    const first = frames[0]!.index;
    expect(first).toBeGreaterThan(0);
    // The panel holds what the hub holds: the frames below the bound are gone from it too.
    await expect
      .poll(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), { timeout: 120_000, interval: 500 })
      .toBe(String((await hubFrames(browser, tabId)).length));
    await expect.poll(() => panel.locator('.dropped').textContent()).toMatch(/frames dropped/);
    expect(await panel.locator('[data-testid="session-button"]').getAttribute('data-scope')).toBe(scope);
    await panel.close();
    await page.close();
  });
});
