// A page that opens 10,000 short-lived WebSockets (each receives two frames, then the server closes
// it) while the panel is open on its tab: the built extension in Chromium, the panel as a page for
// the tab. Measures how far the panel's frame count lags the page: from the page's last frame to the
// panel showing the final count (the hub's), and the panel's long tasks meanwhile. Needs .output/chrome-mv3.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { launchBrowser } from '../test/e2e/support/launch';
import { LIVE, PANEL_SIZE, tabIdOf } from '../test/e2e/support/panel-page';

export interface SocketsBench {
  sockets: number;
  /** Frames the page saw (messages and closes). */
  pageFrames: number;
  hubFrames: number;
  panelFrames: number;
  /** From the page's first socket to its last frame. */
  pageMs: number;
  /** From the page's last frame to the panel showing the hub's final count. */
  lagMs: number;
  /** The panel page's long tasks (over 50 ms) during the run: count and total. */
  longTasks: number;
  longTaskMs: number;
  visibility: string;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>sockets</title><script>
window.__run = (url, total, concurrent) => new Promise((resolve) => {
  let opened = 0, done = 0, frames = 0, last = 0;
  const start = Date.now();
  const next = () => {
    if (opened >= total) return;
    opened++;
    const ws = new WebSocket(url);
    ws.onmessage = () => { frames++; last = Date.now(); };
    ws.onclose = () => {
      frames++;
      last = Date.now();
      if (++done === total) resolve({ frames, start, last });
      else next();
    };
  };
  for (let i = 0; i < concurrent; i++) next();
});
</script>`;

/** Records in the panel page when its frame count changes, and its long tasks (a string: tsx would wrap a function's inner names). */
const RECORDER = `
  window.__counts = [];
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    const n = Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count') ?? 0);
    if (window.__counts.at(-1)?.[1] !== n) window.__counts.push([Date.now(), n]);
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-count'], childList: true });
`;

export async function benchSockets(sockets = 10_000, concurrent = 50): Promise<SocketsBench> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => {
    socket.send('{"type":"hello"}');
    socket.send('{"type":"bye"}');
    socket.close(1000);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser({ extension: true });
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://${origin}/sockets.html`);
    const tabId = await tabIdOf(browser, page);
    const panel = await browser.context.newPage();
    await panel.setViewportSize(PANEL_SIZE);
    await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
    await panel.waitForSelector(LIVE);
    await panel.evaluate(RECORDER);
    const visibility = `page ${await page.evaluate(() => document.visibilityState)}, panel ${await panel.evaluate(() => document.visibilityState)}`;
    if (process.env.ASI_BENCH_TRACE) console.error(`${visibility}; opening ${sockets} sockets`);
    const run = await page.evaluate(([url, n, c]) => (window as unknown as { __run(u: string, n: number, c: number): Promise<{ frames: number; start: number; last: number }> }).__run(url, n, c), [`ws://${origin}/ws`, sockets, concurrent] as const);
    const hubCount = () =>
      browser.serviceWorker!.evaluate(
        async (id: number) => (await (globalThis as unknown as { __asiDebug: { tabs(): Promise<{ tabId: number; frames: number }[]> } }).__asiDebug.tabs()).find((t) => t.tabId === id)?.frames ?? 0,
        tabId,
      );
    const counts = () => panel.evaluate(() => (window as unknown as { __counts: [number, number][] }).__counts);
    let hub = -1;
    let seen: [number, number][] = [];
    for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
      const now = await hubCount();
      seen = await counts();
      if (process.env.ASI_BENCH_TRACE) console.error(`hub ${now}, panel ${seen.at(-1)?.[1] ?? 0}`);
      if (now === hub && seen.at(-1)?.[1] === now) break;
      hub = now;
      await new Promise((r) => setTimeout(r, 500));
    }
    const final = seen.at(-1);
    const long = await panel.evaluate(() => (window as unknown as { __long: number[] }).__long);
    return {
      sockets,
      pageFrames: run.frames,
      hubFrames: hub,
      panelFrames: final?.[1] ?? 0,
      pageMs: run.last - run.start,
      lagMs: final && final[1] === hub ? Math.max(0, final[0] - run.last) : NaN,
      longTasks: long.length,
      longTaskMs: long.reduce((a, b) => a + b, 0),
      visibility,
    };
  } finally {
    await browser.close();
    wss.close();
    server.close();
  }
}
