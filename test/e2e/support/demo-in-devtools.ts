// The demo site (no delays) and a Chromium with DevTools open and the built extension loaded, started
// before a test file's tests and closed after them: the setup of every panel test on the demo.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDemoServer, type DemoServer } from '../../../demo/server-core';
import { launchBrowser, type LaunchedBrowser } from './launch';

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
