// What the flood bench (flood.ts) can print on stderr besides its figures, each chosen by an environment
// variable there: the panel's hottest functions or its long busy stretches, a browser trace of its long
// tasks, the extension's memory every 5 s, probes of the browser alone and of a blank page, what the
// panel and the worker allocate, and screenshots. Kept apart so that the bench itself reads as what it
// measures.
import type { Page } from 'playwright-core';
import type { LaunchedBrowser } from '../test/e2e/support/launch';
import { PANEL_SIZE } from '../test/e2e/support/panel-page';
import { rssByRole, snapshotCpu } from './process-cpu';
import { allocatorSizes } from './memory-dump';
import { profileHottestFunctions, startCpuProfile } from './cpu-profile';
import { workerHeap } from './worker-heap';
import { allocationTop } from './alloc-profile';

export type DebugTabs = { __asiDebug: { tabs(): Promise<{ tabId: number; frames: number; dropped: number; firstIndex: number; nextIndex: number; coalesced?: number }[]> } };

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The panel's hottest functions (self time) over 5 s from `afterMs`: for finding where the time goes. */
export async function profilePanel(panel: Page, afterMs: number): Promise<string> {
  await new Promise((r) => setTimeout(r, afterMs));
  const stop = await profileHottestFunctions(panel);
  await new Promise((r) => setTimeout(r, 5000));
  return stop();
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string; data?: Record<string, unknown>; beginData?: { stackTrace?: { functionName: string; lineNumber: number }[] } } };

/**
 * ASI_FLOOD_PROFILE=trace: a browser trace of 5 s from `afterMs`, and each task of 50 ms or more on the
 * extension process's main thread (the panel's) told with what took its time (layout, style, GC, script).
 */
