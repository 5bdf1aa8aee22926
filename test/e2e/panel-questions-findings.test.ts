// The questions a developer asks the panel of a demo run with findings, in the real DevTools window with
// the built extension: which findings are there and what do they mean (the command-line tool's frame
// numbers, the rules page), does the panel fit a docked and an undocked window. Also writes screenshots
// of the DevTools window, light and dark, at both sizes into test/e2e/screenshots/panel-questions-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../demo/server-core';
import { check } from '../../src/api/check';
import { ruleDocAnchor } from '../../src/model/rule-anchor';
import type { LaunchedBrowser } from './support/launch';
import { playToEnd, settledFrames, tabIdOf } from './support/panel-page';
import { setTheme } from './support/devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { chooseSession, exported, sessionsInPicker } from './support/panel-in-devtools';

const env = demoInDevTools();
let browser: LaunchedBrowser;
let demo: DemoServer;
// The tests below name the browser and the demo server directly.
beforeAll(() => {
  ({ browser, demo } = env);
});

describe.sequential('a demo run with findings, in the real DevTools panel', () => {
  let d: InDevTools;
  let frameCount = 0;

  beforeAll(async () => {
    d = await openWithPanel(browser, `${demo.url}?scenario=normal&transport=ws&buggy=1`);
    await d.page.click('#start');
    await d.page.waitForFunction(() => new URL(location.href).searchParams.has('session'));
    await playToEnd(d.page);
    frameCount = (await settledFrames(browser, await tabIdOf(browser, d.page))).length;
    await until(() => d.panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), (n) => Number(n) === frameCount, 'every frame in the panel');
    const flat = (await sessionsInPicker(d.panel)).find((s) => s.protocol === 'flat-block');
    if (!flat) throw new Error('no flat-block session in the picker');
    await chooseSession(d.panel, flat.id);
  });

  it('5. keeps the whole findings list while stepping through it, and links each to its rule', async () => {
    const { panel, frontend } = d;
    await panel.locator('[data-tab="findings"]').click();
    const rows = panel.locator('[data-testid="findings"] li.finding-row');
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(2);
    const selectedNumber = () => panel.locator('[data-testid="frame-row"][aria-selected="true"] .col-num').textContent();
    const firstRef = async (row: number) => /#(\d+)/.exec((await rows.nth(row).locator('.finding-frames').textContent()) ?? '')?.[1];

    await rows.nth(0).locator('button.finding').click();
    // Clicking scrubs the rendering back to the finding's frame; the list stays whole.
    expect(await rows.count()).toBe(total);
    expect(await rows.nth(0).getAttribute('class')).toContain('current');
    await expect.poll(selectedNumber).toBe(await firstRef(0));

    await frontend.keyboard.press('F8');
    await expect.poll(() => rows.nth(1).getAttribute('class')).toContain('current');
    expect(await rows.nth(1).locator('button.finding').getAttribute('aria-current')).toBe('true');
    expect(await panel.locator('.finding-row.current').count()).toBe(1);
    expect(await panel.locator('[data-testid="finding-nav"] .finding-position').first().getAttribute('data-position')).toBe('2');
    expect(await rows.count()).toBe(total);
    await expect.poll(selectedNumber).toBe(await firstRef(1));
    await frontend.keyboard.press('Shift+F8');
    await expect.poll(() => rows.nth(0).getAttribute('class')).toContain('current');

    // The frame numbers findings cite are the command-line tool's, on the same capture exported from the panel.
    const { text } = await exported(panel);
    const cli = check(text).flatMap((r) => r.findings.map((f) => `${f.rule} ${f.location.split(':')[0]}`));
    const shown = await rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-rule')} ${/#(\d+)/.exec(e.querySelector('.finding-frames')?.textContent ?? '')?.[1] ?? '-'}`));
    for (const f of shown) expect(cli, f).toContain(f);

    // Every rule link leads to an element with that id on the rules page.
    const links = await rows.evaluateAll((els) => els.map((e) => ({ rule: e.getAttribute('data-rule') ?? '', href: e.querySelector('a.rule-doc')?.getAttribute('href') ?? '' })));
    const rules = await browser.context.newPage();
    await rules.goto(`chrome-extension://${browser.extensionId}/rules.html`);
    for (const { rule, href } of links) {
      expect(href).toBe(`rules.html#${encodeURIComponent(ruleDocAnchor(rule))}`);
      const anchor = decodeURIComponent(href.split('#')[1] ?? '');
      await expect.poll(() => rules.evaluate((id) => document.getElementById(id) !== null, anchor), { message: rule }).toBe(true);
    }
    await rules.close();
  });

  it('6. fits a docked (560×700) and an undocked (1280×800) DevTools window, with a movable split', async () => {
    const { panel, frontend } = d;
    await panel.locator('[data-tab="rendering"]').click();
    // The flat-block session has todos: the column is there (and absent for the chat session, see 6a).
    await panel.locator('.todo-panel').waitFor();
    for (const [width, height, key] of [
      [560, 700, 'ArrowDown'],
      [1280, 800, 'ArrowRight'],
    ] as const) {
      await frontend.setViewportSize({ width, height });
      await expect.poll(() => panel.evaluate(() => innerWidth)).toBeLessThanOrEqual(width);
      await expect.poll(() => panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow'))).toBe(width < 900);
      const layout = await panel.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth,
        narrow: document.querySelector('.asi-panel')!.classList.contains('layout-narrow'),
      }));
      expect(layout.scrollWidth, `${width}×${height}`).toBeLessThanOrEqual(layout.innerWidth);
      expect(layout.narrow).toBe(width < 900);
      if (width === 560) {
        // Rows wholly inside the timeline's visible box.
        const inView = await panel.evaluate(() => {
          const box = document.querySelector('[data-testid="timeline"]')!.getBoundingClientRect();
          return [...document.querySelectorAll('[data-testid="frame-row"]')].filter((r) => {
            const b = r.getBoundingClientRect();
            return b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5 && b.bottom <= innerHeight;
          }).length;
        });
        expect(inView).toBeGreaterThanOrEqual(10);
      }
      const divider = panel.locator('.panel-body > .split-divider');
      const before = await divider.getAttribute('aria-valuenow');
      await divider.focus();
      await frontend.keyboard.press(key);
      await expect.poll(() => divider.getAttribute('aria-valuenow')).not.toBe(before);
      expect(Number(await divider.getAttribute('aria-valuenow'))).toBeGreaterThan(Number(before));
      await frontend.keyboard.press(key === 'ArrowDown' ? 'ArrowUp' : 'ArrowLeft');
      await expect.poll(() => divider.getAttribute('aria-valuenow')).toBe(before);
    }
  });

  it('8. saves screenshots of the session, docked and undocked, light and dark', async () => {
    const { panel, frontend } = d;
    await panel.locator('[data-tab="rendering"]').click();
    for (const theme of ['default', 'dark'] as const) {
      await frontend.evaluate(setTheme(theme));
      await expect.poll(() => panel.locator('.asi-panel').getAttribute('class')).toContain(theme === 'dark' ? 'theme-dark' : 'theme-light');
      for (const [width, height] of [
        [1280, 800],
        [560, 700],
      ] as const) {
        await frontend.setViewportSize({ width, height });
        await expect.poll(() => panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow'))).toBe(width < 900);
        const file = path.join(SCREENSHOTS, `panel-questions-${width}x${height}-${theme === 'dark' ? 'dark' : 'light'}.png`);
        await frontend.screenshot({ path: file });
        expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      }
    }
    await frontend.evaluate(setTheme('default'));
  });
});
