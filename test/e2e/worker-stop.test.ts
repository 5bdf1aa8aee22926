// The service worker is stopped twice in the middle of a stream (browser CDP Target.closeTarget)
// while the page keeps streaming: afterwards the hub and the panel hold every frame the server sent,
// once each, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createParser } from 'eventsource-parser';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import type { Frame } from '../../src/model/frame';
import { launchBrowser } from './support/launch';
import { stopServiceWorker } from './support/stop-worker';
import type { ChromeTabs } from './support/panel-page';


let browser: Awaited<ReturnType<typeof launchBrowser>>;

const sw = () => browser.serviceWorker!;
let demo: DemoServer;

beforeAll(async () => {
  // The reload scenario streams for a while (tool pauses), long enough to stop the worker twice: about
  // 12 s at this scale. At 0.12 (4 s) a loaded machine once took so long to stop the worker and see
  // it reconnect that the stream had ended before the 6 more events the test waits for.
  demo = await startDemoServer({ port: 0, delayScale: 0.4 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function eventCount(page: Page): Promise<number> {
  return Number(/(\d+) events/.exec((await page.locator('#info').textContent()) ?? '')?.[1] ?? 0);
}

async function serverLog(sessionId: string): Promise<string[]> {
  const res = await fetch(`${demo.url}sse?session=${encodeURIComponent(sessionId)}&last_event_id=0`);
  const out: string[] = [];
  createParser({ onEvent: (e) => out.push(e.data) }).feed(await res.text());
  return out;
}

describe.each(['ws', 'sse'] as const)('worker stopped mid-stream over %s', (transport) => {
  it('loses no frame and duplicates none', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${demo.url}?scenario=reload&transport=${transport}`);
    await page.click('#start');
    const tabId = await sw().evaluate(
      (u: string) => (globalThis as unknown as ChromeTabs).chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url?.startsWith(u) && t.url.includes('session='))?.id),
      `${demo.url}?scenario=reload&transport=${transport}`,
    );
    expect(typeof tabId).toBe('number');
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
    await panel.waitForSelector('[data-testid="link"][data-state="live"]');
    const bootBefore = await sw().evaluate(() => globalThis.__asiDebug!.bootId);

    await page.waitForFunction(() => /([5-9]|\d\d+) events/.test(document.getElementById('info')?.textContent ?? ''));
    await stopServiceWorker(browser);
    const stoppedAt = await eventCount(page);
    await page.waitForFunction((n) => Number(/(\d+) events/.exec(document.getElementById('info')?.textContent ?? '')?.[1]) >= n + 6, stoppedAt);
    // The panel notices, reconnects and so wakes the worker; stop it again while frames keep coming.
    await panel.waitForFunction(() => Number(document.querySelector('[data-testid="link"]')?.getAttribute('data-reconnects')) >= 1);
    // Live again first: a worker stopped while the panel's new port is still being opened is started
    // again by Chrome to take that port, so the panel sees no drop and would not count a reconnect.
    await panel.waitForSelector('[data-testid="link"][data-state="live"]');
    await stopServiceWorker(browser);
    await page.waitForFunction(() => /\d+ events.*idle/.test(document.getElementById('info')?.textContent ?? ''), null, { timeout: 60_000 });

    const sessionId = new URL(page.url()).searchParams.get('session')!;
    const sent = await serverLog(sessionId);
    await panel.waitForFunction(() => Number(document.querySelector('[data-testid="link"]')?.getAttribute('data-reconnects')) >= 2);
    await panel.waitForSelector('[data-testid="link"][data-state="live"]');
    const last = sent.at(-1)!;
    let frames: Frame[] = [];
    // Until the hub holds the server's last event (a condition, not a time: the hub may be slow to catch up).
    await expect
      .poll(
        async () => {
          frames = await sw().evaluate((id: number) => globalThis.__asiDebug!.frames(id), tabId!);
          return frames.some((f) => f.data === last);
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const bootAfter = await sw().evaluate(() => globalThis.__asiDebug!.bootId);
    expect(bootAfter).not.toBe(bootBefore);

    const received = frames.filter((f) => f.kind === 'message' && f.direction === 'in').map((f) => f.data);
    expect(received).toEqual(sent);
    expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => i));
    await panel.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')) === n,
      frames.length,
    );
    // The panel's own copy (what it exports) holds exactly the hub's frames.
    const panelCopy = JSON.parse(await panel.evaluate(() => window.__asiExport!({ redact: false }))) as { frames: Frame[] };
    expect(panelCopy.frames.map((f) => f.index)).toEqual(frames.map((f) => f.index));
    await panel.close();
    await page.close();
  });
});
