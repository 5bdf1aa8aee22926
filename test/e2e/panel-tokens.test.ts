// Tokens and cost in the real DevTools panel, on the demo's tool-loop chat (its model stand-in reports
// OpenAI's closing usage chunk for "gpt-4o-mini"): each session's Tokens and Cost figures, the figures
// each conversation turn shows for its request and the waterfall's tooltip on the request's lane equal
// what `stats --json` says of the panel's own export of the capture; a Cohere stream is priced on its
// billed units, and says so. Saves screenshots of the turns with
// their tokens docked right at 550 px, at the bottom at 300 px and undocked, light and dark.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { formatUsd, PRICE_TABLE } from '../../src/analysis/usage/price';
import { statsCommand, type StatsResult } from '../../src/cli/stats-command';
import { demoInDevTools } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';
import { chooseSession, exported, sessionsInPicker } from './support/panel-in-devtools';
import { shootLayouts, type ShotOptions } from './support/layout-shots';

const env = demoInDevTools();

async function statsOf(text: string): Promise<StatsResult[]> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'asi-tokens-')), 'export.json');
  await writeFile(file, text);
  let stdout = '';
  const code = await statsCommand.run({ values: { json: true }, positionals: [file] }, { stdout: (t) => (stdout += t), stderr: () => undefined });
  expect(code).toBe(0);
  return JSON.parse(stdout) as StatsResult[];
}

describe('tokens and cost in the real DevTools panel', () => {
  it('shows each session’s tokens and cost as stats --json reads them from the export', async () => {
    const d = await openWithPanel(env.browser, `${env.demo.url}tool-loop.html?variant=clean`);
    await d.page.locator('#start').click();
    await d.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
    const requests = Number(await d.page.evaluate(() => document.body.dataset.requests));
    expect(requests).toBeGreaterThan(1);
    const stats = await until(
      async () => statsOf((await exported(d.panel)).text),
      (list) => list.length === requests && list.every((s) => s.metrics.tokens !== undefined),
      `${requests} sessions with their usage in the export`,
    );
    const sessions = (await sessionsInPicker(d.panel)).filter((s) => s.id !== '');
    expect(sessions).toHaveLength(requests);
    for (const s of sessions) {
      await chooseSession(d.panel, s.id);
      const expected = stats.find((r) => r.session === s.id)?.metrics;
      if (!expected) throw new Error(`stats has no session ${s.id}: ${stats.map((r) => r.session).join(', ')}`);
      expect(expected.cost?.model).toBe('gpt-4o-mini');
      await until(() => d.panel.locator('[data-testid="metric-cost"]').getAttribute('data-value'), (v) => v === String(expected.cost!.usd), `session ${s.id}'s cost`);
      expect(await d.panel.locator('[data-testid="metric-tokens"]').getAttribute('data-value')).toBe(`${expected.tokens!.input} in · ${expected.tokens!.output} out`);

      // The waterfall: the request's lane carries the same figures, and its tooltip says them.
      await d.panel.locator('[data-tab="waterfall"]').click();
      const lane = d.panel.locator('[data-testid="waterfall-lanes"] li[data-lane="connection"]');
      await until(() => lane.count(), (n) => n === 1, `session ${s.id}'s request lane`);
      expect(await lane.evaluate((li) => ({ ...(li as HTMLElement).dataset }))).toMatchObject({ input: String(expected.tokens!.input), output: String(expected.tokens!.output), cost: String(expected.cost!.usd) });
      const y = Number(await lane.getAttribute('data-y'));
      await d.panel.locator('[data-testid="waterfall"] canvas').hover({ position: { x: 20, y: y + 9 } });
      const tip = (await d.panel.locator('[data-testid="waterfall-tip"]').textContent()) ?? '';
      for (const part of [`${expected.tokens!.input} in`, `${expected.tokens!.output} out`, formatUsd(expected.cost!.usd), expected.cost!.model, PRICE_TABLE]) expect(tip).toContain(part);
    }

    // The conversation: each request's first answering turn says its tokens and cost.
    await d.panel.locator('[data-tab="conversation"]').click();
    const turns = await until(() => turnFigures(d.panel), (list) => list.length === requests && list.every((t) => t.cost !== ''), `${requests} turns with their figures`);
    expect(new Set(turns.map((t) => t.session)).size).toBe(requests);
    for (const t of turns) {
      const expected = stats.find((r) => r.session === t.session)!.metrics;
      expect([t.input, t.output, t.cost]).toEqual([String(expected.tokens!.input), String(expected.tokens!.output), String(expected.cost!.usd)]);
      for (const part of [`${expected.tokens!.input} in`, `${expected.tokens!.output} out`, formatUsd(expected.cost!.usd), PRICE_TABLE]) expect(t.text).toContain(part);
    }
    await shootLayouts(d, 'turn-tokens', TURNS);
    await d.page.close();
  }, 120_000);

  it('prices a Cohere stream on its billed units, as stats does, and says so', async () => {
    // The demo's Cohere stream reports 500 input and 30 output tokens, of which 20 and 12 are billed.
    const d = await openWithPanel(env.browser, `${env.demo.url}?protocol=${encodeURIComponent('cohere/sse')}`);
    await d.page.click('#start');
    const [expected] = await until(async () => statsOf((await exported(d.panel)).text), (list) => list.length === 1 && list[0]?.metrics.cost !== undefined, 'the priced session in the export');
    expect(expected?.metrics.cost?.billed).toEqual({ input: 20, output: 12 });
    const cost = d.panel.locator('[data-testid="metric-cost"]');
    await until(() => cost.getAttribute('data-value'), (v) => v === String(expected!.metrics.cost!.usd), 'the cost');
    expect(await d.panel.locator('[data-testid="metric-tokens"]').getAttribute('data-value')).toBe('500 in · 30 out');
    expect(await cost.getAttribute('title')).toContain('; billed 20 in, 12 out');
    await d.page.close();
  }, 120_000);
});

async function turnFigures(panel: PwFrame): Promise<Array<{ session: string; input: string; output: string; cost: string; text: string }>> {
  return panel.locator('[data-testid="turn-tokens"]').evaluateAll((els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return { session: d.session ?? '', input: d.input ?? '', output: d.output ?? '', cost: d.cost ?? '', text: e.textContent ?? '' };
    }),
  );
}

/** The Conversation tab with its turns' tokens, brought forward. */
const TURNS: ShotOptions = {
  show: async (panel) => {
    await panel.locator('[data-tab="conversation"]').click();
    await panel.locator('[data-testid="turn-tokens"]').first().scrollIntoViewIfNeeded();
  },
};
