// How much the capture costs a page: 50,000 WebSocket frames received from a loopback server, timed
// by the page itself, in a Chromium with the extension and in one with an empty extension, started
// from the command line with no automation attached (see direct-browser.ts), in alternating rounds
// of fresh browsers (one pair of runs moves by tens of percent on a small machine). For scale: what a
// second listener of the page's own that reads every payload costs (the floor of any capture), and
// the same rounds for a page that does a chat client's work with each frame. The CPU of every
// browser process is read from /proc around each timed part. Then, in a Chromium driven by
// Playwright, a check that the hub stored every frame, and the delay between the page receiving a
// frame and the frame reaching the hub in the service worker (hook batching, the relay's validation
// and its ~20 ms batches, the port) at a steady 2,000 frames/s, on both sides read as
// performance.timeOrigin + performance.now(). Needs the built extension in .output/chrome-mv3.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Page, Worker } from 'playwright-core';
import type { WebSocket } from 'ws';
import { EXTENSION_DIR, launchBrowser, type LaunchedBrowser } from '../test/e2e/support/launch';
import { startTestServer } from '../test/e2e/support/server';
import { cpuBetween, snapshotCpu, type CpuByRole } from './process-cpu';
import { emptyExtensionDir, openDirect, type DirectBrowser } from './direct-browser';
import { openPanel, type OpenedPanel } from './open-panel';

/** One timed receive of FRAMES frames in a fresh browser with no automation attached. */
export interface ReceiveRun {
  ms: number;
  /** CPU of each kind of browser process, and of the benchmark's own server, during the run. */
  processCpu: CpuByRole & { server: number };
}

export interface CaptureThroughput {
  frames: number;
  /** Rounds of (without, with), each in fresh browsers, alternating so that load drifts hit both sides. */
  rounds: { without: ReceiveRun; with: ReceiveRun; ratio: number }[];
  /** Median of the rounds' with / without ratios: the number held against the target. */
  medianRatio: number;
  /** Median time with the extension over median time without. */
  ratioOfMedians: number;
  /** Median of the rounds' ratios of CPU summed over every browser process and the server. */
  medianCpuRatio: number;
  /**
   * The least any capture costs: no extension, but the page itself adds a second message listener
   * that reads every payload (what a hook must do at the very least), vs the bare page; median over
   * the rounds.
   */
  floorRatio: number;
  /** The built hook alone, loaded as the page's first script in a browser without the extension (no relay receives). */
  hookOnly: ReceiveRun;
  /**
   * A page that does what a chat client does with each frame (JSON.parse, append the text delta to
   * the document), without and with the extension: its rounds and the median of their ratios.
   */
  chat: { rounds: { without: ReceiveRun; with: ReceiveRun; ratio: number }[]; medianRatio: number };
  /**
   * The chat-like page without the extension against the same page with the extension and a panel page
   * for its tab open and live (taking every frame), in the same alternating rounds as `chat`.
   */
  chatPanel: { rounds: { without: ReceiveRun; with: ReceiveRun; ratio: number }[]; medianRatio: number };
  /** Page receive → frame arrives at the hub over the relay's port, at 2,000 frames/s. */
  latencyMs: { rate: number; frames: number; median: number; p95: number; max: number; missing: number };
  /**
   * The control-character flood (CONTROL_FRAMES frames of CONTROL_CHARS × U+0001), without and with the
   * extension, in alternating rounds: a payload whose JSON is six times its length.
   */
  control: PathologicalRounds;
  /** LARGE_FRAMES text frames of a mebibyte each (past the hook's bound of MAX_FRAME_BYTES, so cut), likewise. */
  large: PathologicalRounds;
  /** BINARY_FRAMES binary frames of BINARY_BYTES bytes each (every byte value), read as ArrayBuffers, likewise. */
  binary: PathologicalRounds;
  /** Frames the hub counted for the page (warm-up and timed run), how many it should have, and what the relay dropped. */
  hub: { frames: number; expected: number; dropped: number; rejected: number };
}

export interface PathologicalRounds {
  rounds: { without: ReceiveRun; with: ReceiveRun; ratio: number }[];
  medianRatio: number;
}

