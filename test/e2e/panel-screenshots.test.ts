// The standalone panel page at 1280×800 in both themes on a demo run (the buggy normal turn, so the
// findings list has entries): checks the theme's colours and that nothing overflows the page, and
// writes test/e2e/screenshots/panel-{light,dark}.png for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openPanel, playToEnd, settledFrames, startScenario } from './support/panel-page';

const SCREENSHOTS = path.resolve(__dirname, 'screenshots');
let browser: LaunchedBrowser;
let demo: DemoServer;
let tabId: number;
let frames: number;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  browser = await launchBrowser();
  const run = await startScenario(browser, demo.url, 'scenario=normal&transport=ws&buggy=1');
  await playToEnd(run.page);
  tabId = run.tabId;
  frames = (await settledFrames(browser, tabId)).length;
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** Relative luminance (WCAG) of a CSS `rgb()` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Colours of the text classes that matter, against the panel's background. */
async function colours(panel: Page) {
  return panel.evaluate(() => {
    const root = document.querySelector('.asi-panel')!;
    const color = (sel: string) => {
      const el = document.querySelector(sel);
      return el ? getComputedStyle(el).color : undefined;
    };
    return {
      background: getComputedStyle(root).backgroundColor,
      text: getComputedStyle(root).color,
      muted: color('.muted'),
      finding: color('.finding-message'),
      button: color('.toolbar button.clear'),
      buttonBackground: getComputedStyle(document.querySelector('.toolbar button.clear')!).backgroundColor,
    };
  });
}

describe.each(['default', 'dark'] as const)('theme %s', (theme) => {
  it('is readable, fits the page, and is saved as a screenshot', async () => {
    const panel = await openPanel(browser, tabId, frames, { theme });
    const view = panel.locator('[data-testid="rendering"]');
    for (const header of await view.locator('.group-header[aria-expanded="false"]').all()) await header.click();
    await panel.locator('[data-tab="findings"]').click();
    await panel.locator('[data-testid="findings"] button.finding').first().click();
    await panel.locator('[data-testid="frame-detail"]').waitFor();

    expect(await panel.locator('.asi-panel').getAttribute('class')).toContain(theme === 'dark' ? 'theme-dark' : 'theme-light');
    const c = await colours(panel);
    expect(luminance(c.background) < 0.2).toBe(theme === 'dark');
    for (const fg of [c.text, c.finding, c.button]) expect(contrast(fg!, c.background)).toBeGreaterThanOrEqual(7);
    expect(contrast(c.muted!, c.background)).toBeGreaterThanOrEqual(4.5);
    // The panel fills the window without a page scrollbar; its parts scroll on their own.
    const size = await panel.evaluate(() => ({ scroll: document.documentElement.scrollHeight, height: innerHeight, width: document.documentElement.scrollWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.height);
    expect(size.width).toBeLessThanOrEqual(1280);

    const file = path.join(SCREENSHOTS, `panel-${theme === 'dark' ? 'dark' : 'light'}.png`);
    await panel.screenshot({ path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    await panel.close();
  });
});
