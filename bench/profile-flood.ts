// Profiles both ends of the capture during a pathological flood: the page's main thread (the hook and
// the relay's isolated world run there) and the extension's service worker (the hub), in a Chromium
// started without automation (direct-browser.ts) and reached over its loopback DevTools port with raw
// protocol messages, as open-panel.ts does. Lists each side's hottest functions by self time and the
// CPU every kind of process spent during the timed receive:
// `npx tsx bench/profile-flood.ts [control|large|binary] [extension dir]`. An unminified build names
// the functions (`ASI_NO_MINIFY=1 npm run build`).
import type http from 'node:http';
import { EXTENSION_DIR } from '../test/e2e/support/launch';
import { startTestServer } from '../test/e2e/support/server';
import { onSocket, page } from './capture-throughput';
import { openDirect } from './direct-browser';
import { connectRawCdp } from './raw-cdp';
import { cpuBetween, snapshotCpu } from './process-cpu';
import { hottest, type Profile } from './profile-text';

const mode = process.argv[2] ?? 'control';
const extensionDir = process.argv[3] ?? EXTENSION_DIR;
const frames = mode === 'large' ? 200 : 2_000;
const depth = Number(process.env.ASI_PROFILE_DEPTH ?? 2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startTestServer({
  routes: { '/bench.html': (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(false)) },
  onWebSocket: onSocket,
});
const url = `${server.origin}/bench.html?mode=${mode}`;
const browser = openDirect(url, extensionDir, { debugPort: true });
try {
  const cdp = await connectRawCdp(browser.profileDir);
  const send = cdp.send;
  type Target = { targetId: string; type: string; url: string };
  const find = async (match: (t: Target) => boolean): Promise<Target> => {
    for (let i = 0; i < 400; i++) {
      const { targetInfos } = await send<{ targetInfos: Target[] }>('Target.getTargets');
      const t = targetInfos.find(match);
      if (t) return t;
      await sleep(50);
    }
    throw new Error('target not found');
  };
  const worker = await find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
  const tab = await find((t) => t.type === 'page' && t.url === url);
  const attach = async (t: Target) => (await send<{ sessionId: string }>('Target.attachToTarget', { targetId: t.targetId, flatten: true })).sessionId;
  const sw = await attach(worker);
  const pg = await attach(tab);
  const evaluate = async <T>(expression: string): Promise<T> =>
    (await send<{ result: { value: T } }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, pg)).result.value;
  while (!(await evaluate<boolean>(`document.readyState === 'complete' && typeof receiveAll === 'function'`))) await sleep(50);
  await evaluate(`receiveAll(50)`);
  await sleep(500);
  for (const s of [sw, pg]) {
    await send('Profiler.enable', {}, s);
    await send('Profiler.setSamplingInterval', { interval: 200 }, s);
    await send('Profiler.start', {}, s);
  }
  const before = snapshotCpu(browser.profileDir);
  const ms = await evaluate<number>(`receiveAll(${frames})`);
  const cpu = cpuBetween(before, snapshotCpu(browser.profileDir));
  // The worker may still be busy with what the page received last.
  await sleep(1500);
  const swProfile = (await send<{ profile: Profile }>('Profiler.stop', {}, sw)).profile;
  const pageProfile = (await send<{ profile: Profile }>('Profiler.stop', {}, pg)).profile;
  console.log(`${mode}: ${frames} frames received in ${ms.toFixed(0)} ms`);
  console.log(`CPU ms during the receive: ${Object.entries(cpu).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`\n== service worker ==\n${hottest(swProfile, 25, depth)}`);
  console.log(`\n== page main thread ==\n${hottest(pageProfile, 25, depth)}`);
  cdp.close();
} finally {
  await browser.close();
  await server.close();
}
