// Driving the real DevTools window in headless Chromium (launched with `devtools: true`): DevTools-internal
// modules of Chromium 156, evaluated as source text inside the frontend so the test runner does not
// rewrite their dynamic imports, and finding the frontend that inspects a page.
import type { BrowserContext, Page } from 'playwright-core';

export const INSPECTED_URL = `import('./core/sdk/sdk.js').then((sdk) => sdk.TargetManager.TargetManager.instance().primaryPageTarget()?.inspectedURL() ?? '')`;
export const PANEL_IDS = `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.maybeGetInspectorViewInstance()?.tabbedPane.tabIds() ?? [])`;
export const showPanel = (id: string) => `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.instance().showPanel(${JSON.stringify(id)}))`;
export const setTheme = (theme: 'default' | 'dark') =>
  `import('./core/common/common.js').then((c) => c.Settings.Settings.instance().moduleSetting('ui-theme').set(${JSON.stringify(theme)}))`;

/** The DevTools frontend inspecting `url`. */
export async function frontendFor(context: BrowserContext, url: string, timeoutMs = 20_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const p of context.pages().filter((x) => x.url().startsWith('devtools://'))) {
      const inspected = await p.evaluate<string>(INSPECTED_URL).catch(() => '');
      if (inspected.startsWith(url)) return p;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no DevTools window inspects ${url}`);
}
