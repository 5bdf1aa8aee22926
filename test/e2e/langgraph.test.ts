// The demo's LangGraph page in the real DevTools window with the built extension: the official LangGraph
// server (@langchain/langgraph-api) on 127.0.0.1 with a fake-model graph, driven by the SDK's Client
// bundled into the page. The page asks, gets an approval request (an `interrupt()`), approves, streams
// the answer and reads the thread's state. The clean backend: one LangGraph session, 0 errors and 0
// warnings, the answer rendered in the panel; each buggy backend (a proxy that breaks one family of
// rules) its rule, in the panel's Findings and in `check` of the panel's export.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check';
import { startLangGraphDemo, BUGGY_FAMILIES, type BuggyFamily, type LangGraphDemo } from '../../demo/langgraph/demo-server';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { settledFrames, tabIdOf } from './support/panel-page';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';
import { SCREENSHOTS } from './support/demo-in-devtools';

const ANSWER = 'It is sunny and 21 °C in Paris.';

let browser: LaunchedBrowser;
let demo: LangGraphDemo;

beforeAll(async () => {
  demo = await startLangGraphDemo();
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Asks, approves, and waits for the page to draw the thread from its state read; then for the panel to hold every frame. */
async function conversation(buggy?: BuggyFamily): Promise<InDevTools & { exported: string; shown: string }> {
  const d = await openWithPanel(browser, `${demo.url}${buggy ? `?buggy=${buggy}` : ''}`);
  const { page, panel } = d;
  await page.click('#send');
  await page.locator('#approve').waitFor({ state: 'visible' });
  expect(await page.locator('#approval-text').textContent()).toBe('Allow get_weather({"city":"Paris"})?');
  await page.click('#approve');
  await page.waitForFunction(() => /^(done|error|failed)/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 20_000 });
  expect(await page.locator('#status').textContent()).toBe('done');
  const frames = await settledFrames(browser, await tabIdOf(browser, page));
  await until(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), (n) => Number(n) >= frames.length, 'every frame in the panel');
  await panel.locator('[data-testid="session"], [data-testid="session-button"]').first().waitFor();
  return { ...d, exported: await panel.evaluate(() => window.__asiExport!()), shown: (await page.locator('#messages').textContent()) ?? '' };
}

const langgraphFindings = (exported: string) => check(exported).filter((r) => r.protocol === 'langgraph');

describe.sequential('the clean backend', () => {
  let d: InDevTools & { exported: string; shown: string };
  beforeAll(async () => {
    d = await conversation();
  });
  afterAll(() => d?.page.close());

  it('the page shows the answer the official server streamed', () => {
    expect(d.shown).toContain(ANSWER);
    expect(d.shown).toContain('Sunny, 21 °C in Paris');
  });

  it('the panel counts 0 errors and 0 warnings and renders the answer, the tool call and the approval', async () => {
    await until(() => d.panel.locator('[data-testid="rendering"]').textContent(), (t) => (t ?? '').includes(ANSWER), 'the answer in the rendering');
    const rendering = (await d.panel.locator('[data-testid="rendering"]').textContent()) ?? '';
    expect(rendering).toContain('What is the weather in Paris?');
    expect(rendering).toContain('Get weather');
    expect(await d.panel.locator('.counts .sev-error').textContent()).toBe('0 errors');
    expect(await d.panel.locator('.counts .sev-warning').textContent()).toBe('0 warnings');
  });

  it('saves screenshots of the rendering, undocked and docked right', async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await d.panel.locator('[data-tab="rendering"]').click();
    for (const [width, height] of [
      [1280, 800],
      [560, 800],
    ] as const) {
      await d.frontend.setViewportSize({ width, height });
      await until(() => d.panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow')), (narrow) => narrow === width < 900, 'the layout');
      const file = path.join(SCREENSHOTS, `langgraph-${width}x${height}.png`);
      await d.frontend.screenshot({ path: file });
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    }
    await d.frontend.setViewportSize({ width: 1280, height: 800 });
  });

  it('the state the page read when the run ended is compared with the live runs, as a read by the same page, not a reload', async () => {
    await d.panel.locator('[data-tab="rendering"]').click();
    const notice = d.panel.locator('[data-testid="history-vs-live-notice"]');
    await until(() => notice.count(), (n) => n === 1, 'the history-vs-live line');
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('History read by the same page, without a reload');
    expect(text).not.toContain('after the reload');
  });

  it('check of the export: one LangGraph session for the thread, clean', () => {
    const sessions = langgraphFindings(d.exported);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });
});

describe.sequential.each(Object.entries(BUGGY_FAMILIES) as [BuggyFamily, string][])('the buggy backend "%s"', (family, rule) => {
  let d: InDevTools & { exported: string; shown: string };
  beforeAll(async () => {
    d = await conversation(family);
  });
  afterAll(() => d?.page.close());

  it(`the panel lists ${rule}`, async () => {
    await d.panel.locator('[data-tab="findings"]').click();
    await until(() => d.panel.locator('.finding-rule').allTextContents(), (rules) => rules.includes(rule), `${rule} in the Findings tab`);
  });

  it(`check of the export reports ${rule} on the LangGraph session`, () => {
    const rules = langgraphFindings(d.exported).flatMap((r) => r.findings.map((f) => f.rule));
    expect(rules).toContain(rule);
  });
});