export async function traceLongTasks(browser: LaunchedBrowser, afterMs: number): Promise<string> {
  await new Promise((r) => setTimeout(r, afterMs));
  const cdp = await browser.context.browser()!.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'toplevel', 'disabled-by-default-devtools.timeline.stack'] },
    transferMode: 'ReportEvents',
  });
  await new Promise((r) => setTimeout(r, 5000));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const extensionPids = new Set([...snapshotCpu(browser.profileDir)].filter(([, p]) => p.role === 'extension').map(([pid]) => pid));
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && extensionPids.has(e.pid));
  if (!main) return 'trace: no main thread of the extension process';
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  // The outermost task events only (a task shows as RunTask inside ThreadControllerImpl::RunTask).
  const all = mine.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const tasks = all.filter((t, i) => !all.some((o, j) => j !== i && o.ts <= t.ts && o.ts + (o.dur as number) >= t.ts + (t.dur as number) && (o.dur as number) > (t.dur as number)));
  const out: string[] = [];
  let long = 0;
  let longMs = 0;
  for (const task of tasks) {
    if ((task.dur as number) < 50_000) continue;
    long++;
    longMs += (task.dur as number) / 1000;
    const inside = mine.filter((e) => !all.includes(e) && e.ts >= task.ts && e.ts + (e.dur as number) <= task.ts + (task.dur as number));
    // Time by event name (nested events count in each of their names: a FunctionCall inside v8.callFunction).
    const byName = new Map<string, number>();
    for (const e of inside) {
      let key = e.name;
      if (e.name === 'FunctionCall') key += ` ${String((e.args?.data as { functionName?: string } | undefined)?.functionName ?? '')}`;
      if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.args?.beginData?.stackTrace?.[0]) key += ` forced by ${e.args.beginData.stackTrace[0].functionName}`;
      byName.set(key, (byName.get(key) ?? 0) + (e.dur as number));
    }
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`);
    out.push(`  ${((task.dur as number) / 1000).toFixed(0)} ms: ${top.join(' | ')}`);
  }
  return [`extension main thread: ${tasks.length} tasks in 5 s, ${long} of 50 ms or more (${longMs.toFixed(0)} ms)`, ...out].join('\n');
}

/**
 * ASI_FLOOD_PROFILE=long: the panel profiled over the whole flood, and each stretch of 100 ms or more
 * without an idle sample (what a probe may wait behind) told with its busiest functions.
 */
export async function longStretches(panel: Page): Promise<() => Promise<string>> {
  const stop = await startCpuProfile(panel, 500);
  return async () => {
    const profile = await stop();
    const samples = profile.samples;
    const deltas = profile.timeDeltas;
    const out: string[] = [];
    let start = -1;
    let t = 0;
    let busy = new Map<string, number>();
    let total = 0;
    let stretches = 0;
    const close = (end: number) => {
      const ms = (end - start) / 1000;
      if (ms >= 100) {
        stretches++;
        total += ms;
        const top = [...busy].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, us]) => `${(us / 1000).toFixed(0)} ${k}`);
        out.push(`  ${ms.toFixed(0)} ms at ${(start / 1e6).toFixed(1)} s: ${top.join(' | ')}`);
      }
      start = -1;
      busy = new Map();
    };
    for (let i = 0; i < samples.length; i++) {
      const dt = deltas[i + 1] ?? 0;
      t += deltas[i] ?? 0;
      const idle = profile.node(samples[i]!)?.callFrame.functionName === '(idle)';
      if (idle) {
        if (start >= 0) close(t);
        continue;
      }
      if (start < 0) start = t;
      const key = profile.withCallers(samples[i]!, ' < ', false);
      busy.set(key, (busy.get(key) ?? 0) + dt);
    }
    if (start >= 0) close(t);
    return [`panel: ${stretches} stretches of 100 ms or more without idle, ${total.toFixed(0)} ms in all`, ...out].join('\n');
  };
}

/**
 * Every 5 s on stderr: the extension's resident memory, the panel's JS heap, its element and text
 * counts and the hub's frames, so what grows over a long flood can be told apart.
 */
export function traceMemory(browser: LaunchedBrowser, panel: Page, tabId: number): { stop(): void } {
  const start = Date.now();
  let on = true;
  let dumped = false;
  void (async () => {
    const heap = await workerHeap(browser);
    for (let first = true; on; first = false) {
      if (!first) await new Promise((r) => setTimeout(r, 5000));
      if (!on) break;
      const p = await panel
        .evaluate(() => ({
          heap: (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 1e6,
          heapTotal: (performance as unknown as { memory: { totalJSHeapSize: number } }).memory.totalJSHeapSize / 1e6,
          nodes: document.getElementsByTagName('*').length,
          text: document.body.textContent?.length ?? 0,
          shown: Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count') ?? 0),
        }))
        .catch(() => undefined);
      const hub = await browser
        .serviceWorker!.evaluate(async (id: number) => (await (globalThis as unknown as DebugTabs).__asiDebug.tabs()).find((t) => t.tabId === id), tabId)
        .catch(() => undefined);
      const swHeap = await heap.sizes();
      const rss = rssByRole(browser.profileDir);
      if (process.env.ASI_FLOOD_MEMDUMP && Date.now() - start > Number(process.env.ASI_FLOOD_MEMDUMP) * 1000 && !dumped) {
        dumped = true;
        for (const [pid, p] of snapshotCpu(browser.profileDir)) {
          if (p.role !== 'extension') continue;
          const top = (await allocatorSizes(browser, pid).catch((err: unknown) => [[String(err), 0] as [string, number]])).slice(0, 25);
          console.error(`extension process ${pid}: ${top.map(([n, mb]) => `${n} ${mb.toFixed(0)}`).join(', ')}`);
        }
      }
      console.error(
        `t=${((Date.now() - start) / 1000).toFixed(0)}s ext RSS ${rss.extension.toFixed(0)} MB (own ${rssByRole(browser.profileDir, 'private').extension.toFixed(0)}), page ${rss['page renderer'].toFixed(0)} MB, browser ${rss.browser.toFixed(0)} MB; ` +
          `panel heap ${p?.heap.toFixed(0)}/${p?.heapTotal.toFixed(0)} MB, ${p?.nodes} elements, ${p?.text} chars, shows ${p?.shown}; ` +
          `SW heap ${swHeap.used.toFixed(0)}/${swHeap.total.toFixed(0)} MB, hub ${hub?.frames} frames (${hub?.dropped} dropped)`,
      );
    }
  })();
  return { stop: () => (on = false) };
}

/** Probes the browser process (a protocol call it answers itself) and a blank page every 250 ms while `on()`; the returned function tells their times so far. */
export async function controlProbes(browser: LaunchedBrowser, on: () => boolean): Promise<() => Promise<string>> {
  const cdp = await browser.context.browser()!.newBrowserCDPSession();
  const blank = await browser.context.newPage();
  const times = { browser: [] as number[], blank: [] as number[] };
  const run = (async () => {
    while (on()) {
      let t = Date.now();
      await cdp.send('Browser.getVersion');
      times.browser.push(Date.now() - t);
      t = Date.now();
      await blank.evaluate(() => 0);
      times.blank.push(Date.now() - t);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  void run;
  // Read at the end of the flood (the probes go on until it is counted).
  return async () => {
    const line = (name: string, xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return `${name} median ${percentile(sorted, 0.5)} p95 ${percentile(sorted, 0.95)} max ${sorted.at(-1)} ms`;
    };
    return `control probes: ${line('browser', times.browser)}; ${line('blank page', times.blank)}`;
  };
}

/** What the panel and the service worker allocate over 5 s from `afterMs` (the top functions of each). */
export async function allocationsMidway(browser: LaunchedBrowser, panel: Page, afterMs: number): Promise<string> {
  const session = await browser.context.newCDPSession(panel);
  const worker = await workerHeap(browser);
  await new Promise((r) => setTimeout(r, afterMs));
  const panelCall = <T>(method: string, params?: object) => session.send(method as 'HeapProfiler.enable', params as never) as Promise<T>;
  const keep = process.env.ASI_FLOOD_ALLOC === 'promoted' || process.env.ASI_FLOOD_ALLOC === 'retained' ? process.env.ASI_FLOOD_ALLOC : 'all';
  const [inPanel, inWorker] = await Promise.all([allocationTop(panelCall, 5000, 20, keep), allocationTop(worker.call, 5000, 20, keep)]);
  return `panel: ${inPanel}\nservice worker: ${inWorker}`;
}

/** The panel as the user sees it `afterMs` into the flood, wide and docked narrow: PNGs in `dir`. */
export async function screenshots(panel: Page, dir: string, afterMs: number): Promise<void> {
  await new Promise((r) => setTimeout(r, afterMs));
  for (const size of [PANEL_SIZE, { width: 560, height: 700 }]) {
    await panel.setViewportSize(size);
    await new Promise((r) => setTimeout(r, 500));
    await panel.screenshot({ path: `${dir}/flood-${size.width}x${size.height}.png`, timeout: 60_000 });
  }
  await panel.setViewportSize(PANEL_SIZE);
}
