// Helpers for the panel's browser tests: play a demo scenario in a tab (answering its approvals and
// questions the way the page's user would), wait until the hub holds the whole run, and open the
// panel page for that tab.
import path from 'node:path';
import type { Frame as PageFrame, Page } from 'playwright-core';
import type { Frame } from '../../../src/model/frame';
import type { TabDebugInfo } from '../../../src/hub/debug-api';
import type { DocumentRecord } from '../../../src/hub/storage';
import type { LaunchedBrowser } from './launch';

/** What the tests call in the service worker (types only; the code runs there). */
/** What tests call in the service worker (types only; the code runs there). */
export type ChromeTabs = { chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } } };

export const PANEL_SIZE = { width: 1280, height: 800 };
export const LIVE = '[data-testid="link"][data-state="live"]';

export async function tabIdOf(browser: LaunchedBrowser, page: Page): Promise<number> {
  const url = page.url();
  const id = await browser.serviceWorker!.evaluate(
    (u: string) => (globalThis as unknown as ChromeTabs).chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url === u)?.id),
    url,
  );
  if (typeof id !== 'number') throw new Error(`no tab for ${url}`);
  return id;
}

export const hubFrames = (browser: LaunchedBrowser, tabId: number): Promise<Frame[]> =>
  browser.serviceWorker!.evaluate((id: number) => globalThis.__asiDebug!.frames(id), tabId);

/** The documents the hub heard from in the tab (debug-api.ts). */
export const hubDocuments = (browser: LaunchedBrowser, tabId: number): Promise<DocumentRecord[]> =>
  browser.serviceWorker!.evaluate((id: number) => globalThis.__asiDebug!.documents(id), tabId);

/** The hub's counters for the tab (debug-api.ts); undefined before it holds the tab. */
export const hubTab = (browser: LaunchedBrowser, tabId: number): Promise<TabDebugInfo | undefined> =>
  browser.serviceWorker!.evaluate((id: number) => globalThis.__asiDebug!.tabs().then((tabs) => tabs.find((t) => t.tabId === id)), tabId);

/** Waits until the hub's copy of the tab stops growing (the relay batches, closes come late). */
export async function settledFrames(browser: LaunchedBrowser, tabId: number): Promise<Frame[]> {
  let previous = -1;
  let frames: Frame[] = [];
  for (let i = 0; i < 60; i++) {
    frames = await hubFrames(browser, tabId);
    if (frames.length > 0 && frames.length === previous) return frames;
    previous = frames.length;
    await new Promise((r) => setTimeout(r, 150));
  }
  return frames;
}

export interface PlayOptions {
  /** Reject approvals instead of approving them. */
  reject?: boolean;
  /** Leave questions unanswered (the run then waits). */
  noAnswer?: boolean;
  /** Press the page's Reload button once this many events arrived. */
  reloadAfter?: number;
}

/** How long a run may show no new event before it counts as stuck. */
const STUCK_MS = 30_000;
/** A control can go between seeing it and clicking it (the run moved on): try again on the next pass. */
const CLICK = { timeout: 2_000 };

/**
 * Plays the started run until the page says it is idle, answering as told. Waits on the run's progress,
 * not on a budget for the whole run: it fails only once the page's event count has stood still for
 * STUCK_MS (a loaded machine slows a run down; it does not stop it). `name` is for the error.
 */
