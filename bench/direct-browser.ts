// Chromium started straight from the command line, with no automation attached. Playwright enables
// the DevTools protocol's Network domain on every page, so each WebSocket frame the page receives
// also becomes a protocol event serialised by the browser and parsed by the driver: per-frame work
// in both the runs being compared, which would hide part of what the extension costs. The page runs
// its own benchmark and reports to the server (see capture-throughput.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTENSION_DIR, QUIET_FLAGS, newProfileDir } from '../test/e2e/support/launch';

export interface DirectBrowser {
  profileDir: string;
  close(): Promise<void>;
}

/**
 * An extension that does nothing (a manifest alone). Runs "without" ours load it, so that both sides
 * start Chromium with the same switches and an extension system in the same state.
 */
export function emptyExtensionDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-empty-extension-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'empty', version: '1.0' }));
  return dir;
}

/** Opens `url` in a headless Chromium with the unpacked extension in `extensionDir` (ours by default). */
export function openDirect(url: string, extensionDir: string = EXTENSION_DIR, options: { debugPort?: boolean } = {}): DirectBrowser {
  const profileDir = newProfileDir();
  const args = [...QUIET_FLAGS, '--headless', `--user-data-dir=${profileDir}`];
  // A loopback DevTools port (written to <profile>/DevToolsActivePort) for opening the panel page;
  // nothing attaches to the bench page itself.
  if (options.debugPort) args.push('--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1');
  args.push(`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`);
  // Its own process group, so that the browser's helper processes end with it.
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [...args, url], { stdio: 'ignore', detached: true });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    profileDir,
    async close() {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      // Helpers may still be writing to the profile for a moment after the browser is gone.
      fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    },
  };
}
