// `npm start`: builds the extension, serves the demo agent site and opens Chromium with the
// extension loaded on the demo page, DevTools open on the Agents panel. Without a display it says how
// to do the same by hand and keeps the demo server running. ASI_START_HEADLESS=1 runs the browser
// headless and ASI_START_SCREENSHOT=<file.png> saves the DevTools window once the panel shows (to
// check that it opens on Agents where no display is).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../demo/server-core';
import { showAgentsPanel } from './open-agents-panel';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSION = path.join(ROOT, '.output', 'chrome-mv3');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function build(): void {
  console.log('Building the extension (wxt build -b chrome)…');
  const result = spawnSync('npx', ['wxt', 'build', '-b', 'chrome'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

async function serveDemo(): Promise<DemoServer> {
  const port = Number(process.env.DEMO_PORT ?? 5173);
  try {
    return await startDemoServer({ port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    console.log(`Port ${port} is taken; using a free one.`);
    return startDemoServer({ port: 0 });
  }
}

function printManualSteps(reason: string, demoUrl: string): void {
  console.log(`
${reason}

To try the extension by hand in Chrome or Chromium:
  1. Open chrome://extensions and switch on "Developer mode" (top right).
  2. Click "Load unpacked" and choose ${EXTENSION}
  3. Open the demo site: ${demoUrl}
  4. Open DevTools (F12) and pick the "Agents" panel: it is the last tab, behind » when DevTools is
     docked narrow. Then start a chat on the page.

The demo server keeps running until you press Ctrl+C.`);
}

const WHERE = 'the "Agents" tab is the last of DevTools\' tabs (behind » when DevTools is docked narrow)';

async function openBrowser(demoUrl: string): Promise<void> {
  const headless = process.env.ASI_START_HEADLESS === '1';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-start-'));
  // Lets Playwright drive the DevTools window (targets of type "other") to select the Agents panel.
  process.env.PW_CHROMIUM_ATTACH_TO_OTHER = '1';
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless,
    viewport: null,
    args: [`--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`, '--auto-open-devtools-for-tabs', '--no-first-run', ...(headless ? ['--no-sandbox'] : [])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(demoUrl);
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }).catch(() => undefined));
  const shown = worker !== undefined && (await showAgentsPanel(context, new URL(worker.url()).host).catch(() => false));
  console.log(
    shown
      ? `Chromium is open on ${demoUrl} with DevTools showing the Agents panel; ${WHERE}. Press Send on the page. Close the browser to stop.`
      : `Chromium is open on ${demoUrl} with DevTools; ${WHERE}. Close the browser to stop.`,
  );
  const shot = process.env.ASI_START_SCREENSHOT;
  if (shot) {
    const frontend = context.pages().find((p) => p.url().startsWith('devtools://'));
    const panel = () => frontend?.frames().find((f) => f.url().includes('/panel.html'));
    for (let i = 0; i < 100 && !panel(); i++) await new Promise((r) => setTimeout(r, 100));
    await panel()?.waitForSelector('.asi-panel');
    await frontend?.screenshot({ path: shot });
    console.log(`Saved ${shot}.`);
    if (headless) await context.close();
  }
  await new Promise<void>((resolve) => context.on('close', () => resolve()));
  fs.rmSync(profile, { recursive: true, force: true });
}

async function main(): Promise<void> {
  build();
  const demo = await serveDemo();
  console.log(`Demo agent site: ${demo.url}`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === 'linux') {
    printManualSteps('No display found (DISPLAY is not set), so no browser window can be opened here.', demo.url);
    return; // the server keeps the process alive
  }
  if (!fs.existsSync(CHROMIUM)) {
    printManualSteps(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH to use another).`, demo.url);
    return;
  }
  try {
    await openBrowser(demo.url);
  } catch (err) {
    printManualSteps(`Chromium could not be started: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, demo.url);
    return;
  }
  await demo.close();
}

await main();
