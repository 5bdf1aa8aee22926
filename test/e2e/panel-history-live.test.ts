// History against live in the real DevTools window with the built extension: the demo's `history`
// scenario is played to its end, the page is reloaded with preserve log on, and the page rebuilds the
// turn from the History API. The buggy backend's history drops the group's second tool: the Rendering
// tab says so and opens the two renderings side by side with the difference marked; the clean twin is
// silent. Saves screenshots (docked 560×700 and undocked 1280×800, light and dark) into
// test/e2e/screenshots/history-vs-live-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { check } from '../../src/api/check';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { playToEnd, preserveLog, settledFrames, tabIdOf } from './support/panel-page';
import { setTheme } from './support/devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';

const RULE = 'flat/history-differs-from-live';

const env = demoInDevTools();

/** Plays the scenario to its end with preserve log on, reloads the page, and waits for the panel to hold every frame. */
async function playedAndReloaded(buggy: boolean): Promise<InDevTools & { exported: string }> {
  const d = await openWithPanel(env.browser, `${env.demo.url}?scenario=history&transport=ws${buggy ? '&buggy=1' : ''}`);
  const { page, panel } = d;
  await preserveLog(panel);
  await page.click('#start');
  await page.waitForFunction(() => new URL(location.href).searchParams.has('session'));
  await playToEnd(page);
  await page.reload();
  await page.waitForFunction(() => /restored \d+ history messages/.test(document.getElementById('status')?.textContent ?? ''));
  const frames = await settledFrames(env.browser, await tabIdOf(env.browser, page));
  // Both page loads are kept: the socket of the live run and the History API response after the reload.
  expect(frames.some((f) => f.connectionId !== frames[0]?.connectionId)).toBe(true);
  await until(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), (n) => Number(n) >= frames.length, 'every frame in the panel');
  await chooseHistorySession(panel);
  await panel.locator('[data-tab="rendering"]').click();
  return { ...d, exported: await panel.evaluate(() => window.__asiExport!()) };
}

async function chooseHistorySession(panel: PwFrame): Promise<void> {
  const button = panel.locator('[data-testid="session-button"]');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await panel.locator('[data-testid="session"]').filter({ hasText: 'GET /history' }).first().click();
}

const notice = (panel: PwFrame) => panel.locator('[data-testid="history-vs-live-notice"]');

