// How much the capture costs a page: 50,000 WebSocket frames received from a loopback server, timed
// inside the page, in a Chromium without the extension and in one with it, in alternating rounds
// with fresh browsers (on a small machine one pair of runs moves by tens of percent with load). For
// scale: what a bare second listener that keeps every payload costs the same page (the floor of any
// capture), and the ratio for a page that does a chat client's work with each frame. Then a check
// that the hub stored every frame, and the delay between the page receiving a frame and the frame
// reaching the hub in the service worker (hook batching, the relay's validation and its ~20 ms
// batches, the port) at a steady 2,000 frames/s, on both sides read as performance.timeOrigin +
// performance.now(). Needs the built extension in .output/chrome-mv3.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Worker } from 'playwright-core';
import type { WebSocket } from 'ws';
import { EXTENSION_DIR, launchBrowser, type LaunchedBrowser } from '../test/e2e/support/launch';
import { startTestServer } from '../test/e2e/support/server';
import { cpuBetween, snapshotCpu, type CpuByRole } from './process-cpu';

/** One timed receive of FRAMES frames in a fresh browser. */
export interface ReceiveRun {
  ms: number;
  /** Busy time of the page's renderer main thread (CDP Performance TaskDuration). */
  taskMs: number;
  /** CPU time of the page's renderer main thread (CDP Performance ThreadTime). */
  cpuMs: number;
  /** CPU of each kind of browser process, and of the benchmark's own server, during the run. */
  processCpu: CpuByRole & { server: number };
}

export interface CaptureThroughput {
  frames: number;
  /** Rounds of (without, with), each in fresh browsers, alternating so that load drifts hit both sides. */
  rounds: { without: ReceiveRun; with: ReceiveRun; ratio: number }[];
  /** Median of the rounds' with / without ratios: the number held against the target. */
  medianRatio: number;
  /**
   * The least any capture costs: no extension, but the page itself adds a second message listener
   * that reads every payload and keeps it (what a hook must do at the very least), vs the bare page;
   * median over the rounds.
   */
  floorRatio: number;
  /** The built hook alone, injected into a page of a browser without the extension (no relay receives). */
  hookOnly: ReceiveRun;
  /**
   * A page that does what a chat client does with each frame (JSON.parse, append the text delta to
   * the document), without and with the extension.
   */
  chat: { without: ReceiveRun; with: ReceiveRun; ratio: number };
  /** Page receive → frame arrives at the hub over the relay's port, at 2,000 frames/s. */
  latencyMs: { rate: number; frames: number; median: number; p95: number; max: number; missing: number };
  /** Frames the hub counted for the page (warm-up and timed run), how many it should have, and what the relay dropped. */
  hub: { frames: number; expected: number; dropped: number; rejected: number };
}

const FRAMES = 50_000;
const WARM_UP_FRAMES = 2_000;
const PACED_RATE = 2_000;
const PACED_FRAMES = 4_000;

// ?mode=bare counts frames; floor adds a listener that keeps every payload; chat parses each frame
// and appends its text to the document.
const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><body><div id="out"></div><script>
const mode = new URLSearchParams(location.search).get('mode') || 'bare';
const out = document.getElementById('out');
let bubble;
window.receiveAll = (n) => new Promise((resolve) => {
  const ws = new WebSocket('ws://' + location.host + '/bulk');
  const kept = [];
  let count = 0, t0 = 0;
  if (mode === 'floor') ws.addEventListener('message', (e) => { kept.push(e.data); });
  ws.onopen = () => { t0 = performance.now(); ws.send('bulk:' + n); };
  ws.onmessage = (e) => {
    // A new message bubble every 100 deltas, as a chat shows turns; the text grows in place.
    if (mode === 'chat') {
      if (count % 100 === 0) bubble = out.appendChild(document.createElement('p')).appendChild(document.createTextNode(''));
      bubble.appendData(JSON.parse(e.data).delta.text);
    }
    if (++count === n) { resolve(performance.now() - t0); ws.close(); }
  };
});
window.pacedReceive = (n, rate) => new Promise((resolve) => {
  const received = new Array(n).fill(0);
  let seen = 0;
  const ws = new WebSocket('ws://' + location.host + '/paced');
  ws.onopen = () => ws.send('paced:' + n + ':' + rate);
  ws.onmessage = (e) => {
    received[Number(e.data.slice(5, e.data.indexOf(',')))] = performance.timeOrigin + performance.now();
    if (++seen === n) { ws.close(); resolve(received); }
  };
});
</script>`;

function onSocket(socket: WebSocket): void {
  socket.on('message', (raw) => {
    const [command, count, rate] = raw.toString().split(':');
    const n = Number(count);
    // A payload of the size agent streams typically carry (a content_block_delta).
    const frame = (i: number) => `{"i":${i},"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"token ${i}"}}`;
    if (command === 'bulk') {
      for (let i = 0; i < n; i++) socket.send(frame(i));
    } else if (command === 'paced') {
      const perTick = Math.max(1, Math.round(Number(rate) / 100)); // every 10 ms
      let i = 0;
      const timer = setInterval(() => {
        for (let k = 0; k < perTick && i < n; k++) socket.send(frame(i++));
        if (i >= n) clearInterval(timer);
      }, 10);
      socket.on('close', () => clearInterval(timer));
    }
  });
}

