// Starts Debian's Firefox ESR over WebDriver BiDi (puppeteer-core, which downloads no browser) with the
// Firefox build (.output/firefox-mv3, built by test/e2e/global-setup.ts) installed as a temporary add-on.
//
// Two things Firefox does differently from Chromium shape this file:
// - An extension's base URL is moz-extension://<uuid>/ with a UUID made up per profile. The profile's
//   `extensions.webextensions.uuids` pref is set before start, so the UUID is known.
// - BiDi refuses to navigate to moz-extension:// unless the remote agent may reach privileged pages
//   (`--remote-allow-system-access`), and it reports no navigation events for extension pages
//   (Mozilla bug 1755014), so a panel page is opened without waiting for its load event and then
//   polled until its document is there.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Frame } from '../../../src/model/frame';
import type { HubDebugApi } from '../../../src/hub/debug-api';
import type { DocumentRecord } from '../../../src/hub/storage';

export const FIREFOX_EXTENSION_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.output/firefox-mv3');
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** What an extension page calls (types only; the code runs in Firefox). */
interface ExtensionPageGlobals {
  browser: {
    tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
    runtime: { getBackgroundPage(): Promise<{ __asiDebug?: HubDebugApi }> };
  };
}

export interface LaunchedFirefox {
  browser: Browser;
  /** The add-on id from the built manifest. */
  addonId: string;
  /** moz-extension://<uuid>/ */
  extensionBase: string;
  /** Opens an extension page (a path under the base) in a new tab, once its document has loaded. */
  openExtensionPage(pathAndQuery: string): Promise<Page>;
  /** The tab id Firefox gave the page (found by its address through the tabs API). */
  tabIdOf(page: Page): Promise<number>;
  /** The background hub's frames for a tab. */
  hubFrames(tabId: number): Promise<Frame[]>;
  /** The documents the background hub heard from in a tab. */
  hubDocuments(tabId: number): Promise<DocumentRecord[]>;
  close(): Promise<void>;
}

/**
 * Waits until `predicate` holds in the page, polling with short evaluations. (puppeteer's waitForFunction
 * ends at the first failed evaluation, and one that meets a document or process switch fails inside
 * Firefox's remote agent; such a failure here only means "not yet".)
 */
export async function waitInPage<A extends string | number | undefined>(page: Page, predicate: (arg: A) => boolean, arg: A, what = 'the page'): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await page.evaluate(predicate as (a: string | number | undefined) => boolean, arg).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: condition not met after 300 polls`);
}

/** What the background hub's debug API answers for a tab, as JSON text (see hubFrames). */
function fromBackground(control: Page, read: 'frames' | 'documents', tabId: number): Promise<string> {
  return control.evaluate(
    async (what: 'frames' | 'documents', id: number) => {
      const background = await (globalThis as unknown as ExtensionPageGlobals).browser.runtime.getBackgroundPage();
      return JSON.stringify(await background.__asiDebug![what](id));
    },
    read,
    tabId,
  );
}

function addonIdOf(extensionDir: string): string {
  const manifestFile = path.join(extensionDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`No Firefox build in ${extensionDir}; run \`npx wxt build -b firefox\` first.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { browser_specific_settings?: { gecko?: { id?: string } } };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${manifestFile} has no browser_specific_settings.gecko.id`);
  return id;
}

/** Firefox in a throwaway profile (puppeteer writes `prefs` into its user.js and removes it on close). */
export function startFirefox(prefs: Record<string, string> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: prefs,
  });
}

export async function launchFirefox(extensionDir = FIREFOX_EXTENSION_DIR): Promise<LaunchedFirefox> {
  const addonId = addonIdOf(extensionDir);
  const uuid = randomUUID();
  const extensionBase = `moz-extension://${uuid}/`;
  const browser = await startFirefox({ 'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }) });
  const close = () => browser.close().catch(() => undefined);

  const openExtensionPage = async (pathAndQuery: string): Promise<Page> => {
    const url = new URL(pathAndQuery, extensionBase).href;
    const page = await browser.newPage();
    // No load event ever comes for an extension page: start the navigation without a time limit and
    // without waiting (closing the browser settles it), then wait for the document itself.
    page.goto(url, { timeout: 0 }).catch(() => undefined);
    await waitInPage(page, (u: string) => location.href === u && document.readyState === 'complete', url);
    return page;
  };

  try {
    const installed = await browser.installExtension(extensionDir);
    if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
    // One extension page stays open to reach the tabs API and the background page.
    const control = await openExtensionPage('panel.html');
    return {
      browser,
      addonId,
      extensionBase,
      openExtensionPage,
      async tabIdOf(page) {
        const url = await page.evaluate(() => location.href);
        const id = await control.evaluate(
          (u: string) =>
            (globalThis as unknown as ExtensionPageGlobals).browser.tabs.query({}).then((tabs) => tabs.find((t) => t.url === u)?.id),
          url,
        );
        if (typeof id !== 'number') throw new Error(`no tab for ${url}`);
        return id;
      },
      // Background objects are returned as JSON text: they belong to another global than the page's.
      hubFrames: async (tabId) => JSON.parse(await fromBackground(control, 'frames', tabId)) as Frame[],
      hubDocuments: async (tabId) => JSON.parse(await fromBackground(control, 'documents', tabId)) as DocumentRecord[],
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
