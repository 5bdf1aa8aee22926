// A 20,000-frame capture opened in the panel page (the built extension in Chromium, offline): it is read
// by the import worker, its rows show while the file is still being read, and when the import ends the
// frame count is exact and the findings are those `check` gives for the same file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { check } from '../../src/api/check';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { generateFlatSession } from '../../bench/flat-session';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { importInPanel, showTab } from './support/panel-page';

const FRAMES = 20_000;

let browser: LaunchedBrowser;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-import-'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A long valid flat-block session with a few wrong events in it, so there are findings to compare. */
function generatedCapture(): string {
  const frames = generateFlatSession(FRAMES).slice(0, FRAMES);
  for (const at of [3_000, 9_000, 15_000]) frames[at] = { ...frames[at]!, data: '{"type":"content_block_delta","index":77,"delta":{"text":"stray"}}' };
  return JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames }, { redact: false }));
}

it('reads a 20,000-frame capture in a worker: rows before the end, exact counts, the findings of check', async () => {
  const text = generatedCapture();
  const file = path.join(tmp, 'long-session.asi.json');
  fs.writeFileSync(file, text);
  const page = await browser.context.newPage();
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`chrome-extension://${browser.extensionId}/panel.html`);
  // What the page shows when the first timeline row appears: whether the import was still going, and how far.
  await page.evaluate(() => {
    const seen: { importing?: boolean; frames?: number; thread?: string | null } = {};
    (window as unknown as { firstRow: typeof seen }).firstRow = seen;
    new MutationObserver(() => {
      if (seen.importing !== undefined || !document.querySelector('[data-testid="frame-row"]')) return;
      const progress = document.querySelector('[data-testid="import-progress"]');
      seen.importing = progress !== null;
      seen.frames = Number(progress?.getAttribute('data-frames'));
      seen.thread = progress?.getAttribute('data-thread');
    }).observe(document.body, { subtree: true, childList: true });
  });
  await importInPanel(page, file);

  expect(workers.some((url) => /import-worker[^/]*\.js$/.test(url))).toBe(true);
  const firstRow = await page.evaluate(() => (window as unknown as { firstRow: { importing?: boolean; frames?: number; thread?: string } }).firstRow);
  expect(firstRow.importing).toBe(true);
  expect(firstRow.thread).toBe('worker');
  expect(firstRow.frames).toBeGreaterThan(0);
  expect(firstRow.frames).toBeLessThan(FRAMES);
  expect(await page.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(FRAMES));
  expect(await page.locator('[data-testid="import-error"]').count()).toBe(0);

  const [expected] = check(text);
  expect(expected!.frames).toBe(FRAMES);
  expect(expected!.findings.length).toBeGreaterThan(0);
  await showTab(page, 'findings');
  const rows = page.locator('[data-testid="findings"] li.finding-row');
  await expect.poll(() => rows.count()).toBe(expected!.findings.length);
  const shown = await rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-rule')} ${e.querySelector('.finding-message')?.textContent ?? ''}`));
  expect(shown.sort()).toEqual(expected!.findings.map((f) => `${f.rule} ${f.message}`).sort());
  await page.close();
});
