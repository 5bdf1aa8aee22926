// Tokens and cost in the real DevTools panel, on the demo's tool-loop chat (its model stand-in reports
// OpenAI's closing usage chunk for "gpt-4o-mini"): each session's Tokens and Cost figures equal what
// `stats --json` says of the panel's own export of the capture.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statsCommand, type StatsResult } from '../../src/cli/stats-command';
import { demoInDevTools } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';
import { chooseSession, exported, sessionsInPicker } from './support/panel-in-devtools';

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
    }
    await d.page.close();
  }, 120_000);
});