export async function playToEnd(page: Page, options: PlayOptions = {}, name = 'the run'): Promise<void> {
  let reloaded = options.reloadAfter === undefined;
  let seen = -1;
  let movedAt = Date.now();
  for (;;) {
    const info = (await page.locator('#info').textContent()) ?? '';
    const events = Number(/(\d+) events/.exec(info)?.[1] ?? 0);
    if (!reloaded && events >= options.reloadAfter!) {
      await page.click('#reload');
      await page.waitForLoadState('domcontentloaded');
      reloaded = true;
      continue;
    }
    if (reloaded && events > 0 && info.includes('idle')) return;
    if (events !== seen) {
      seen = events;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > STUCK_MS) {
      throw new Error(`${name} did not finish (stuck at ${events} events: ${info})`);
    }
    const decision = page.locator(`button.decision.${options.reject ? 'reject' : 'approve'}`).first();
    if (await decision.isVisible().catch(() => false)) await decision.click(CLICK).catch(() => undefined);
    const form = page.locator('form.card.question').first();
    if (!options.noAnswer && (await form.isVisible().catch(() => false))) {
      for (const set of await form.locator('fieldset').all()) await set.locator('input').first().check(CLICK).catch(() => undefined);
      await form.locator('button.submit').click(CLICK).catch(() => undefined);
    }
    await page.waitForTimeout(50);
  }
}

export interface PanelPageOptions {
  theme?: 'default' | 'dark';
}

/** The panel as a plain page for `tabId`, once it is live and holds `frames` frames (when given). */
export async function openPanel(browser: LaunchedBrowser, tabId: number, frames?: number, options: PanelPageOptions = {}): Promise<Page> {
  const panel = await browser.context.newPage();
  await panel.setViewportSize(PANEL_SIZE);
  const theme = options.theme ? `&theme=${options.theme}` : '';
  await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}${theme}`);
  await panel.waitForSelector(LIVE);
  if (frames !== undefined) await waitForFrameCount(panel, frames);
  return panel;
}

export async function waitForFrameCount(panel: Page, frames: number): Promise<void> {
  await panel.waitForFunction((n) => Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')) >= n, frames);
}

/** Imports a file through the toolbar and waits until the import ended (the worker read all of it). */
export async function importInPanel(panel: Page, file: string): Promise<void> {
  await panel.locator('input.import-file').setInputFiles(file);
  await panel.waitForFunction(
    (name) => document.querySelector('[data-testid="page-heading"]')?.textContent === name && !document.querySelector('[data-testid="import-progress"]'),
    path.basename(file),
  );
}

/** Opens the demo page for a scenario, starts the run and returns the page with its tab id. */
export async function startScenario(browser: LaunchedBrowser, baseUrl: string, query: string): Promise<{ page: Page; tabId: number }> {
  const page = await browser.context.newPage();
  await page.goto(`${baseUrl}?${query}`);
  await page.click('#start');
  // Starting writes the session into the address; the tab is found by its final URL.
  await page.waitForFunction(() => new URL(location.href).searchParams.has('session'));
  return { page, tabId: await tabIdOf(browser, page) };
}

/** Opens the session picker's list (the button in the session bar) if it is not open. */
export async function openSessionList(panel: Page): Promise<void> {
  const button = panel.locator('[data-testid="session-button"]');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await panel.locator('[data-testid="sessions"]').waitFor();
}

/** Scopes the panel to the session whose picker entry contains `text` (or has `protocol`). */
export async function chooseSession(panel: Page, match: { text?: string; protocol?: string }): Promise<void> {
  await openSessionList(panel);
  let option = panel.locator('[data-testid="session"]');
  if (match.protocol !== undefined) option = panel.locator(`[data-testid="session"][data-protocol="${match.protocol}"]`);
  if (match.text !== undefined) option = option.filter({ hasText: match.text });
  await option.first().click();
}

/** Shows one of the detail pane's tabs (Rendering, Findings, Request, Waterfall, and Frame when docked narrow). */
export async function showTab(panel: Page, tab: 'frame' | 'rendering' | 'findings' | 'request' | 'waterfall'): Promise<void> {
  await panel.locator(`[data-tab="${tab}"]`).click();
}

/**
 * Turns Preserve log on as a user does and waits for the hub's answer: the box shows the click at once
 * (`data-pending` until the hub answers), and a reload before the hub took it would clear the log.
 */
export async function preserveLog(panel: Page | PageFrame): Promise<void> {
  await panel.locator('input.preserve-log').check();
  await panel.waitForSelector('input.preserve-log:checked:not([data-pending])', { timeout: 30_000 });
}
