// Flow control with the built extension: a panel that cannot keep up (its JavaScript paused while a
// burst arrives) gets at most the hub's window of frames, shows how many are still to come, and ends
// with exactly the hub's frames; frames the tab's bound dropped are counted and the count is shown.
// Nothing the page received is lost without a counter saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubTab, openPanel, tabIdOf, waitForFrameCount } from './support/panel-page';
import type { TestServer } from './support/server';
import { startBurstServer } from './support/burst-server';
import { WINDOW } from '../../src/hub/panel-feed';

/** More than the hub's window, and past the bound set below, so both show. */
const FRAMES = WINDOW + 5_000;
const BOUND = 20_000;

let browser: LaunchedBrowser;
let server: TestServer;

type TabInfo = { tabId: number; frames: number; dropped: number; firstIndex: number; nextIndex: number };

beforeAll(async () => {
  server = await startBurstServer((i) => `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"w${i} "}`);
  browser = await launchBrowser({ extension: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records every value the panel showed for `frames to come` and `frames dropped`. */
const RECORDER = `
  window.__shown = { waiting: [], dropped: [] };
  new MutationObserver(() => {
    for (const key of ['waiting', 'dropped']) {
      const n = Number(document.querySelector('[data-testid="' + key + '"]')?.getAttribute('data-count') ?? 0);
      if (window.__shown[key].at(-1) !== n) window.__shown[key].push(n);
    }
  }).observe(document.body, { subtree: true, attributes: true, childList: true });
`;

describe('flow control from the hub to a panel that falls behind', () => {
  it('holds frames back for the panel, shows how many wait and how many were dropped, and loses none silently', { timeout: 240_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/blank`);
    const tabId = await tabIdOf(browser, page);
    await browser.serviceWorker!.evaluate((maxFrames) => globalThis.__asiDebug!.setLimits({ maxFrames, maxBytes: 256_000_000 }), BOUND);
    const panel = await openPanel(browser, tabId);
    await panel.evaluate(RECORDER);
    const hub = async () => (await hubTab(browser, tabId)) as TabInfo;

    // The panel stops running JavaScript: it applies nothing and acknowledges nothing meanwhile.
    const cdp = await browser.context.newCDPSession(panel);
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    const pageFrames = await page.evaluate(
      (n) =>
        new Promise<number>((resolve) => {
          let count = 0;
          const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
          ws.onopen = () => ws.send(`burst ${n}`);
          ws.onmessage = (e) => {
            count++;
            if (e.data === 'end') resolve(count);
          };
        }),
      FRAMES,
    );
    expect(pageFrames).toBe(FRAMES + 1);
    // Every frame the page received, with the socket's open and the page's own message, reached the hub
    // while the panel was stopped.
    await expect.poll(async () => (await hub()).nextIndex, { timeout: 120_000, interval: 250 }).toBe(pageFrames + 2);
    await cdp.send('Debugger.resume');

    const final = await hub();
    // Only the bound dropped frames, and the hub counts them: held + dropped is everything it took.
    expect(final.dropped).toBeGreaterThan(0);
    expect(final.frames + final.dropped).toBe(final.nextIndex);
    await waitForFrameCount(panel, final.frames);
    await expect.poll(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), { timeout: 120_000 }).toBe(String(final.frames));
    await expect.poll(() => panel.locator('[data-testid="dropped"]').getAttribute('data-count'), { timeout: 60_000 }).toBe(String(final.dropped));
    await expect.poll(() => panel.locator('[data-testid="waiting"]').count()).toBe(0);
    const shown = await panel.evaluate(() => (window as unknown as { __shown: { waiting: number[]; dropped: number[] } }).__shown);
    // While it caught up, the panel said how many frames were still to come (the hub had sent it only a window).
    expect(Math.max(...shown.waiting)).toBeGreaterThan(0);
    expect(Math.max(...shown.waiting)).toBeLessThanOrEqual(final.nextIndex);
    expect(shown.waiting.at(-1)).toBe(0);
    await panel.close();
    await page.close();
  });
});
