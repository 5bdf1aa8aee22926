// What the panel shows for the session an official client's page streamed, read the way a user reads
// it: the rendering (every group opened), the tool calls' names, the findings' severities and rules.
// The agreement tests hold each client's own result against these.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { LaunchedBrowser } from './launch';
import { openPanel, openSessionList, settledFrames, tabIdOf } from './panel-page';

/** The panel for the page's tab, once the hub holds all of it, showing its one session of `protocol`. */
export async function panelFor(browser: LaunchedBrowser, page: Page, protocol: string): Promise<Page> {
  const tabId = await tabIdOf(browser, page);
  const frames = await settledFrames(browser, tabId);
  const panel = await openPanel(browser, tabId, frames.length);
  await openSessionList(panel);
  const session = panel.locator(`[data-testid="session"][data-protocol="${protocol}"]`);
  // The list can draw the session before its protocol is known (a stream cut short settles late).
  await expect.poll(() => session.count()).toBe(1);
  await session.click();
  await expect.poll(() => panel.locator('[data-testid="rendering"] .protocol').textContent()).toBe(protocol);
  return panel;
}

/** Opens every closed group of the rendering, so nothing it holds is hidden. */
async function openGroups(panel: Page): Promise<void> {
  const closed = panel.locator('[data-testid="rendering"] .group-header[aria-expanded="false"]');
  for (let n = await closed.count(); n > 0; n--) await closed.first().click();
}

/** The assistant text the panel shows, its texts joined as the clients join them. */
export async function shownText(panel: Page): Promise<string> {
  await openGroups(panel);
  return (await panel.locator('[data-testid="rendering"] .text-body').allTextContents()).join('');
}

/** The failures the rendering shows ("Turn failed: …"), as text. */
export async function shownFailures(panel: Page): Promise<string[]> {
  await openGroups(panel);
  return panel.locator('[data-testid="rendering"] .error-item').allTextContents();
}

/** The "Cut off" lines the rendering shows (a stream that ended before its end), by rule. */
export async function shownCutOffs(panel: Page): Promise<string[]> {
  await openGroups(panel);
  return panel.locator('[data-testid="rendering"] [data-testid="cut-off-item"]').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.rule ?? ''));
}

export interface ShownTool {
  /** The tool's own name (shown under a friendlier label when there is one). */
  name: string;
  /** What its status dot says: `running`, `success` or `error`. */
  status: string;
}

/** The tool calls the panel shows, in order. */
export async function shownTools(panel: Page): Promise<ShownTool[]> {
  await openGroups(panel);
  return panel.locator('[data-testid="rendering"] .tool').evaluateAll((tools) =>
    tools.map((tool) => ({
      name: (tool.querySelector('.tool-name') ?? tool.querySelector('.tool-label'))?.textContent ?? '',
      status: tool.querySelector('.dot')?.getAttribute('aria-label') ?? '',
    })),
  );
}

export interface ShownFinding {
  severity: string;
  rule: string;
}

/** The findings tab's rows (switching to that tab). */
export async function shownFindings(panel: Page): Promise<ShownFinding[]> {
  await panel.locator('[data-tab="findings"]').click();
  await panel.locator('[data-testid="findings"], .findings.empty').first().waitFor();
  return panel
    .locator('[data-testid="findings"] li.finding-row')
    .evaluateAll((rows) => rows.map((row) => ({ severity: row.querySelector('.finding-severity')?.textContent ?? '', rule: row.getAttribute('data-rule') ?? '' })));
}