describe.sequential('history that drops a tool (buggy backend)', () => {
  let d: InDevTools & { exported: string };
  beforeAll(async () => {
    d = await playedAndReloaded(true);
  });
  afterAll(() => d?.page.close());

  it('the Rendering tab says the history differs from live, naming the dropped tool', async () => {
    await until(() => notice(d.panel).count(), (n) => n === 1, 'the history-vs-live line');
    const text = (await notice(d.panel).textContent()) ?? '';
    expect(text).toContain('History differs from live');
    expect(text).toContain('history lacks the tool "get_foreign_flow" (toolu_h_flow)');
  });

  it('opens the two renderings side by side with the difference marked on both', async () => {
    await notice(d.panel).getByRole('button', { name: 'Compare side by side' }).click();
    const view = d.panel.locator('[data-testid="history-vs-live"]');
    await view.waitFor();
    const finding = (await view.locator('[data-testid="history-vs-live-finding"]').textContent()) ?? '';
    expect(finding).toContain('error');
    expect(finding).toContain(RULE);
    expect(finding).toMatch(/#\d+:messages\[4\]/);
    // Live showed the tool (its label as the page shows it); history marks the tool standing in its place.
    const live = view.locator('[data-testid="history-vs-live-live-marked"]');
    const history = view.locator('[data-testid="history-vs-live-history-marked"]');
    expect(await live.textContent()).toContain('Lấy dữ liệu khối ngoại');
    expect(await history.textContent()).toContain('Phân tích giá VNINDEX');
    expect(await view.locator('[data-testid="history-vs-live-live"] .tool').count()).toBe(3);
    expect(await view.locator('[data-testid="history-vs-live-history"] .tool').count()).toBe(2);
  });

  it('lists the finding in the Findings tab with the session\'s own findings', async () => {
    await d.panel.locator('[data-tab="findings"]').click();
    await until(() => d.panel.locator('.finding-rule').allTextContents(), (rules) => rules.includes(RULE), 'the finding in the Findings tab');
    await d.panel.locator('[data-tab="rendering"]').click();
  });

  it('check of the exported capture reports the rule on the session', () => {
    const rules = check(d.exported).flatMap((r) => r.findings.map((f) => [f.rule, f.severity, f.location.includes(':messages[')]));
    expect(rules).toContainEqual([RULE, 'error', true]);
  });

  it('saves screenshots, docked and undocked, light and dark', async () => {
    const { frontend, panel } = d;
    for (const theme of ['default', 'dark'] as const) {
      await frontend.evaluate(setTheme(theme));
      await until(() => panel.locator('.asi-panel').getAttribute('class'), (c) => (c ?? '').includes(theme === 'dark' ? 'theme-dark' : 'theme-light'), 'the theme');
      for (const [width, height] of [
        [1280, 800],
        [560, 700],
      ] as const) {
        await frontend.setViewportSize({ width, height });
        await until(() => panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow')), (narrow) => narrow === width < 900, 'the layout');
        const file = path.join(SCREENSHOTS, `history-vs-live-${width}x${height}-${theme === 'dark' ? 'dark' : 'light'}.png`);
        await frontend.screenshot({ path: file });
        expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      }
    }
    // Back on the Rendering tab, docked: the line above the rendering that leads to the comparison.
    await panel.getByRole('button', { name: '← Rendering' }).click();
    await notice(panel).waitFor();
    const file = path.join(SCREENSHOTS, 'history-vs-live-notice-560x700-dark.png');
    await frontend.screenshot({ path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    await frontend.evaluate(setTheme('default'));
    await frontend.setViewportSize({ width: 1280, height: 800 });
  });
});

describe.sequential('the clean twin', () => {
  let d: InDevTools & { exported: string };
  beforeAll(async () => {
    d = await playedAndReloaded(false);
  });
  afterAll(() => d?.page.close());

  it('says the history shows what was streamed, and marks nothing side by side', async () => {
    await until(() => notice(d.panel).count(), (n) => n === 1, 'the history-vs-live line');
    // The history came from the page loaded again (a later document of the tab): a reload, said so.
    expect(await notice(d.panel).textContent()).toContain('History read after the reload');
    expect(await notice(d.panel).textContent()).toContain('shows what was streamed live');
    await notice(d.panel).getByRole('button', { name: 'Compare side by side' }).click();
    const view = d.panel.locator('[data-testid="history-vs-live"]');
    await view.locator('[data-testid="history-vs-live-same"]').waitFor();
    expect(await view.locator('[data-testid$="-marked"]').count()).toBe(0);
    // Nothing is marked, so the done groups stay collapsed: opened, both sides show the three tools.
    for (const side of ['live', 'history']) {
      await view.locator(`[data-testid="history-vs-live-${side}"] .group-header`).click();
      expect(await view.locator(`[data-testid="history-vs-live-${side}"] .tool .tool-label`).allTextContents()).toEqual(['Tìm kiếm tin tức thị trường', 'Lấy dữ liệu khối ngoại', 'Phân tích giá VNINDEX']);
    }
  });

  it('has no such finding in the Findings tab', async () => {
    await d.panel.locator('[data-tab="findings"]').click();
    expect(await d.panel.locator('.finding-rule').allTextContents()).not.toContain(RULE);
  });

  it('check of the exported capture has no such finding', () => {
    expect(check(d.exported).flatMap((r) => r.findings.map((f) => f.rule))).not.toContain(RULE);
  });
});
