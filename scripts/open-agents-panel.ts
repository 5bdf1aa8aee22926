// Shows the Agents panel in a tab's DevTools window for `npm start`. DevTools keeps the last panel a
// user picked (its `panel-selected-tab` preference), but it applies it only to its own panels when it
// starts; an extension's panel arrives later and is never selected that way. So the launched browser's
// DevTools frontend (a page Playwright drives with PW_CHROMIUM_ATTACH_TO_OTHER=1, set before launch)
// is asked to show the panel once the extension has added it. DevTools-internal modules of Chromium
// 156; when they change, this gives up and says where the panel is.
import type { BrowserContext, Page } from 'playwright-core';

const PANEL_IDS = `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.maybeGetInspectorViewInstance()?.tabbedPane.tabIds() ?? [])`;
const SHOW = (id: string) => `import('./ui/legacy/legacy.js').then((ui) => ui.InspectorView.InspectorView.instance().showPanel(${JSON.stringify(id)}))`;

/** The DevTools frontend window of the browser (the first one that answers), within `timeoutMs`. */
async function frontendOf(context: BrowserContext, timeoutMs: number): Promise<Page | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const page = context.pages().find((p) => p.url().startsWith('devtools://'));
    if (page) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

/** Selects the extension's Agents panel in DevTools; true when it is shown. */
export async function showAgentsPanel(context: BrowserContext, extensionId: string, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const frontend = await frontendOf(context, timeoutMs);
  if (!frontend) return false;
  const id = `chrome-extension://${extensionId}Agents`;
  while (Date.now() < deadline) {
    const ids = await frontend.evaluate<string[]>(PANEL_IDS).catch(() => [] as string[]);
    if (ids.includes(id)) {
      await frontend.evaluate(SHOW(id));
      return true;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
