// A busy agent with the panel open: one WebSocket delivering small AG-UI deltas at a fixed rate
// (10,000 frames/s by default) for a while, the built extension in Chromium and the panel as a page
// for the tab. Measures whether every frame the page received is either held or counted (relay and
// hub drops, the hub's coalescing), how long the panel takes to answer a probe meanwhile, and the
// resident memory of the extension's process. Needs .output/chrome-mv3. Diagnostics on stderr, by
// environment: ASI_FLOOD_TRACE (memory every 5 s, then CPU by process, the panel's long tasks and the
// probe's time to the browser process alone and to a blank page), ASI_FLOOD_PROFILE (1: hottest
// functions midway; long: every busy stretch over the flood; trace: long tasks by what took their time),
// ASI_FLOOD_ALLOC (1, promoted or retained), ASI_FLOOD_MEMDUMP, ASI_FLOOD_TAB, ASI_FLOOD_SHOT.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { launchBrowser } from '../test/e2e/support/launch';
import { LIVE, PANEL_SIZE, tabIdOf } from '../test/e2e/support/panel-page';
import { cpuBetween, rssByRole, snapshotCpu } from './process-cpu';
import { workerHeap } from './worker-heap';
import { allocationsMidway, controlProbes, longStretches, percentile, profilePanel, screenshots, traceLongTasks, traceMemory, type DebugTabs } from './flood-diagnostics';

