// A2A in the real DevTools panel, on the demo's agent-to-agent page: `@a2a-js/sdk`'s client bundled
// into the page, talking to the SDK's own server on 127.0.0.1. The clean page gets no error and no
// warning, and the panel shows the question the task asked, answered, and the forecast artifact;
// each buggy backend gets its rule. Writes test/e2e/screenshots/a2a-clean.png.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { A2A_QUESTION, A2A_VARIANTS, a2aForecast } from '../../demo/a2a/agent';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';

const env = demoInDevTools();

async function runPage(variant: string): Promise<InDevTools> {
  const d = await openWithPanel(env.browser, `${env.demo.url}agent-to-agent.html?variant=${variant}`);
  await d.page.locator('#start').click();
  await d.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
  return d;
}

const countOf = async (panel: PwFrame, severity: string) => Number(/^\d+/.exec((await panel.locator(`.counts .count.sev-${severity}`).textContent()) ?? '')?.[0] ?? NaN);
const shownRules = (panel: PwFrame) => panel.locator('.finding-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule') ?? ''));

describe.sequential('A2A in the real DevTools panel, on the demo agent-to-agent page', () => {
  it('clean: the question asked and answered, the forecast artifact, no error and no warning', async () => {
    const d = await runPage('clean');
    expect(await d.page.locator('.error').count()).toBe(0);
    const forecast = `forecast: ${a2aForecast('Oslo').join('')}`;
    const rendering = d.panel.locator('[data-testid="rendering"]');
    await until(() => rendering.locator('.text-body').allTextContents(), (texts) => texts.some((t) => t.includes(forecast)), 'the forecast in the rendering');
    expect(await rendering.locator('.question').first().textContent()).toContain(A2A_QUESTION);
    expect(await rendering.locator('.question').first().getAttribute('class')).toContain('question-answered');
    expect(await d.panel.locator('[data-testid="rendering"] .protocol').first().textContent()).toBe('a2a');
    expect([await countOf(d.panel, 'error'), await countOf(d.panel, 'warning')]).toEqual([0, 0]);
    await d.frontend.screenshot({ path: path.join(SCREENSHOTS, 'a2a-clean.png') });
    await d.page.close();
  }, 120_000);

  for (const [variant, { rule }] of Object.entries(A2A_VARIANTS)) {
    it(`${variant}: the panel reports ${rule}`, async () => {
      const d = await runPage(variant);
      await d.panel.locator('[data-tab="findings"]').click();
      await until(() => shownRules(d.panel), (rules) => rules.includes(rule), `${rule} in the Findings tab`);
      await d.page.close();
    }, 120_000);
  }
});
