// The Agents panel in a tab's real DevTools window docked as a user docks it: to the right at a
// given width, at the bottom at a given height, or undocked. DevTools-internal modules of Chromium 156
// (as in devtools.ts); the frontend page's viewport is the DevTools area, so its size is the size the
// panel gets less DevTools' own tab strip.
import type { Frame as PwFrame, Page } from 'playwright-core';
import type { LaunchedBrowser } from './launch';
import { frontendFor, PANEL_IDS, setTheme, showPanel } from './devtools';
import { until } from './devtools-panel';

export type DockSide = 'right' | 'bottom' | 'undocked';

const dockTo = (side: DockSide) => `import('./ui/legacy/legacy.js').then((ui) => ui.DockController.DockController.instance().setDockSide(${JSON.stringify(side)}))`;

export interface DockedPanel {
  page: Page;
  frontend: Page;
  panel: PwFrame;
}

/** Opens `url` in a new tab with its DevTools showing the Agents panel. */
export async function openInDevTools(browser: LaunchedBrowser, url: string): Promise<DockedPanel> {
  const devtoolsOpened = browser.context.waitForEvent('page', { predicate: (p) => p.url().startsWith('devtools://') });
  const page = await browser.context.newPage();
  await devtoolsOpened;
  await page.goto(url);
  const frontend = await frontendFor(browser.context, url);
  const panelId = `chrome-extension://${browser.extensionId}Agents`;
  await until(() => frontend.evaluate<string[]>(PANEL_IDS), (ids) => ids.includes(panelId), 'the Agents panel', 45_000);
  await frontend.evaluate(showPanel(panelId));
  const panel = await until(async () => frontend.frames().find((f) => f.url().includes(`${browser.extensionId}/panel.html`)), (f) => f !== undefined, 'the panel frame');
  await panel!.waitForSelector('[data-testid="link"][data-state="live"]');
  return { page, frontend, panel: panel! };
}

/** The browser window around a docked DevTools: the page takes what DevTools leaves. */
export const WINDOW = { width: 1280, height: 800 };

/**
 * DevTools' own split between the page and itself (the root split widget's setting): its size is
 * DevTools' width docked right, its height docked at the bottom.
 */
const splitTo = (width: number, height: number) =>
  `import('./core/common/common.js').then((c) => c.Settings.Settings.instance().createSetting('inspector-view.split-view-state', {}).set({ vertical: { size: ${width} }, horizontal: { size: ${height} } }))`;

/**
 * Docks the DevTools window (in a 1280×800 browser window) to give DevTools `width`×`height`, or
 * undocks it at that size; resolves once the panel has that room (less DevTools' tab strip).
 */
export async function dock(docked: DockedPanel, side: DockSide, width: number, height: number): Promise<void> {
  const { frontend, panel } = docked;
  await frontend.evaluate(dockTo('undocked'));
  await frontend.setViewportSize(side === 'undocked' ? { width, height } : WINDOW);
  await frontend.evaluate(splitTo(width, height));
  if (side !== 'undocked') await frontend.evaluate(dockTo(side));
  await until(
    () => panel.evaluate(() => ({ w: document.documentElement.clientWidth, h: document.documentElement.clientHeight })),
    // Docked, DevTools' split counts its border: the panel gets within a few pixels of the size asked.
    (size) => Math.abs(size.w - width) <= 8 && size.h <= height && size.h > height - 60,
    `the panel at ${width}×${height}`,
  );
}

/** The part of the frontend's page DevTools covers (docked, the rest is the page's place). */
export function devtoolsArea(side: DockSide, width: number, height: number): { x: number; y: number; width: number; height: number } {
  if (side === 'right') return { x: WINDOW.width - width, y: 0, width, height: WINDOW.height };
  if (side === 'bottom') return { x: 0, y: WINDOW.height - height, width: WINDOW.width, height };
  return { x: 0, y: 0, width, height };
}

/** Switches DevTools' theme and waits until the panel follows. */
export async function theme(docked: DockedPanel, name: 'default' | 'dark'): Promise<void> {
  await docked.frontend.evaluate(setTheme(name));
  const cls = name === 'dark' ? 'theme-dark' : 'theme-light';
  await until(() => docked.panel.locator('.asi-panel').getAttribute('class'), (c) => c?.includes(cls) === true, `the ${cls} panel`);
}