async function inBrowser<T>(
  extension: boolean | 'hook-only',
  origin: string,
  run: (page: Page, browser: LaunchedBrowser) => Promise<T>,
  mode: 'bare' | 'floor' | 'chat' = 'bare',
): Promise<T> {
  const browser = await launchBrowser({ extension: extension === true });
  try {
    const page = await browser.context.newPage();
    if (extension === 'hook-only') {
      await page.addInitScript(fs.readFileSync(path.join(EXTENSION_DIR, 'content-scripts/page-hook.js'), 'utf8'));
    }
    await page.goto(`${origin}/bench.html?mode=${mode}`);
    return await run(page, browser);
  } finally {
    await browser.close();
  }
}

type Sw = typeof globalThis & {
  chrome: {
    runtime: { onConnect: { addListener(f: (port: { name: string; onMessage: { addListener(f: (m: unknown) => void): void } }) => void): void } };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  };
  __benchArrivals?: number[];
  __asiDebug?: { tabs(): Promise<{ tabId: number; nextIndex: number; firstIndex: number; dropped: number; rejected: number }[]> };
};

/** Records, in the service worker, when each paced frame arrives over a relay port that connects from now on. */
function tapRelayPorts(sw: Worker): Promise<void> {
  return sw.evaluate(() => {
    const g = globalThis as unknown as Sw;
    g.__benchArrivals = [];
    g.chrome.runtime.onConnect.addListener((port) => {
      if (port.name !== 'relay') return;
      port.onMessage.addListener((m) => {
        const at = performance.timeOrigin + performance.now();
        const batch = m as { type?: string; messages?: { type: string; kind?: string; direction?: string; data?: string }[] };
        if (batch.type !== 'batch' || !batch.messages) return;
        for (const f of batch.messages) {
          if (f.type !== 'frame' || f.kind !== 'message' || f.direction !== 'in' || !f.data?.startsWith('{"i":')) continue;
          g.__benchArrivals![Number(f.data.slice(5, f.data.indexOf(',')))] = at;
        }
      });
    });
  });
}

/**
 * Waits until the hub counted every frame of the page (its own buffer keeps only the newest 50,000,
 * so the count is its next capture index) and returns that with the losses the relay reported.
 */