const FRAMES = 50_000;
/** The control-character flood: frames of 100 KB of U+0001, each of which JSON writes six times as long. */
export const CONTROL_FRAMES = 2_000;
export const CONTROL_CHARS = 100_000;
/** Text frames of a mebibyte: a JSON document holding one long string, as a tool result would. */
export const LARGE_FRAMES = 200;
export const LARGE_CHARS = 1_048_576;
/** Binary frames of 100 KB holding every byte value, as a binary protocol's would. */
export const BINARY_FRAMES = 2_000;
export const BINARY_BYTES = 100_000;
/** Timed frames and warm-up frames of each mode whose frames are not the ordinary small ones. */
const PATHOLOGICAL = {
  control: { frames: CONTROL_FRAMES, warmUp: 50 },
  large: { frames: LARGE_FRAMES, warmUp: 5 },
  binary: { frames: BINARY_FRAMES, warmUp: 50 },
} as const;
export type PathologicalMode = keyof typeof PATHOLOGICAL;
const WARM_UP_FRAMES = 2_000;
const PACED_RATE = 2_000;
const PACED_FRAMES = 4_000;

// ?mode=bare counts frames; floor adds a second listener that reads every payload (which makes the
// browser build each payload's string, as any capture must); chat parses each frame and appends its
// text to the document.
export const page = (hook: boolean) => `<!doctype html><meta charset="utf-8"><title>bench</title>${hook ? '<script src="/page-hook.js"></script>' : ''}<body><div id="out"></div><script>
const params = new URLSearchParams(location.search);
const mode = params.get('mode') || 'bare';
const out = document.getElementById('out');
let bubble;
window.receiveAll = (n) => new Promise((resolve) => {
  const ws = new WebSocket('ws://' + location.host + '/bulk');
  let count = 0, t0 = 0, read = 0;
  if (mode === 'floor') ws.addEventListener('message', (e) => { read += e.data.length; });
  if (mode === 'binary') ws.binaryType = 'arraybuffer';
  ws.onopen = () => { t0 = performance.now(); ws.send((${JSON.stringify(Object.keys(PATHOLOGICAL))}.includes(mode) ? mode + ':' : 'bulk:') + n); };
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
// ?run=<id>: the page times itself once loaded (a short warm-up first, so JIT and connection setup
// are not timed) and reports to the server, which reads the processes' CPU around the timed part.
if (params.has('run')) addEventListener('load', async () => {
  const mark = (phase, ms) => fetch('/mark?run=' + params.get('run') + '&phase=' + phase + (ms === undefined ? '' : '&ms=' + ms));
  await new Promise((r) => setTimeout(r, 300));
  // A run with the panel open waits here until the panel page for this tab is live.
  if (params.has('gate')) await fetch('/gate?run=' + params.get('run'));
  const counts = ${JSON.stringify(PATHOLOGICAL)}[mode] || { frames: ${FRAMES}, warmUp: ${WARM_UP_FRAMES} };
  await receiveAll(counts.warmUp);
  await mark('start');
  await mark('end', await receiveAll(counts.frames));
});
</script>`;

/** An unmasked server-to-client WebSocket text frame (RFC 6455 section 5.2). */
function textFrame(text: string): Buffer {
  return wsFrame(0x81, Buffer.from(text, 'utf8'));
}

