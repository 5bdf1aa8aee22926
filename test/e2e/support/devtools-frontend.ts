// The real DevTools frontend of a tab (launched with `devtools: true`), driven through its own
// modules (Chromium 156), evaluated as source text inside the frontend so the test runner does not
// rewrite their dynamic imports.
import type { Page } from 'playwright-core';
import type { LaunchedBrowser } from './launch';

export const INSPECTED_URL = `import('./core/sdk/sdk.js').then((sdk) => sdk.TargetManager.TargetManager.instance().primaryPageTarget()?.inspectedURL() ?? '')`;
export const showPanel = (id: string) =>
  `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.instance().showPanel(${JSON.stringify(id)}))`;

/** The DevTools frontend inspecting `url`. */
export async function frontendFor(browser: LaunchedBrowser, url: string, timeoutMs = 10_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const p of browser.context.pages().filter((x) => x.url().startsWith('devtools://'))) {
      const inspected = await p.evaluate<string>(INSPECTED_URL).catch(() => '');
      if (inspected.startsWith(url)) return p;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no DevTools window inspects ${url}`);
}
