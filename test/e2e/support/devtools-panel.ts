// Opening a page with its DevTools window showing the Agents panel (headless Chromium launched with
// `devtools: true` and the built extension), as a user meets it.
import type { Frame as PwFrame, Page } from 'playwright-core';
import type { LaunchedBrowser } from './launch';
import { frontendFor, PANEL_IDS, showPanel } from './devtools';

// A DevTools internal of Chromium 156, as in devtools.ts: undocked, the window is all DevTools. Gives
// the dock side afterwards, so a caller can tell the change took.
const UNDOCK = `import('./ui/legacy/legacy.js').then((ui) => { const dock = ui.DockController.DockController.instance(); dock.setDockSide('undocked'); return dock.dockSide(); })`;

export interface InDevTools {
  page: Page;
  frontend: Page;
  panel: PwFrame;
}

/** Polls `read` until `ok` holds (usable in hooks, where expect.poll is not). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens `url` in a new tab and shows the Agents panel in that tab's undocked DevTools window (1280×800). */
export async function openWithPanel(browser: LaunchedBrowser, url: string): Promise<InDevTools> {
  const devtoolsOpened = browser.context.waitForEvent('page', { predicate: (p) => p.url().startsWith('devtools://') });
  const page = await browser.context.newPage();
  await devtoolsOpened;
  await page.goto(url);
  const frontend = await frontendFor(browser.context, url);
  const panelId = `chrome-extension://${browser.extensionId}Agents`;
  // The extension's devtools page adds the panel once DevTools has loaded it: under a full test run's load
  // that took over 20 s once (the frontend listed only its own panels), well within a test's 60 s.
  await until(() => frontend.evaluate<string[]>(PANEL_IDS), (ids) => ids.includes(panelId), 'the Agents panel', 45_000);
  // Undocked once DevTools has loaded, and asked again until it took: under load, an undock asked while
  // the frontend was still loading failed ("Resulting promise was garbage collected").
  await until(() => frontend.evaluate<string>(UNDOCK).catch((err: unknown) => `failed: ${err instanceof Error ? err.message : 'unknown'}`), (side) => side === 'undocked', 'the undocked DevTools window');
  await frontend.setViewportSize({ width: 1280, height: 800 });
  await frontend.evaluate(showPanel(panelId));
  const panel = await until(async () => frontend.frames().find((f) => f.url().includes(`${browser.extensionId}/panel.html`)), (f) => f !== undefined, 'the panel frame');
  await panel!.waitForSelector('[data-testid="link"][data-state="live"]');
  return { page, frontend, panel: panel! };
}
