// One numbering, in the real DevTools panel on the demo: a navigation without preserve log starts a new
// capture whose first frame is #1, and with preserve log the numbers go on across it; either way the
// frame number of each finding in the panel is the one `check` prints for the panel's export.
import { describe, expect, it } from 'vitest';
import type { Page, Frame as PwFrame } from 'playwright-core';
import { runCli, tempFile } from '../../src/cli/test-support';
import { demoInDevTools } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';
import { exported } from './support/panel-in-devtools';
import { playToEnd, preserveLog, settledFrames, tabIdOf } from './support/panel-page';

const env = demoInDevTools();

const frameCount = (panel: PwFrame) => panel.locator('[data-testid="frame-count"]').getAttribute('data-count').then(Number);

/**
 * The number the timeline shows on the row of the capture's first frame (`index`): scrolled to the top
 * first (the timeline follows the tail), then the row is waited for, since the virtualised list draws
 * the top rows only once it has seen the scroll.
 */
async function firstRowNumber(panel: PwFrame, index: number): Promise<string> {
  await panel.locator('[data-testid="timeline"]').evaluate((el) => el.scrollTo({ top: 0 }));
  const first = panel.locator(`[data-testid="frame-row"][data-index="${index}"]`);
  await first.waitFor();
  return (await first.locator('.col-num').textContent()) ?? '';
}

/** Each finding of the Findings tab as `rule #N` (its first frame). */
async function panelFindings(panel: PwFrame): Promise<string[]> {
  await panel.locator('[data-tab="findings"]').click();
  return panel.locator('.finding-row').evaluateAll((rows) =>
    rows.map((r) => `${r.getAttribute('data-rule')} #${/#(\d+)/.exec(r.textContent ?? '')?.[1] ?? '-'}`),
  );
}

/** Each finding `check` reports on the panel's export, as `rule #N`. */
async function checkedFindings(panel: PwFrame): Promise<string[]> {
  const { text } = await exported(panel);
  const run = await runCli(['check', '--format', 'json', await tempFile('export.asi.json', text)]);
  const results = JSON.parse(run.stdout) as Array<{ findings: Array<{ location: string; rule: string }> }>;
  return results.flatMap((r) => r.findings.map((f) => `${f.rule} #${/^\d+/.exec(f.location)?.[0] ?? '-'}`));
}

/** Runs the demo's chat on the page to its end and waits until the panel holds what the hub holds. */
async function runChat(page: Page, panel: PwFrame): Promise<void> {
  await page.locator('#start').click();
  await playToEnd(page);
  const held = (await settledFrames(env.browser, await tabIdOf(env.browser, page))).length;
  await until(() => frameCount(panel), (n) => n === held, `the panel to show the hub's ${held} frames`);
}

describe.sequential('frame numbers in the real DevTools panel', () => {
  it('after a navigation (log cleared) the first frame is #1 and each finding has the number check prints for the export', async () => {
    const { page, panel } = await openWithPanel(env.browser, `${env.demo.url}?scenario=normal&transport=sse`);
    await runChat(page, panel);
    const before = await frameCount(panel);
    expect(before).toBeGreaterThan(10);
    await page.goto(`${env.demo.url}?scenario=todos&transport=sse&buggy=1`);
    // The new document's capture replaces the old one.
    await until(() => frameCount(panel), (n) => n < before, 'the log cleared by the navigation');
    await runChat(page, panel);
    expect((await exported(panel)).frames[0]?.index).toBe(0);
    expect(await firstRowNumber(panel, 0)).toBe('1');
    const shown = await until(() => panelFindings(panel), (f) => f.length > 0, 'the findings of the buggy run');
    const checked = await checkedFindings(panel);
    expect(shown.some((f) => f.startsWith('flat/todos-'))).toBe(true);
    for (const finding of shown) expect(checked).toContain(finding);
    await page.close();
  }, 120_000);

  it('with preserve log the numbers go on across the navigation, as the export numbers them', async () => {
    const { page, panel } = await openWithPanel(env.browser, `${env.demo.url}?scenario=normal&transport=sse`);
    await preserveLog(panel);
    await runChat(page, panel);
    const before = await frameCount(panel);
    await page.goto(`${env.demo.url}?scenario=todos&transport=sse&buggy=1`);
    await runChat(page, panel);
    expect(await frameCount(panel)).toBeGreaterThan(before);
    const { frames } = await exported(panel);
    expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => i));
    expect(await firstRowNumber(panel, frames[0]!.index)).toBe('1');
    const shown = await until(() => panelFindings(panel), (f) => f.some((x) => x.startsWith('flat/todos-')), 'the findings of the buggy run');
    // The buggy run's findings point past the first page's frames.
    expect(shown.filter((f) => f.startsWith('flat/todos-')).every((f) => Number(/#(\d+)/.exec(f)?.[1]) > before)).toBe(true);
    const checked = await checkedFindings(panel);
    for (const finding of shown) expect(checked).toContain(finding);
    await page.close();
  }, 120_000);
});
