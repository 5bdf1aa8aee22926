// The demo's MCP page in the real DevTools panel: the official SDK's Client, bundled into the page,
// against the SDK's own McpServer over Streamable HTTP on 127.0.0.1 (a tool with progress, one with an
// elicitation the user answers). The clean run has no error and no warning and the panel renders the
// results the client got; each buggy backend (the server's answer altered on its way out) shows its
// rule, and what the client did with it agrees with the rule's severity.
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { mcpVariants, type McpVariant } from '../../demo/mcp/buggy-variants';
import type { McpRun } from '../../demo/mcp/page';
import { mcpRules } from '../../src/protocols/mcp/rules';
import { demoInDevTools } from './support/demo-in-devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';
import { settledFrames, tabIdOf } from './support/panel-page';

const env = demoInDevTools();

const frameCount = (panel: PwFrame) => panel.locator('[data-testid="frame-count"]').getAttribute('data-count').then(Number);
const count = async (panel: PwFrame, severity: string) => Number(/^\d+/.exec((await panel.locator(`.counts .count.sev-${severity}`).textContent()) ?? '')?.[0] ?? NaN);

/** Runs the page's client to its end, answering the server's question with Paris. */
async function runPage(variant: McpVariant): Promise<{ d: InDevTools; run: McpRun }> {
  const d = await openWithPanel(env.browser, `${env.demo.url}mcp.html?variant=${variant.id}`);
  await d.page.click('#start');
  await d.page.locator('button[data-choice="Paris"]').click({ timeout: 20_000 });
  await d.page.waitForFunction(() => window.__mcpRun?.done === true, null, { timeout: 20_000 });
  const run = (await d.page.evaluate(() => window.__mcpRun))!;
  const frames = (await settledFrames(env.browser, await tabIdOf(env.browser, d.page))).length;
  await until(() => frameCount(d.panel), (n) => n === frames, `${frames} frames in the panel`);
  return { d, run };
}

/** The findings the panel lists, as `rule severity`. */
async function findings(panel: PwFrame): Promise<string[]> {
  await panel.locator('[data-tab="findings"]').click();
  await panel.locator('[data-testid="findings"], .findings.empty').first().waitFor();
  return panel.locator('[data-testid="findings"] li.finding-row').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-rule')} ${r.querySelector('.finding-severity')?.textContent}`));
}

const severityOf = (rule: string) => mcpRules.find((r) => r.id === rule)!.severity;

describe.sequential('the MCP demo page (official client and server) in the real DevTools panel', () => {
  it('clean: one MCP session, 0 errors and 0 warnings, the results the client got rendered', async () => {
    const { d, run } = await runPage(mcpVariants[0]!);
    expect(run.calls).toEqual([
      { name: 'get_weather', text: 'Sunny in Oslo, 21 °C' },
      { name: 'book_trip', text: 'Booked a trip to Paris' },
    ]);
    expect(run.progress).toEqual([1, 2, 3]);
    expect(run.clientErrors).toEqual([]);
    await until(() => d.panel.locator('[data-testid="rendering"] .protocol').textContent(), (p) => p === 'mcp', 'the MCP rendering');
    expect([await count(d.panel, 'error'), await count(d.panel, 'warning')]).toEqual([0, 0]);
    // The rendering draws each call as the reference UI does (a status dot and its label), the
    // elicitation as an answered question; the timeline's rows show each result's text.
    const rendering = d.panel.locator('[data-testid="rendering"]');
    await until(() => rendering.locator('.tool').evaluateAll((els) => els.map((e) => `${e.querySelector('.tool-name')?.textContent} ${e.querySelector('.dot')?.getAttribute('aria-label')}`)), (t) => t.join() === 'get_weather success,book_trip success', 'both calls done');
    expect(await rendering.textContent()).toContain('Where to?');
    expect(await rendering.textContent()).toContain('Answer: Paris');
    const rows = await d.panel.locator('[data-testid="frame-row"]').allTextContents();
    expect(rows.some((r) => r.includes('Sunny in Oslo, 21 °C'))).toBe(true);
    expect(rows.some((r) => r.includes('Booked a trip to Paris'))).toBe(true);
    expect(await findings(d.panel)).toEqual([]);
    await d.page.close();
  }, 120_000);

  it.each(mcpVariants.filter((v) => v.rule))('buggy backend "$id": the panel reports $rule', async (variant) => {
    const { d, run } = await runPage(variant);
    const rule = variant.rule!;
    const severity = severityOf(rule);
    const shown = await findings(d.panel);
    expect(shown).toContain(`${rule} ${severity}`);
    // Nothing else is wrong with the run: every error or warning is the variant's rule.
    expect(shown.filter((f) => !f.endsWith(' info') && !f.startsWith(`${rule} `))).toEqual([]);
    // The client agrees: where the rule is an error or a failed call, the client threw or dropped the message.
    const weather = run.calls.find((c) => c.name === 'get_weather')!;
    if (rule === 'mcp/invalid-result' || rule === 'mcp/error-response') expect(weather.error).toBeDefined();
    else expect(weather.text).toBe('Sunny in Oslo, 21 °C');
    if (['mcp/invalid-json', 'mcp/invalid-message', 'mcp/response-unknown-id', 'mcp/duplicate-response', 'mcp/progress-after-result', 'mcp/progress-unknown-token'].includes(rule)) {
      expect(run.clientErrors.length, 'the client reported the dropped message').toBeGreaterThan(0);
    }
    expect(run.calls.find((c) => c.name === 'book_trip')).toEqual({ name: 'book_trip', text: 'Booked a trip to Paris' });
    await d.page.close();
  }, 120_000);
});
