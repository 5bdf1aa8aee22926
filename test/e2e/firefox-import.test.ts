// The Firefox build's panel page (moz-extension://, the extension page's own CSP) opens a capture file
// through its import worker: the worker starts there (not the in-thread fallback), the frame count is
// exact and the findings are those `check` gives for the same file.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/api/check';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { generateFlatSession } from '../../bench/flat-session';
import { FIREFOX_PATH, launchFirefox, waitInPage, type LaunchedFirefox } from './support/firefox';

const FRAMES = 5_000;
const hasFirefox = spawnSync(FIREFOX_PATH, ['--version']).status === 0;

let firefox: LaunchedFirefox;

beforeAll(async () => {
  if (hasFirefox) firefox = await launchFirefox();
}, 120_000);

afterAll(async () => {
  await firefox?.close();
});

describe.skipIf(!hasFirefox)(`Firefox import (needs ${FIREFOX_PATH})`, () => {
  it('reads a capture in the import worker, with the exact count and the findings of check', async () => {
    const frames = generateFlatSession(FRAMES).slice(0, FRAMES);
    frames[2_500] = { ...frames[2_500]!, data: '{"type":"content_block_delta","index":77,"delta":{"text":"stray"}}' };
    const text = JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames }, { redact: false }));
    const page = await firefox.openExtensionPage('panel.html');
    // The file goes in as the user's choice would: through the toolbar's file input.
    await page.evaluate((content: string) => {
      const seen: { thread?: string | null } = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const progress = document.querySelector('[data-testid="import-progress"]');
        if (progress && seen.thread === undefined) seen.thread = progress.getAttribute('data-thread');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
      const input = document.querySelector<HTMLInputElement>('input.import-file')!;
      const chosen = new DataTransfer();
      chosen.items.add(new File([content], 'long-session.asi.json'));
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, text);
    await waitInPage(page, (n: number) => document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count') === String(n) && !document.querySelector('[data-testid="import-progress"]'), FRAMES, 'the import');
    expect(await page.evaluate(() => (window as unknown as { seen: { thread?: string } }).seen.thread)).toBe('worker');
    expect(await page.evaluate(() => document.querySelector('[data-testid="import-error"], .import-error')?.textContent ?? null)).toBeNull();

    const [expected] = check(text);
    expect(expected!.findings.length).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector<HTMLElement>('[data-tab="findings"]')?.click());
    const shown = await page.evaluate(() => [...document.querySelectorAll('[data-testid="findings"] li.finding-row')].map((e) => `${e.getAttribute('data-rule')} ${e.querySelector('.finding-message')?.textContent ?? ''}`));
    expect(shown.sort()).toEqual(expected!.findings.map((f) => `${f.rule} ${f.message}`).sort());
    await page.close();
  }, 180_000);
});
