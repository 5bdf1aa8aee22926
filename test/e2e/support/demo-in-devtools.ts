// The demo site (no delays) and a Chromium with DevTools open and the built extension loaded, started
// before a test file's tests and closed after them: the setup of every panel test on the demo.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDemoServer, type DemoServer } from '../../../demo/server-core';
import { launchBrowser, type LaunchedBrowser } from './launch';
import { openInDevTools, type DockedPanel } from './docked-panel';

/** Where the panel tests save their screenshots (ignored by git). */
export const SCREENSHOTS = path.resolve(__dirname, '..', 'screenshots');

export interface DemoInDevTools {
  browser: LaunchedBrowser;
  demo: DemoServer;
}

/** Registers the file's setup and teardown; the fields are set once its `beforeAll` has run. */
export function demoInDevTools(): DemoInDevTools {
  const env = {} as DemoInDevTools;
  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    env.demo = await startDemoServer({ port: 0, delayScale: 0 });
    env.browser = await launchBrowser({ devtools: true });
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.demo?.close();
  });
  return env;
}

/** Plays the demo's session `key` (its `?protocol=`, clean or buggy) in a tab with DevTools open on the Agents panel, to the end of its stream. */
export async function playSession(env: DemoInDevTools, key: string, buggy = false): Promise<DockedPanel> {
  const docked = await openInDevTools(env.browser, `${env.demo.url}?protocol=${encodeURIComponent(key)}${buggy ? '&buggy=1' : ''}`);
  await docked.page.click('#start');
  await docked.page.waitForFunction(() => /stream ended/.test(document.querySelector('#protocol-output > .muted')?.textContent ?? ''), null, { timeout: 15_000 });
  return docked;
}
