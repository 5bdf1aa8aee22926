// How much the capture hook costs a page: 50,000 WebSocket frames received from a loopback server,
// timed inside the page, in a Chromium without the extension and in one with it. Also the delay
// between the page receiving a frame and the hook's message about it being dispatched on the window
// (the relay's listener runs in that same dispatch, so this is the frame→relay latency as far as the
// page can observe it), at a steady 2,000 frames/s. Needs the built extension in .output/chrome-mv3.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { WebSocket } from 'ws';
import { EXTENSION_DIR, launchBrowser } from '../test/e2e/support/launch';
import { startTestServer } from '../test/e2e/support/server';

export interface CaptureThroughput {
  /** Time for the page to receive all frames, without the extension. */
  withoutMs: number;
  /** The same with the extension's hook installed. */
  withMs: number;
  /** withMs / withoutMs. */
  ratio: number;
  /**
   * The built hook alone, injected into a page of a browser without the extension: it still posts
   * every message, but no relay receives them. withMs - hookOnlyMs is what the relay's own handling
   * of each message costs the page's main thread.
   */
  hookOnlyMs: number;
  frames: number;
  /** (withMs - withoutMs) / frames, in microseconds: what the extension (hook and relay) adds per frame. */
  hookOverheadPerFrameUs: number;
  /** Page receive → hook message dispatched on the window, at 2,000 frames/s, with the extension. */
  latencyMs: { rate: number; frames: number; median: number; p95: number; max: number };
}

const FRAMES = 50_000;
const PACED_RATE = 2_000;
const PACED_FRAMES = 4_000;

const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><script>
window.receiveAll = (n) => new Promise((resolve) => {
  const ws = new WebSocket('ws://' + location.host + '/bulk');
  let count = 0, t0 = 0;
  ws.onopen = () => { t0 = performance.now(); ws.send('bulk:' + n); };
  ws.onmessage = () => { if (++count === n) { resolve(performance.now() - t0); ws.close(); } };
});
window.pacedLatency = (n, rate) => new Promise((resolve) => {
  const received = new Float64Array(n), posted = new Float64Array(n);
  let seen = 0, done = 0, connectionId;
  addEventListener('message', (e) => {
    const d = e.data;
    if (!d || d.__agentStreamInspector !== 1) return;
    if (d.type === 'connection' && d.url.endsWith('/paced')) connectionId = d.id;
    if (d.connectionId !== connectionId || d.kind !== 'message' || d.direction !== 'in') return;
    const i = Number(d.data.slice(5, d.data.indexOf(',')));
    posted[i] = performance.now();
    if (++done === n) finish();
  });
  const ws = new WebSocket('ws://' + location.host + '/paced');
  ws.onopen = () => ws.send('paced:' + n + ':' + rate);
  ws.onmessage = (e) => { received[Number(e.data.slice(5, e.data.indexOf(',')))] = performance.now(); seen++; };
  function finish() {
    const lat = Array.from(posted, (p, i) => p - received[i]).sort((a, b) => a - b);
    ws.close();
    resolve({ median: lat[Math.floor(n / 2)], p95: lat[Math.floor(n * 0.95)], max: lat[n - 1], seen });
  }
  setTimeout(() => { if (done < n) resolve({ median: NaN, p95: NaN, max: NaN, seen, done }); }, 60000);
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

async function inBrowser<T>(extension: boolean | 'hook-only', origin: string, run: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchBrowser({ extension: extension === true });
  try {
    const page = await browser.context.newPage();
    if (extension === 'hook-only') {
      await page.addInitScript(fs.readFileSync(path.join(EXTENSION_DIR, 'content-scripts/page-hook.js'), 'utf8'));
    }
    await page.goto(`${origin}/bench.html`);
    return await run(page);
  } finally {
    await browser.close();
  }
}

export async function benchCaptureThroughput(): Promise<CaptureThroughput> {
  const server = await startTestServer({
    routes: { '/bench.html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE) },
    onWebSocket: onSocket,
  });
  try {
    const receive = (page: Page) => page.evaluate((n) => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(n), FRAMES);
    // A short warm-up run in each browser first, so JIT and connection setup are not timed.
    const withoutMs = await inBrowser(false, server.origin, async (page) => {
      await page.evaluate(() => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(2000));
      return receive(page);
    });
    const hookOnlyMs = await inBrowser('hook-only', server.origin, async (page) => {
      await page.evaluate(() => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(2000));
      return receive(page);
    });
    const { withMs, latency } = await inBrowser(true, server.origin, async (page) => {
      await page.evaluate(() => (window as unknown as { receiveAll(n: number): Promise<number> }).receiveAll(2000));
      const ms = await receive(page);
      const lat = await page.evaluate(
        ([n, rate]) => (window as unknown as { pacedLatency(n: number, r: number): Promise<{ median: number; p95: number; max: number }> }).pacedLatency(n, rate),
        [PACED_FRAMES, PACED_RATE] as const,
      );
      return { withMs: ms, latency: lat };
    });
    return {
      withoutMs,
      withMs,
      ratio: withMs / withoutMs,
      hookOnlyMs,
      frames: FRAMES,
      hookOverheadPerFrameUs: ((withMs - withoutMs) / FRAMES) * 1000,
      latencyMs: { rate: PACED_RATE, frames: PACED_FRAMES, median: latency.median, p95: latency.p95, max: latency.max },
    };
  } finally {
    await server.close();
  }
}
