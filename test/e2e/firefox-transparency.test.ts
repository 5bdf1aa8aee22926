// The page must not be able to tell that the capture hook is there, in Firefox too: transparency.html runs
// its API and behaviour checks in a Firefox without the add-on and in one with it, and the results must be
// identical but for two differences found in Firefox (below). The hook must also have been at work: the
// hub holds the page's frames, and the page's own `message` listener saw none of the capture's traffic.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { closedPort, type TestServer } from './support/server';
import { startTransparencyServer } from './support/transparency-server';
import { FIREFOX_PATH, launchFirefox, startFirefox } from './support/firefox';

type Results = Record<'api' | 'ws' | 'http', Record<string, unknown>>;
interface PageRun {
  results: Results;
  pageSaw: unknown[];
  hubFrames: number;
  /** The connection checks on /csp.html (a strict policy): the violations the page was told of. */
  strict: { violations: unknown[]; results: Record<string, unknown> };
}

let server: TestServer;
let refusedPort: number;
let without: PageRun;
let withHook: PageRun;

async function runPage(browser: Browser): Promise<{ results: Results; pageSaw: unknown[]; page: Awaited<ReturnType<Browser['newPage']>> }> {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/transparency.html?refused=${refusedPort}`);
  const results = {
    api: (await page.evaluate('apiChecks()')) as Record<string, unknown>,
    ws: (await page.evaluate('wsChecks()')) as Record<string, unknown>,
    http: (await page.evaluate('httpChecks()')) as Record<string, unknown>,
  };
  return { results, pageSaw: (await page.evaluate('hookMessages')) as unknown[], page };
}

async function runStrictPage(browser: Browser): Promise<PageRun['strict']> {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/csp.html?refused=${refusedPort}`);
  const results = { ws: await page.evaluate('wsChecks()'), http: await page.evaluate('httpChecks()') };
  const violations = (await page.evaluate('cspViolations')) as unknown[];
  await page.close();
  return { violations, results };
}

/**
 * The two differences Firefox shows, taken out of the comparison:
 * - the order of a wrapped native function's own keys: SpiderMonkey creates `name` and `length` lazily,
 *   in the order they are first read, and a read through our Proxy creates them where a direct read of
 *   the native does not (the native lists `length, name`; through the Proxy the page's own read order);
 * - an own `stack` on an error our wrapper rethrows: the wrapper re-captures the stack at the page's
 *   call site (Error.captureStackTrace) so that no moz-extension:// frame shows, and in Firefox, where
 *   `stack` is otherwise inherited, that leaves an own property.
 */
function withoutKnownDifferences(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutKnownDifferences(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'ownKeys' && Array.isArray(v) ? (v as string[]).filter((key) => key !== 'stack').sort() : withoutKnownDifferences(v, depth + 1),
    ]),
  );
}

const hasFirefox = fs.existsSync(FIREFOX_PATH);
const title = hasFirefox ? 'what the page sees in Firefox' : `what the page sees in Firefox (skipped: no ${FIREFOX_PATH}; apt-get install firefox-esr)`;

describe.skipIf(!hasFirefox)(title, () => {
  beforeAll(async () => {
    server = await startTransparencyServer();
    refusedPort = await closedPort();
    const plain = await startFirefox();
    try {
      const run = await runPage(plain);
      without = { results: run.results, pageSaw: run.pageSaw, hubFrames: 0, strict: await runStrictPage(plain) };
    } finally {
      await plain.close();
    }
    const firefox = await launchFirefox();
    try {
      const run = await runPage(firefox.browser);
      const tabId = await firefox.tabIdOf(run.page);
      withHook = { results: run.results, pageSaw: run.pageSaw, hubFrames: (await firefox.hubFrames(tabId)).length, strict: await runStrictPage(firefox.browser) };
    } finally {
      await firefox.close();
    }
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('is what a Firefox without the add-on shows, check by check, but for the known differences', () => {
    for (const group of ['api', 'ws', 'http'] as const) {
      for (const [check, value] of Object.entries(without.results[group])) {
        expect({ check, value: withoutKnownDifferences(withHook.results[group][check]) }).toEqual({ check, value: withoutKnownDifferences(value) });
      }
    }
  });

  it('tells a site with a strict policy (no eval, Trusted Types) of no violation', () => {
    expect(withoutKnownDifferences(withHook.strict.results)).toEqual(withoutKnownDifferences(without.strict.results));
    expect(without.strict.violations).toEqual([]);
    expect(withHook.strict.violations).toEqual([]);
  });

  it('has the hook at work, unseen by the page', () => {
    expect(withHook.hubFrames).toBeGreaterThan(50);
    expect(withHook.pageSaw).toEqual([]);
    expect(Object.keys(without.results.api).length).toBeGreaterThan(10);
  });
});
