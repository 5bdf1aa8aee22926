// Profiles the bench page's main thread in a Chromium started without automation (direct-browser.ts),
// over its loopback DevTools port with raw protocol messages: only the page is attached to and only
// the Profiler domain enabled, so no per-frame protocol event (Playwright's Network domain, which
// profile-capture.ts has) weighs on the run. Lists where the page's thread spends its time while it
// receives the bench's frames, with the extension in `build` (ours by default) or without any:
// `npx tsx bench/profile-direct.ts <mode> [frames] [build dir | none]`, mode one of the capture bench's
// (bare, chat, control, large, binary). An unminified build names the functions
// (`ASI_NO_MINIFY=1 npm run build`).
import fs from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';
import { captureServer } from './capture-throughput';
import { emptyExtensionDir, openDirect } from './direct-browser';
import { hottest, type Profile } from './profile-text';

const [mode = 'control', framesArg, buildArg] = process.argv.slice(2);
const frames = Number(framesArg ?? 300);
const empty = buildArg === 'none' ? emptyExtensionDir() : undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await captureServer();
const url = `${server.origin}/bench.html?mode=${mode}`;
const browser = openDirect(url, empty ?? (buildArg ? path.resolve(buildArg) : undefined), { debugPort: true });
try {
  const file = path.join(browser.profileDir, 'DevToolsActivePort');
  for (let i = 0; i < 300 && !fs.existsSync(file); i++) await sleep(50);
  const port = fs.readFileSync(file, 'utf8').split('\n')[0];
  let target: { webSocketDebuggerUrl: string; url: string } | undefined;
  for (let i = 0; i < 200 && !target; i++) {
    const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
    target = list.find((t) => t.type === 'page' && t.url.startsWith(url));
    if (!target) await sleep(50);
  }
  if (!target) throw new Error('no bench page');
  const ws = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const pending = new Map<number, (v: { result?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  const send = async <T>(method: string, params: object = {}): Promise<T> => {
    const id = ++next;
    const m = await new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => {
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
    if (m.error) throw new Error(`${method}: ${m.error.message}`);
    return m.result as T;
  };
  const evaluate = (expression: string) => send<{ result: { value: unknown } }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  for (let i = 0; i < 200; i++) {
    const ready = await evaluate(`document.readyState === 'complete' && typeof receiveAll === 'function'`);
    if (ready.result.value === true) break;
    await sleep(50);
  }
  await evaluate(`receiveAll(${Math.min(50, frames)})`);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  const ms = (await evaluate(`receiveAll(${frames})`)).result.value as number;
  const { profile } = await send<{ profile: Profile }>('Profiler.stop');
  ws.close();
  console.log(`${mode}, ${frames} frames, ${buildArg ?? 'the built extension'}: received in ${ms.toFixed(0)} ms`);
  // Each function with its caller.
  console.log(hottest(profile, 25, 1));
} finally {
  await browser.close();
  await server.close();
  if (empty) fs.rmSync(empty, { recursive: true, force: true });
}
