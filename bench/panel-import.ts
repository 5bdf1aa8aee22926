// Import of a 100,000-frame capture in the real panel page (the built extension in Chromium, offline,
// no tab), timed inside the page from the file input's change: to the first timeline row drawn (first
// render), to every frame in the log, and to the end of the import (every session's findings and
// view in), with the panel's long tasks meanwhile; against reading and JSON.parse of the same file in
// the same page (median of three). Needs .output/chrome-mv3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toCaptureFile } from '../src/capture-format/capture-format';
import { launchBrowser } from '../test/e2e/support/launch';
import { generateFlatSession } from './flat-session';
import { profileHottestFunctions } from './cpu-profile';

export interface PanelImportBench {
  frames: number;
  bytes: number;
  /** File chosen → first timeline row in the DOM. */
  firstRenderMs: number;
  /** File chosen → the frame counter shows every frame. */
  allFramesMs: number;
  /** File chosen → the import ended: every session's findings and rendering in. */
  allFindingsMs: number;
  readAndParseMs: number;
  ratio: number;
  allFindingsRatio: number;
  longestTaskMs: number;
  longTasks: number;
}

interface PageTimes {
  first: number;
  all: number;
  done: number;
  tasks: number[];
}

export async function benchPanelImport(count = 100_000): Promise<PanelImportBench> {
  const frames = generateFlatSession(count).slice(0, count);
  const text = JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames }, { redact: false }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asi-import-')), 'session.asi.json');
  fs.writeFileSync(file, text);
  const browser = await launchBrowser({ extension: true });
  try {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/panel.html`);
    // As text: the bench runs through tsx, whose helpers for named functions do not exist in the page.
    await page.evaluate(`(() => {
      const times = { tasks: [] };
      window.importTimes = times;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) times.tasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask' });
      // Capture phase on the document: before the panel's own handler starts the import.
      document.addEventListener('change', () => (times.start ??= performance.now()), true);
      new MutationObserver(() => {
        const now = performance.now();
        if (times.start === undefined) return;
        if (times.first === undefined && document.querySelector('[data-testid="frame-row"]')) times.first = now;
        if (times.all === undefined && document.querySelector('[data-testid="frame-count"][data-count="${count}"]')) times.all = now;
        if (times.first !== undefined && times.done === undefined && !document.querySelector('[data-testid="import-progress"]')) times.done = now;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    const profiling = process.env.ASI_IMPORT_PROFILE ? await profileHottestFunctions(page) : undefined;
    await page.locator('input.import-file').setInputFiles(file);
    const times = await page.waitForFunction(() => {
      const t = (window as unknown as { importTimes: { start?: number; first?: number; all?: number; done?: number; tasks: { at: number; ms: number }[] } }).importTimes;
      if (t.start === undefined || t.first === undefined || t.all === undefined || t.done === undefined) return undefined;
      const start = t.start;
      return { first: t.first - start, all: t.all - start, done: t.done - start, tasks: t.tasks.filter((x) => x.at >= start && x.at <= start + (t.done as number)).map((x) => x.ms) };
    }, undefined, { timeout: 180_000, polling: 100 });
    const measured = (await times.jsonValue()) as PageTimes;
    if (profiling) console.error(await profiling());
    // The baseline reads the same file through an input of its own (the panel resets its input).
    await page.evaluate(() => {
      const probe = document.createElement('input');
      probe.type = 'file';
      probe.id = 'bench-probe';
      document.body.append(probe);
    });
    await page.locator('#bench-probe').setInputFiles(file);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(
        await page.evaluate(async () => {
          const chosen = document.querySelector<HTMLInputElement>('#bench-probe')?.files?.[0];
          if (!chosen) return NaN;
          const t = performance.now();
          JSON.parse(await chosen.text());
          return performance.now() - t;
        }),
      );
    }
    const readAndParseMs = runs.sort((a, b) => a - b)[1] as number;
    return {
      frames: count,
      bytes: text.length,
      firstRenderMs: measured.first,
      allFramesMs: measured.all,
      allFindingsMs: measured.done,
      readAndParseMs,
      ratio: measured.first / readAndParseMs,
      allFindingsRatio: measured.done / readAndParseMs,
      longestTaskMs: Math.max(0, ...measured.tasks),
      longTasks: measured.tasks.length,
    };
  } finally {
    await browser.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
