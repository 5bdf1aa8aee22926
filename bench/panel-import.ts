// Import of a 100,000-frame capture in the real panel page (the built extension in Chromium, offline,
// no tab): time from choosing the file to the first rendered timeline row with every frame counted,
// against reading and JSON.parse of the same file in the same page. Needs .output/chrome-mv3.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toCaptureFile } from '../src/capture-format/capture-format';
import { launchBrowser } from '../test/e2e/support/launch';
import { generateFlatSession } from './flat-session';

export interface PanelImportBench {
  frames: number;
  bytes: number;
  importToFirstRenderMs: number;
  readAndParseMs: number;
  ratio: number;
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
    const input = page.locator('input.import-file');
    const start = Date.now();
    await input.setInputFiles(file);
    await page.waitForSelector(`[data-testid="frame-count"][data-count="${count}"]`, { timeout: 120_000 });
    await page.waitForSelector('[data-testid="frame-row"]');
    const importToFirstRenderMs = Date.now() - start;
    // The baseline reads the same file through an input of its own (the panel resets its input).
    await page.evaluate(() => {
      const probe = document.createElement('input');
      probe.type = 'file';
      probe.id = 'bench-probe';
      document.body.append(probe);
    });
    await page.locator('#bench-probe').setInputFiles(file);
    const readAndParseMs = await page.evaluate(async () => {
      const chosen = document.querySelector<HTMLInputElement>('#bench-probe')?.files?.[0];
      if (!chosen) return NaN;
      const t = performance.now();
      JSON.parse(await chosen.text());
      return performance.now() - t;
    });
    return { frames: count, bytes: text.length, importToFirstRenderMs, readAndParseMs, ratio: importToFirstRenderMs / readAndParseMs };
  } finally {
    await browser.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