/** An unmasked server-to-client WebSocket frame: FIN and `opcode` in `first`, then the payload. */
function wsFrame(first: number, payload: Buffer): Buffer {
  const n = payload.length;
  let head: Buffer;
  if (n < 126) head = Buffer.from([first, n]);
  else if (n < 65_536) head = Buffer.from([first, 126, n >> 8, n & 0xff]);
  else {
    head = Buffer.alloc(10);
    head[0] = first;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

export function onSocket(socket: WebSocket): void {
  socket.on('message', (raw) => {
    const [command, count, rate] = raw.toString().split(':');
    const n = Number(count);
    // A payload of the size agent streams typically carry (a content_block_delta).
    const frame = (i: number) => `{"i":${i},"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"token ${i}"}}`;
    if (command === 'bulk') {
      // Framed here and written to the TCP socket at once: the server shares the machine's cores
      // with the browser, and ws sending 50,000 messages one by one costs it more the slower the
      // page reads, which would blur what the extension itself costs.
      const raw = (socket as unknown as { _socket: { write(b: Buffer): boolean } })._socket;
      raw.write(Buffer.concat(Array.from({ length: n }, (_, i) => textFrame(frame(i)))));
    } else if (command === 'control' || command === 'large' || command === 'binary') {
      // One frame made once and written n times, in pieces so the server never holds it all.
      const one = pathologicalFrame(command);
      const raw = (socket as unknown as { _socket: { write(b: Buffer): boolean } })._socket;
      const perWrite = Math.max(1, Math.floor(10_000_000 / one.length));
      for (let i = 0; i < n; i += perWrite) raw.write(Buffer.concat(Array.from({ length: Math.min(perWrite, n - i) }, () => one)));
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

/** The one frame a pathological mode's server sends over and over. */
function pathologicalFrame(mode: PathologicalMode): Buffer {
  if (mode === 'control') return textFrame('\u0001'.repeat(CONTROL_CHARS));
  if (mode === 'binary') return wsFrame(0x82, Buffer.from(Array.from({ length: BINARY_BYTES }, (_, i) => (i * 167 + (i >> 8)) & 0xff)));
  const head = '{"type":"tool_result","content":"';
  const tail = '"}';
  return textFrame(head + 'lorem ipsum dolor sit amet, '.repeat(LARGE_CHARS / 28 + 1).slice(0, LARGE_CHARS - head.length - tail.length) + tail);
}

/** The built extension in a Chromium driven by Playwright: for what needs the service worker's side. */
async function inBrowser<T>(origin: string, run: (page: Page, browser: LaunchedBrowser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser({ extension: true });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/bench.html`);
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

type Mode = 'bare' | 'floor' | 'chat' | PathologicalMode;

/** Runs waiting for their page's marks, by run id. */
const runs = new Map<string, { profileDir: string; cpu?: ReturnType<typeof snapshotCpu>; server?: NodeJS.CpuUsage; done(run: ReceiveRun): void }>();
let nextRun = 1;

/** The /mark route: CPU is read when the page starts its timed receive and again when it reports. */
function onMark(url: URL, res: http.ServerResponse): void {
  const run = runs.get(url.searchParams.get('run') ?? '');
  if (run && url.searchParams.get('phase') === 'start') {
    run.cpu = snapshotCpu(run.profileDir);
    run.server = process.cpuUsage();
  } else if (run && run.cpu && run.server) {
    const server = process.cpuUsage(run.server);
    run.done({ ms: Number(url.searchParams.get('ms')), processCpu: { ...cpuBetween(run.cpu, snapshotCpu(run.profileDir)), server: (server.user + server.system) / 1000 } });
  }
  res.writeHead(204).end();
}

/** Runs whose page waits (the /gate route) until the panel is open: the held response, or open. */
const gates = new Map<string, { open: boolean; waiting?: http.ServerResponse }>();

function onGate(url: URL, res: http.ServerResponse): void {
  const gate = gates.get(url.searchParams.get('run') ?? '');
  if (!gate || gate.open) res.writeHead(204).end();
  else gate.waiting = res;
}

/** One timed receive of FRAMES frames in a fresh Chromium started without automation. */
let emptyExtension: string | undefined;

/** `extensionDir`: the build of the extension to load when it is ours (the built one by default; capture-ab.ts compares two). */
export async function receive(origin: string, extension: boolean | 'hook-only' | 'with-panel', mode: Mode = 'bare', extensionDir?: string): Promise<ReceiveRun> {
  emptyExtension ??= emptyExtensionDir();
  const id = String(nextRun++);
  const file = extension === 'hook-only' ? '/bench-hook.html' : '/bench.html';
  const panel = extension === 'with-panel';
  const ours = extension === true || panel;
  let browser: DirectBrowser | undefined;
  let opened: OpenedPanel | undefined;
  if (panel) gates.set(id, { open: false });
  try {
    return await new Promise<ReceiveRun>((resolve, reject) => {
      const url = `${origin}${file}?mode=${mode}&run=${id}${panel ? '&gate' : ''}`;
      browser = openDirect(url, ours ? extensionDir : emptyExtension, { debugPort: panel });
      runs.set(id, { profileDir: browser.profileDir, done: resolve });
      // A pathological flood takes minutes with a capture that escapes its payloads on the page's thread.
      const limit = mode in PATHOLOGICAL ? 600 : 120;
      setTimeout(() => reject(new Error(`run ${id} (${mode}, extension ${extension}) did not report in ${limit} s`)), limit * 1000).unref();
      if (panel) {
        openPanel(browser.profileDir, url).then((p) => {
          opened = p;
          const gate = gates.get(id)!;
          gate.open = true;
          gate.waiting?.writeHead(204).end();
        }, reject);
      }
    });
  } finally {
    runs.delete(id);
    gates.delete(id);
    opened?.close();
    await browser?.close();
  }
}

export const totalCpu = (r: ReceiveRun): number => Object.values(r.processCpu).reduce((a, b) => a + b, 0);

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The loopback server the runs load their page from; `close` also removes the empty extension the runs without ours load. */
export async function captureServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const html = (hook: boolean) => (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(hook));
  const server = await startTestServer({
    routes: {
      '/bench.html': html(false),
      '/bench-hook.html': html(true),
      '/page-hook.js': (_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(EXTENSION_DIR, 'content-scripts/page-hook.js'))),
      '/mark': (_req, res, url) => onMark(url, res),
      '/gate': (_req, res, url) => onGate(url, res),
    },
    onWebSocket: onSocket,
  });
  return {
    origin: server.origin,
    async close() {
      await server.close();
      if (emptyExtension) fs.rmSync(emptyExtension, { recursive: true, force: true });
      emptyExtension = undefined;
    },
  };
}

/**
 * A pathological flood alone (the control-character one, mebibyte frames or binary frames),
 * `roundCount` alternating rounds (also `npm run bench -- --only capture-control`, `capture-large`, `capture-binary`).
 */
export async function benchPathological(mode: PathologicalMode, roundCount = 3, origin?: string): Promise<PathologicalRounds> {
  const server = origin === undefined ? await captureServer() : undefined;
  const at = origin ?? server!.origin;
  try {
    const rounds: PathologicalRounds['rounds'] = [];
    for (let r = 0; r < roundCount; r++) {
      const without = await receive(at, false, mode);
      console.error(`  ${mode} flood round ${r + 1}: without ${Math.round(without.ms)} ms`);
      const withExtension = await receive(at, true, mode);
      console.error(`  ${mode} flood round ${r + 1}: with ${Math.round(withExtension.ms)} ms`);
      rounds.push({ without, with: withExtension, ratio: withExtension.ms / without.ms });
    }
    return { rounds, medianRatio: median(rounds.map((r) => r.ratio)) };
  } finally {
    await server?.close();
  }
}

export async function benchCaptureThroughput(roundCount = 9): Promise<CaptureThroughput> {
  const server = await captureServer();
  try {
    const rounds: CaptureThroughput['rounds'] = [];
    const floors: number[] = [];
    const chatRounds: CaptureThroughput['chat']['rounds'] = [];
    const panelRounds: CaptureThroughput['chatPanel']['rounds'] = [];
    for (let r = 0; r < roundCount; r++) {
      const without = await receive(server.origin, false);
      const floor = await receive(server.origin, false, 'floor');
      const withExtension = await receive(server.origin, true);
      rounds.push({ without, with: withExtension, ratio: withExtension.ms / without.ms });
      floors.push(floor.ms / without.ms);
      const chatWithout = await receive(server.origin, false, 'chat');
      const chatWith = await receive(server.origin, true, 'chat');
      chatRounds.push({ without: chatWithout, with: chatWith, ratio: chatWith.ms / chatWithout.ms });
      const chatWithPanel = await receive(server.origin, 'with-panel', 'chat');
      panelRounds.push({ without: chatWithout, with: chatWithPanel, ratio: chatWithPanel.ms / chatWithout.ms });
    }
    const hookOnly = await receive(server.origin, 'hook-only');
    const control = await benchPathological('control', Math.min(3, roundCount), server.origin);
    const large = await benchPathological('large', Math.min(3, roundCount), server.origin);
    const binary = await benchPathological('binary', Math.min(3, roundCount), server.origin);
    const { latency, hub } = await inBrowser(server.origin, async (page, browser) => {
      const receiveAll = (n: number) => page.evaluate((k) => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(k), n);
      await receiveAll(WARM_UP_FRAMES);
      await receiveAll(FRAMES);
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
      ratioOfMedians: median(rounds.map((r) => r.with.ms)) / median(rounds.map((r) => r.without.ms)),
      medianCpuRatio: median(rounds.map((r) => totalCpu(r.with) / totalCpu(r.without))),
      floorRatio: median(floors),
      hookOnly,
      chat: { rounds: chatRounds, medianRatio: median(chatRounds.map((r) => r.ratio)) },
      chatPanel: { rounds: panelRounds, medianRatio: median(panelRounds.map((r) => r.ratio)) },
      control,
      large,
      binary,
      latencyMs: { rate: PACED_RATE, frames: PACED_FRAMES, ...latency },
      hub,
    };
  } finally {
    await server.close();
  }
}
