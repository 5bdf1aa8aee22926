// The real DevTools window (docked, opened for every tab) shows the Agents panel, and the panel
// lists the demo page's frames, live, renders the session and follows DevTools' theme. Also writes
// screenshots of the DevTools window (light and dark) into test/e2e/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { launchBrowser } from './support/launch';
import type { ChromeTabs } from './support/panel-page';
import { frontendFor, PANEL_IDS, setTheme, showPanel } from './support/devtools';
import { sessionsInPicker } from './support/panel-in-devtools';


let browser: Awaited<ReturnType<typeof launchBrowser>>;

const sw = () => browser.serviceWorker!;
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  // Lets Playwright drive the DevTools frontends (targets of type "other"); undocumented but stable in 1.65.
  process.env.PW_CHROMIUM_ATTACH_TO_OTHER = '1';
  browser = await launchBrowser({ devtools: true });
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

const DARK_THEME = setTheme('dark');
const SCREENSHOTS = path.resolve(__dirname, 'screenshots');

it('shows the Agents panel with the demo frames', async () => {
  const devtoolsOpened = browser.context.waitForEvent('page', { predicate: (p) => p.url().startsWith('devtools://') });
  const page = await browser.context.newPage();
  await devtoolsOpened;
  await page.goto(`${demo.url}?scenario=normal&transport=sse`);
  const frontend = await frontendFor(browser.context, demo.url);

  const panelId = `chrome-extension://${browser.extensionId}Agents`;
  await expect
    .poll(() =>
      frontend.evaluate<string[]>(PANEL_IDS),
    )
    .toContain(panelId);
  await frontend.evaluate(showPanel(panelId));
  let panel: PwFrame | undefined;
  await expect
    .poll(() => (panel = frontend.frames().find((f) => f.url().includes(`${browser.extensionId}/panel.html`))) !== undefined)
    .toBe(true);
  await panel!.waitForSelector('[data-testid="link"][data-state="live"]');

  await page.click('#start');
  await page.waitForFunction(() => /[1-9]\d* events.*idle/.test(document.getElementById('info')?.textContent ?? ''));
  const events = Number(/(\d+) events/.exec((await page.locator('#info').textContent()) ?? '')?.[1]);
  // Every event the page received is a frame in the panel (plus the connection's own open/close frames).
  const panelMessages = async () =>
    (JSON.parse(await panel!.evaluate(() => window.__asiExport!())) as { frames: Array<{ kind: string }> }).frames.filter((f) => f.kind === 'message').length;
  await expect.poll(panelMessages).toBeGreaterThanOrEqual(events);
  const tabId = await sw().evaluate(
    (u: string) => (globalThis as unknown as ChromeTabs).chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url?.startsWith(u))?.id),
    demo.url,
  );
  const hubFrames = await sw().evaluate((id: number) => globalThis.__asiDebug!.frames(id), tabId!);
  await expect.poll(() => panel!.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(hubFrames.length));
  // The picker's first entry is "All sessions"; the demo's session follows.
  expect((await sessionsInPicker(panel!, 2))[1]?.protocol).toBe('flat-block');
  // Export works from inside DevTools too (a panel page has fewer APIs than a tab).
  const exported = JSON.parse(await panel!.evaluate(() => window.__asiExport!())) as { frames: unknown[]; redaction: { applied: boolean } };
  expect(exported.frames).toHaveLength(hubFrames.length);
  expect(exported.redaction.applied).toBe(true);

  // The reference rendering (texts from demo/scenarios/normal.ts): the group done under its summary, the final answer.
  const view = panel!.locator('[data-testid="rendering"]');
  await expect.poll(() => view.locator('.group.group-done .group-title').textContent()).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
  const final = view.locator('.text-final .text-body');
  expect(await final.textContent()).toContain('in short, the market is in an uptrend.');
  expect(await final.isVisible()).toBe(true);
  expect(await view.locator('.group-header').isVisible()).toBe(true);

  // DevTools' theme decides the panel's, and switching it in DevTools switches the panel.
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await frontend.setViewportSize({ width: 1280, height: 800 });
  expect(await panel!.locator('.asi-panel').getAttribute('class')).toContain('theme-light');
  await frontend.screenshot({ path: path.join(SCREENSHOTS, 'devtools-light.png') });
  await frontend.evaluate(DARK_THEME);
  await expect.poll(() => panel!.locator('.asi-panel').getAttribute('class')).toContain('theme-dark');
  await frontend.screenshot({ path: path.join(SCREENSHOTS, 'devtools-dark.png') });
});
