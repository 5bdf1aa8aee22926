// Starts Debian's Chromium through playwright-core, with or without the built extension
// (.output/chrome-mv3, built by test/e2e/global-setup.ts), in a throwaway profile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

export const EXTENSION_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.output/chrome-mv3');

export interface LaunchOptions {
  /** Load the extension (default true). */
  extension?: boolean;
  /**
   * Open DevTools for every tab. Also sets PW_CHROMIUM_ATTACH_TO_OTHER=1 (an undocumented Playwright
   * switch) for this process, without which the DevTools frontends never initialise.
   */
  devtools?: boolean;
  /**
   * Keep the back/forward cache on. Playwright turns it off by default (`--disable-back-forward-cache`),
   * so that a page it goes back to loads again.
   */
  backForwardCache?: boolean;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  extensionId?: string;
  serviceWorker?: Worker;
  /** The throwaway profile directory; it appears on the browser process's command line. */
  profileDir: string;
  close(): Promise<void>;
}

// Keep Chromium off the network and quiet: only the loopback test server is reachable anyway.
export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A throwaway profile directory with developer mode on, which keeps an unpacked extension enabled across chrome.runtime.reload(). */
export function newProfileDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
  return dir;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const withExtension = options.extension ?? true;
  if (withExtension && !fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension in ${EXTENSION_DIR}; run \`npx wxt build -b chrome\` first.`);
  }
  const userDataDir = newProfileDir();
  const args = [...QUIET_FLAGS];
  if (withExtension) args.push(`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`);
  if (options.devtools) {
    args.push('--auto-open-devtools-for-tabs');
    process.env.PW_CHROMIUM_ATTACH_TO_OTHER ??= '1';
  }

  const context = await chromium
    .launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args,
      ...(options.backForwardCache && { ignoreDefaultArgs: ['--disable-back-forward-cache'] }),
    })
    .catch((err: unknown) => {
      fs.rmSync(userDataDir, { recursive: true, force: true });
      throw err;
    });
  const close = async () => {
    await context.close().catch(() => undefined);
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  if (!withExtension) return { context, profileDir: userDataDir, close };

  try {
    const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://');
    const serviceWorker =
      context.serviceWorkers().find(isOurs) ??
      (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 10_000 }));
    return { context, extensionId: new URL(serviceWorker.url()).host, serviceWorker, profileDir: userDataDir, close };
  } catch (err) {
    await close();
    throw err;
  }
}
