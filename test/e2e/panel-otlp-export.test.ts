// The panel's export menu, "OpenTelemetry (OTLP/JSON)", in the real DevTools panel on the demo's tool
// loop: the file it downloads is byte for byte what `otel` writes for the capture file the same menu
// downloads (its name in the ids, as `otel NAME` run beside it gives them). Saves the dialog as
// test/e2e/screenshots/export-otlp-1280x800.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Frame as PwFrame, Page } from 'playwright-core';
import { runCli } from '../../src/cli/test-support';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';

const env = demoInDevTools();

async function download(frontend: Page, panel: PwFrame, format: 'capture' | 'otlp'): Promise<{ name: string; text: string }> {
  await panel.locator('button.export').click();
  await panel.locator(`.export-dialog input.format-${format}`).check();
  if (format === 'otlp') await frontend.screenshot({ path: path.join(SCREENSHOTS, 'export-otlp-1280x800.png'), clip: { x: 0, y: 0, width: 1280, height: 300 } });
  const [file] = await Promise.all([frontend.waitForEvent('download') as Promise<Download>, panel.locator('.export-dialog button.download').click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
}

describe('OpenTelemetry export from the panel', () => {
  it('downloads what otel writes for the panel’s own export', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}tool-loop.html?variant=clean`);
    await d.page.locator('#start').click();
    await d.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });

    // The page is done before the panel has every frame: wait for each request's session to be done,
    // then take both files between two equal frame counts (a connection's close may still come in).
    const requests = Number(await d.page.evaluate(() => document.body.dataset.requests));
    await d.panel.locator('[data-testid="session-button"]').click();
    const states = () => d.panel.locator('[data-testid="sessions"] .session-state').allTextContents();
    await until(states, (all) => all.length === requests && all.every((t) => t === 'done'), 'every request\'s session done');
    await d.panel.locator('[data-testid="session-button"]').click();
    const frameCount = () => d.panel.locator('[data-testid="frame-count"]').getAttribute('data-count');
    let capture: { name: string; text: string };
    let otlp: { name: string; text: string };
    for (let attempt = 1; ; attempt++) {
      const before = await frameCount();
      capture = await download(d.frontend, d.panel, 'capture');
      otlp = await download(d.frontend, d.panel, 'otlp');
      if ((await frameCount()) === before) break;
      if (attempt === 5) throw new Error('frames kept arriving while the files were taken');
    }
    expect(capture.name).toMatch(/^agent-streams-.*\.asi\.json$/);
    expect(otlp.name).toMatch(/^agent-streams-.*\.otlp\.json$/);

    // The capture file under the name the OTLP export was made from, and `otel NAME` run beside it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-otlp-'));
    const name = otlp.name.replace(/\.otlp\.json$/, '.asi.json');
    fs.writeFileSync(path.join(dir, name), capture.text);
    const cwd = process.cwd();
    process.chdir(dir);
    let r;
    try {
      r = await runCli(['otel', name]);
    } finally {
      process.chdir(cwd);
    }
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(otlp.text).toBe(r.stdout);

    // A real trace: the loop's requests as client spans, its tool calls as child spans.
    const spans = (JSON.parse(otlp.text) as { resourceSpans: { scopeSpans: { spans: { kind: number; name: string }[] }[] }[] }).resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(spans.filter((s) => s.kind === 3)).toHaveLength(requests);
    expect(spans.filter((s) => s.kind === 1).length).toBeGreaterThan(0);
    await d.page.close();
  }, 120_000);
});