export interface FloodBench {
  rate: number;
  seconds: number;
  /** Frames the server sent and the page received (messages and the close). */
  sent: number;
  pageFrames: number;
  /** What the hub accounts for: frames it took in, and the drops and merges it counts. */
  hubTaken: number;
  hubHeld: number;
  dropped: number;
  coalesced: number;
  /** Page frames (and the socket's open) neither taken by the hub nor counted anywhere: must be 0. */
  lostUncounted: number;
  /** Frames the hub holds that the panel does not show once both settled, less those the panel counts. */
  panelFrames: number;
  /** Older frames the panel let go of to stay within its memory bound (shown in its toolbar). */
  panelLetGo: number;
  /** Frames the hub holds that the panel neither shows nor counts as let go: must be 0. */
  panelMissing: number;
  panelShowsCounts: boolean;
  probeP50Ms: number;
  probeP95Ms: number;
  probeMaxMs: number;
  probes: number;
  /** Resident MB of the extension process (service worker and panel page), the most seen. */
  extensionPeakMb: number;
  /**
   * Its own memory, the most seen (anonymous resident pages and swap: Chrome's task manager's memory
   * footprint), without the pages of Chromium's code and fonts it shares with every Chromium process.
   */
  extensionPeakPrivateMb: number;
  /** From the end of the flood to the panel showing the hub's final count. */
  settleMs: number;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>flood</title><script>
window.__frames = 0;
window.__open = (url) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  ws.onmessage = (e) => { window.__frames++; JSON.parse(e.data); };
  ws.onclose = () => { window.__frames++; resolve(window.__frames); };
  window.__done = new Promise((r) => ws.addEventListener('close', () => r(window.__frames)));
  ws.onopen = () => resolve(0);
});
</script>`;

const DELTA = (n: number) => `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"word${n % 100} "}`;


/** Sends `rate` frames a second for `seconds`, in 10 ms ticks that catch up with the clock. */
function flood(ws: WebSocket, rate: number, seconds: number): Promise<number> {
  return new Promise((resolve) => {
    ws.send('{"type":"RUN_STARTED","threadId":"t1","runId":"r1"}');
    ws.send('{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}');
    let sent = 2;
    const start = Date.now();
    const timer = setInterval(() => {
      const elapsed = Math.min(seconds * 1000, Date.now() - start);
      const due = Math.floor((elapsed / 1000) * rate) + 2;
      while (sent < due) ws.send(DELTA(sent++));
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        ws.send('{"type":"TEXT_MESSAGE_END","messageId":"m1"}');
        ws.send('{"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}');
        ws.close(1000);
        resolve(sent + 3); // two end events and the close
      }
    }, 10);
  });
}

export async function benchFlood(rate = 10_000, seconds = 60): Promise<FloodBench> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  const wss = new WebSocketServer({ server });
  const sockets: Promise<WebSocket> = new Promise((r) => wss.once('connection', r));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser({ extension: true });
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://${origin}/flood.html`);
    const tabId = await tabIdOf(browser, page);
    const panel = await browser.context.newPage();
    await panel.setViewportSize(PANEL_SIZE);
    await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
    await panel.waitForSelector(LIVE);
    await page.evaluate((url) => (window as unknown as { __open(u: string): Promise<number> }).__open(url), `ws://${origin}/ws`);
    const ws = await sockets;
    // Which detail tab is open during the flood (Rendering by default), to tell the panes' costs apart.
    if (process.env.ASI_FLOOD_TAB) await panel.click(`[data-tab="${process.env.ASI_FLOOD_TAB}"]`);
    const probes: number[] = [];
    let peak = 0;
    let peakPrivate = 0;
    const notePeaks = () => {
      peak = Math.max(peak, rssByRole(browser.profileDir).extension);
      peakPrivate = Math.max(peakPrivate, rssByRole(browser.profileDir, 'private').extension);
    };
    // The panel's long tasks (over 50 ms) during the flood, and the CPU each kind of process spent: on
    // stderr with the trace, to tell a busy panel from a starved one.
    if (process.env.ASI_FLOOD_TRACE) {
      await panel.evaluate(`(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
      })()`);
    }
    const cpuBefore = snapshotCpu(browser.profileDir);
    let flooding = true;
    const trace = process.env.ASI_FLOOD_TRACE ? traceMemory(browser, panel, tabId) : undefined;
    // With the trace, the same probe to the browser process alone and to a blank page of its own
    // renderer: what the panel's probe waits for that is not the panel.
    const controls = process.env.ASI_FLOOD_TRACE ? await controlProbes(browser, () => flooding) : undefined;
    const probing = (async () => {
      while (flooding) {
        const t = Date.now();
        await panel.evaluate(() => 0);
        probes.push(Date.now() - t);
        notePeaks();
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const profiled =
      process.env.ASI_FLOOD_PROFILE === 'trace'
        ? traceLongTasks(browser, (seconds * 1000) / 2)
        : process.env.ASI_FLOOD_PROFILE === 'long' ? await longStretches(panel) : process.env.ASI_FLOOD_PROFILE ? profilePanel(panel, (seconds * 1000) / 2) : undefined;
    const allocations = process.env.ASI_FLOOD_ALLOC ? allocationsMidway(browser, panel, (seconds * 1000) / 2) : undefined;
    const shots = process.env.ASI_FLOOD_SHOT ? screenshots(panel, process.env.ASI_FLOOD_SHOT, seconds * 750) : undefined;
    const sent = await flood(ws, rate, seconds);
    await shots;
    if (typeof profiled === 'function') console.error(await profiled());
    else if (profiled) console.error(await profiled);
    if (allocations) console.error(await allocations);
    if (process.env.ASI_FLOOD_PROFILE) {
      const heap = await panel.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 1e6);
      const nodes = await panel.evaluate(() => document.getElementsByTagName('*').length);
      const text = await panel.evaluate(() => document.body.textContent?.length ?? 0);
      console.error(`panel JS heap ${heap.toFixed(0)} MB, ${nodes} elements, ${text} characters of text; extension RSS ${rssByRole(browser.profileDir).extension.toFixed(0)} MB`);
    }
    const floodEnd = Date.now();
    if (controls) console.error(await controls());
    if (process.env.ASI_FLOOD_TRACE) {
      const cpu = cpuBetween(cpuBefore, snapshotCpu(browser.profileDir));
      const tasks = ((await panel.evaluate('window.__longTasks').catch(() => [])) as number[]).sort((a, b) => b - a);
      console.error(`CPU s over the flood: ${Object.entries(cpu).filter(([, ms]) => ms > 0).map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)}`).join(', ')}`);
      console.error(`panel long tasks: ${tasks.length}, ${tasks.reduce((a, b) => a + b, 0)} ms in all, longest ${tasks.slice(0, 12).join(' ')} ms`);
    }
    const pageFrames = await page.evaluate(() => (window as unknown as { __done: Promise<number> }).__done);
    flooding = false;
    await probing;
    trace?.stop();
    const hubTab = async () => (await browser.serviceWorker!.evaluate(async (id: number) => (await (globalThis as unknown as DebugTabs).__asiDebug.tabs()).find((t) => t.tabId === id), tabId))!;
    const counter = (id: string) => panel.evaluate((testId) => Number(document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-count') ?? 0), id);
    let letGo = 0;
    let hub = await hubTab();
    let shown = -1;
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 500));
      const next = await hubTab();
      shown = await counter('frame-count');
      letGo = await counter('let-go');
      const waiting = await counter('waiting');
      notePeaks();
      // Caught up: the panel shows the hub's frames, or the newest of them and counts the older ones it let go.
      const caughtUp = shown === next.frames || (letGo > 0 && waiting === 0 && shown + letGo >= next.frames);
      if (next.nextIndex === hub.nextIndex && next.dropped === hub.dropped && caughtUp) {
        hub = next;
        break;
      }
      hub = next;
    }
    const settleMs = Date.now() - floodEnd;
    if (process.env.ASI_FLOOD_TRACE) {
      const session = await browser.context.newCDPSession(panel);
      await session.send('HeapProfiler.collectGarbage');
      const panelHeap = ((await session.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1e6;
      const swHeap = await (await workerHeap(browser)).usedMb(true);
      console.error(`settled, after GC: SW heap ${swHeap.toFixed(0)} MB, panel heap ${panelHeap.toFixed(0)} MB, ext RSS ${rssByRole(browser.profileDir).extension.toFixed(0)} MB`);
    }
    const coalesced = hub.coalesced ?? 0;
    // Frames below firstIndex were trimmed by the hub's bound (counted in `dropped` with the relay's).
    const relayDropped = hub.dropped - hub.firstIndex;
    // The hook records the socket's open as a frame too; the page's count has only messages and the close.
    const lostUncounted = pageFrames + 1 - hub.nextIndex - relayDropped - coalesced;
    const text = (await panel.locator('.toolbar, [data-testid="toolbar"]').first().textContent().catch(() => '')) ?? '';
    const shows = (n: number) => n === 0 || text.includes(String(n));
    const sorted = [...probes].sort((a, b) => a - b);
    return {
      rate,
      seconds,
      sent,
      pageFrames,
      hubTaken: hub.nextIndex,
      hubHeld: hub.frames,
      dropped: hub.dropped,
      coalesced,
      lostUncounted,
      panelFrames: shown,
      panelLetGo: letGo,
      panelMissing: Math.max(0, hub.frames - shown - letGo),
      panelShowsCounts: shows(hub.dropped) && shows(coalesced) && shows(letGo),
      probeP50Ms: percentile(sorted, 0.5),
      probeP95Ms: percentile(sorted, 0.95),
      probeMaxMs: sorted.at(-1) ?? NaN,
      probes: sorted.length,
      extensionPeakMb: peak,
      extensionPeakPrivateMb: peakPrivate,
      settleMs,
    };
  } finally {
    await browser.close();
    wss.close();
    server.close();
  }
}

if (process.argv[1]?.endsWith('flood.ts')) {
  console.log(await benchFlood(Number(process.env.ASI_FLOOD_RATE ?? 10_000), Number(process.env.ASI_FLOOD_SECONDS ?? 60)));
}
