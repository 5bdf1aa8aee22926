// Debian's Chromium with the built extension, started without Playwright attached: under Playwright's
// launch (which attaches to every page as it opens) no page was ever shown from a prerender (measured:
// the page prerendered from speculation rules ran afresh on the navigation, \`document.prerendering\`
// false), while a browser Playwright connects to only later shows it. Pages are opened through the
// DevTools HTTP endpoint, which attaches to nothing, and the test connects over CDP when it needs to look.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Worker } from 'playwright-core';
import { EXTENSION_DIR, newProfileDir, QUIET_FLAGS } from './launch';
import { until } from './until';

export interface UnattachedChromium {
  /** Opens `url` in a new tab without attaching to it. */
  open(url: string): Promise<void>;
  /** Connects over CDP (once) and returns the extension's service worker. */
  serviceWorker(): Promise<Worker>;
  /** The CDP connection (made by serviceWorker()). */
  browser(): Browser | undefined;
  close(): Promise<void>;
}

export async function launchUnattached(): Promise<UnattachedChromium> {
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`No built extension in ${EXTENSION_DIR}; run \`npx wxt build -b chrome\` first.`);
  const profile = newProfileDir();
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ['--headless', ...QUIET_FLAGS, `--user-data-dir=${profile}`, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, '--remote-debugging-port=0', 'about:blank'],
    // Its own process group, so that its helper processes go with it (see close).
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  let cdp: Browser | undefined;
  const close = async () => {
    // Closed as the browser closes itself, then whatever of its group is left: helper processes that
    // outlive the browser process kept writing to the profile as it was removed.
    const browserClosed = cdp?.newBrowserCDPSession().then((session) => session.send('Browser.close'));
    await browserClosed?.catch(() => undefined);
    if (child.exitCode === null) child.kill();
    await exited;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    await cdp?.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  };
  try {
    // Chromium writes the port it chose into the profile once it listens.
    const portFile = path.join(profile, 'DevToolsActivePort');
    const port = await until(async () => (fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8').split('\n')[0] || undefined : undefined), (p) => p !== undefined);
    if (port === undefined) throw new Error(`Chromium wrote no ${portFile}`);
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      async open(url) {
        const response = await fetch(`${endpoint}/json/new?${url}`, { method: 'PUT' });
        if (!response.ok) throw new Error(`could not open ${url}: HTTP ${response.status}`);
      },
      async serviceWorker() {
        cdp ??= await chromium.connectOverCDP(endpoint);
        const context = cdp.contexts()[0]!;
        const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://');
        return context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 10_000 }));
      },
      browser: () => cdp,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
