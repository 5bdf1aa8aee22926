// A page the user leaves and comes back to is often restored from the back/forward cache, not loaded
// again: its scripts, the capture hook and the relay carry on where they were. The extension must not
// keep a page out of that cache, and what the restored page receives must still be captured. In
// Chromium the relay's port is closed while the page is stored, without its onDisconnect firing; a relay
// keeping it lost every later frame without a trace. Chromium and Firefox, each with and without the
// extension, on a loopback server.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Page as FirefoxPage } from 'puppeteer-core';
import type { Frame } from '../../src/model/frame';
import { startTestServer, type TestServer } from './support/server';
import { until } from './support/until';
import { launchBrowser } from './support/launch';
import { hubFrames, tabIdOf } from './support/panel-page';
import { FIREFOX_PATH, launchFirefox, startFirefox, waitInPage } from './support/firefox';

// No `Cache-Control: no-store` (a page sent with it is never stored in Chromium's cache).
const PAGE = `<!doctype html><meta charset="utf-8"><title>back/forward cache</title><p>agent page</p><script>
window.shows = [];
addEventListener('pageshow', (e) => shows.push(e.persisted));
window.runs = [];
window.stream = (n) => fetch('/stream?run=' + n).then((r) => r.text()).then(() => { runs.push(n); });
stream(1);
</script>`;
const OTHER = '<!doctype html><meta charset="utf-8"><title>elsewhere</title><p>another page</p>';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
      '/other': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(OTHER),
      '/stream': (_req, res, url) => {
        const run = `run-${url.searchParams.get('run') ?? '0'}`;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(`data: {"type":"RUN_STARTED","threadId":"t-1","runId":"${run}"}\n\n`);
        res.end(`data: {"type":"RUN_FINISHED","threadId":"t-1","runId":"${run}"}\n\n`);
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

/** Runs each of the page's streams carried: read from its RUN_STARTED frames. */
function runsIn(frames: readonly Frame[]): string[] {
  return frames.flatMap((f) => /"runId":"(run-\d+)"/.exec(f.kind === 'message' && f.data.includes('RUN_STARTED') ? f.data : '')?.[1] ?? []);
}

interface Visit {
  /** `persisted` of each pageshow: [false, true] when the return came from the cache. */
  shows: boolean[];
  /** Runs the hub holds for the tab once the restored page's stream ended (with the extension). */
  hubRuns?: string[];
}

async function visitChromium(extension: boolean): Promise<Visit> {
  const browser = await launchBrowser({ extension, backForwardCache: true });
  try {
    const page: Page = await browser.context.newPage();
    await page.goto(`${server.origin}/page`);
    await page.waitForFunction(() => (window as unknown as { runs: number[] }).runs.length === 1);
    // The first run stored before the page is left, so the navigation's clear takes it: the hub tells a
    // late batch of a page left from the new page's only for a document it heard from before (tab.ts).
    const tabId = extension ? await tabIdOf(browser, page) : undefined;
    if (tabId !== undefined) await until(async () => runsIn(await hubFrames(browser, tabId)), (runs) => runs.includes('run-1'));
    await page.goto(`${server.origin}/other`);
    // A return from the cache fires no load event: wait for the page's own pageshow instead.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { shows?: boolean[] }).shows?.length === 2);
    const shows = await page.evaluate(() => (window as unknown as { shows: boolean[] }).shows);
    if (!extension) return { shows };
    await page.evaluate(() => (window as unknown as { stream(n: number): Promise<void> }).stream(2));
    const hubRuns = await until(async () => runsIn(await hubFrames(browser, tabId!)), (runs) => runs.includes('run-2'));
    return { shows, hubRuns };
  } finally {
    await browser.close();
  }
}

/** The two checks of one browser, on its visits without and with the extension (run once, before them). */
function checksOf(visits: () => Promise<{ without: Visit; withExtension: Visit }>, timeoutMs: number): void {
  let seen: { without: Visit; withExtension: Visit };
  beforeAll(async () => {
    seen = await visits();
  }, timeoutMs);

  it('is restored from the cache with the extension as without it', () => {
    expect(seen.without.shows).toEqual([false, true]);
    expect(seen.withExtension.shows).toEqual([false, true]);
  });

  it('has what it receives after the return captured', () => {
    // The first visit's run went with the navigation away (no Preserve log); the return's is there.
    expect(seen.withExtension.hubRuns).toEqual(['run-2']);
  });
}

describe('a page restored from the back/forward cache, in Chromium', () => {
  checksOf(async () => ({ without: await visitChromium(false), withExtension: await visitChromium(true) }), 120_000);
});

const hasFirefox = fs.existsSync(FIREFOX_PATH);
const firefoxTitle = hasFirefox
  ? 'a page restored from the back/forward cache, in Firefox'
  : `a page restored from the back/forward cache, in Firefox (skipped: no ${FIREFOX_PATH}; apt-get install firefox-esr)`;

async function visitFirefox(page: FirefoxPage, stored?: () => Promise<string[]>): Promise<boolean[]> {
  await page.goto(`${server.origin}/page`);
  await waitInPage(page, () => (window as unknown as { runs: number[] }).runs.length === 1, undefined, 'the first run');
  if (stored) await until(stored, (runs) => runs.includes('run-1'));
  await page.goto(`${server.origin}/other`);
  // history.back() rather than page.goBack(): the latter waits for a load event a restore never fires.
  await page.evaluate(() => history.back());
  await waitInPage(page, () => (window as unknown as { shows?: boolean[] }).shows?.length === 2, undefined, 'the return');
  return page.evaluate(() => (window as unknown as { shows: boolean[] }).shows);
}

async function visitsFirefox(): Promise<{ without: Visit; withExtension: Visit }> {
  const plain = await startFirefox();
  let without: Visit;
  try {
    without = { shows: await visitFirefox(await plain.newPage()) };
  } finally {
    await plain.close();
  }
  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    let tabId: number | undefined;
    const stored = async () => runsIn(await firefox.hubFrames((tabId ??= await firefox.tabIdOf(page))));
    const shows = await visitFirefox(page, stored);
    await page.evaluate(() => (window as unknown as { stream(n: number): Promise<void> }).stream(2));
    const hubRuns = await until(stored, (runs) => runs.includes('run-2'));
    return { without, withExtension: { shows, hubRuns } };
  } finally {
    await firefox.close();
  }
}

describe.skipIf(!hasFirefox)(firefoxTitle, () => {
  checksOf(visitsFirefox, 180_000);
});