async function hubCounts(sw: Worker, pageUrl: string, expected: number): Promise<CaptureThroughput['hub']> {
  let last = -1;
  for (let stable = 0; stable < 10; ) {
    const r = await sw.evaluate(
      async ({ url }) => {
        const g = globalThis as unknown as Sw;
        const tab = (await g.chrome.tabs.query({})).find((t) => t.url === url);
        const info = (await g.__asiDebug!.tabs()).find((t) => t.tabId === tab?.id);
        // `dropped` also counts what the hub's own buffer bound let go (every index below firstIndex).
        return { frames: info?.nextIndex ?? 0, dropped: info ? info.dropped - info.firstIndex : -1, rejected: info?.rejected ?? -1 };
      },
      { url: pageUrl },
    );
    if (r.frames >= expected) return { ...r, expected };
    stable = r.frames === last ? stable + 1 : 0;
    last = r.frames;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { frames: last, expected, dropped: -1, rejected: -1 };
}

function percentiles(latencies: number[]): { median: number; p95: number; max: number } {
  const lat = [...latencies].sort((a, b) => a - b);
  const n = lat.length;
  return { median: lat[Math.floor(n / 2)] ?? NaN, p95: lat[Math.floor(n * 0.95)] ?? NaN, max: lat[n - 1] ?? NaN };
}

/** Times one receive of FRAMES frames in the page, after a short untimed warm-up. */
async function receive(page: Page, browser: LaunchedBrowser): Promise<ReceiveRun> {
  const receiveAll = (n: number) => page.evaluate((k) => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(k), n);
  // JIT and connection setup are not timed.
  await receiveAll(WARM_UP_FRAMES);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const all = (await cdp.send('Performance.getMetrics')).metrics;
    const get = (name: string) => all.find((m) => m.name === name)?.value ?? NaN;
    return { task: get('TaskDuration'), cpu: get('ThreadTime') };
  };
  const before = await metrics();
  const cpuBefore = snapshotCpu(browser.profileDir);
  const serverBefore = process.cpuUsage();
  const ms = await receiveAll(FRAMES);
  const server = process.cpuUsage(serverBefore);
  const processCpu = { ...cpuBetween(cpuBefore, snapshotCpu(browser.profileDir)), server: (server.user + server.system) / 1000 };
  const after = await metrics();
  await cdp.detach();
  return { ms, taskMs: (after.task - before.task) * 1000, cpuMs: (after.cpu - before.cpu) * 1000, processCpu };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchCaptureThroughput(roundCount = 3): Promise<CaptureThroughput> {
  const server = await startTestServer({
    routes: { '/bench.html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE) },
    onWebSocket: onSocket,
  });
  try {
    const rounds: CaptureThroughput['rounds'] = [];
    const floors: number[] = [];
    for (let r = 0; r < roundCount; r++) {
      const without = await inBrowser(false, server.origin, receive);
      const floor = await inBrowser(false, server.origin, receive, 'floor');
      const withExtension = await inBrowser(true, server.origin, receive);
      rounds.push({ without, with: withExtension, ratio: withExtension.ms / without.ms });
      floors.push(floor.ms / without.ms);
    }
    const hookOnly = await inBrowser('hook-only', server.origin, receive);
    const chatWithout = await inBrowser(false, server.origin, receive, 'chat');
    const chatWith = await inBrowser(true, server.origin, receive, 'chat');
    const { latency, hub } = await inBrowser(true, server.origin, async (page, browser) => {
      await receive(page, browser);
      const sw = browser.serviceWorker!;
      // Per run (warm-up and timed): open, the request sent, every frame received, close.
      const hubState = await hubCounts(sw, page.url(), 2 * 3 + WARM_UP_FRAMES + FRAMES);
      // A fresh page, so its relay connects after the tap is in place.
      await tapRelayPorts(sw);
      const paced = await browser.context.newPage();
      await paced.goto(`${server.origin}/bench.html`);
      const received = await paced.evaluate(
        ([n, rate]) => (window as unknown as { pacedReceive(n: number, r: number): Promise<number[]> }).pacedReceive(n, rate),
        [PACED_FRAMES, PACED_RATE] as const,
      );
      await paced.waitForTimeout(500);
      const arrived = await sw.evaluate(() => (globalThis as unknown as Sw).__benchArrivals ?? []);
      const lat = received.map((r, i) => (arrived[i] ?? NaN) - r);
      const missing = lat.filter((l) => Number.isNaN(l)).length;
      return { latency: { ...percentiles(lat.filter((l) => !Number.isNaN(l))), missing }, hub: hubState };
    });
    return {
      frames: FRAMES,
      rounds,
      medianRatio: median(rounds.map((r) => r.ratio)),
      floorRatio: median(floors),
      hookOnly,
      chat: { without: chatWithout, with: chatWith, ratio: chatWith.ms / chatWithout.ms },
      latencyMs: { rate: PACED_RATE, frames: PACED_FRAMES, ...latency },
      hub,
    };
  } finally {
    await server.close();
  }
}
