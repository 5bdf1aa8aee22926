// The tool loop across requests in the real DevTools panel, on the demo's tool-loop chat: each buggy
// variant's rule is shown at its turn in the Conversation tab, listed with its session's findings and
// marked on the timeline; each clean twin gets no error and no warning at all. The stalled loop is
// reported while the tab stays open, without the capture ending. Writes screenshots of the Conversation
// tab, docked and undocked, light and dark, into test/e2e/screenshots/tool-loop-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { toolLoopVariants } from '../../demo/tool-loop';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { setTheme } from './support/devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';

/** The panel's default wait before a live loop with no follow-up is reported (DEFAULT_STALL_AFTER_MS), with room for a loaded machine. */
const STALL_WAIT_MS = 60_000;

const env = demoInDevTools();

/** Runs a variant of the page to its end with the panel open; returns how many requests the page sent. */
async function runVariant(id: string): Promise<{ d: InDevTools; requests: number }> {
  const d = await openWithPanel(env.browser, `${env.demo.url}tool-loop.html?variant=${id}`);
  await d.page.locator('#start').click();
  await d.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
  const requests = Number(await d.page.evaluate(() => document.body.dataset.requests));
  return { d, requests };
}

/** Opens the Conversation tab once the panel has joined every request of the run. */
async function conversationOf(panel: PwFrame, requests: number): Promise<void> {
  await until(() => panel.locator('[data-tab="conversation"]').count(), (n) => n === 1, 'the Conversation tab');
  await panel.locator('[data-tab="conversation"]').click();
  await until(
    () => panel.locator('.turn').evaluateAll((turns) => Math.max(0, ...turns.map((t) => Number(t.getAttribute('data-request'))))),
    (n) => n === requests,
    `${requests} requests in the conversation`,
  );
}

const turnRules = (panel: PwFrame) => panel.locator('.turn-finding').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule') ?? ''));
const countOf = async (panel: PwFrame, severity: string) => Number(/^\d+/.exec((await panel.locator(`.counts .count.sev-${severity}`).textContent()) ?? '')?.[0] ?? NaN);

describe.sequential('the tool loop in the real DevTools panel, on the demo tool-loop chat', () => {
  for (const variant of toolLoopVariants.filter((v) => v.rules)) {
    it(`${variant.id}: shows ${variant.rules!.join(' and ')} at its turn, in the session's findings and on the timeline`, async () => {
      const { d, requests } = await runVariant(variant.id);
      await conversationOf(d.panel, requests);
      const rule = variant.rules![0]!;
      await until(() => turnRules(d.panel), (rules) => rules.includes(rule), `${rule} in the Conversation tab`, rule.endsWith('loop-stalled') ? STALL_WAIT_MS : 20_000);
      // Only the variant's rules across requests: every variant makes one mistake.
      expect(new Set((await turnRules(d.panel)).filter((r) => r.includes('/loop-')))).toEqual(new Set(variant.rules));
      if (variant.id === 'stalled') expect(requests).toBe(1);
      if (variant.id === 'too-deep') expect(requests).toBeGreaterThan(11);
      // The finding leads to its frame, and is listed with that session's own findings.
      await d.panel.locator(`.turn-finding[data-rule="${rule}"]`).first().click();
      const selected = Number(await until(() => d.panel.locator('[data-testid="frame-row"].selected').getAttribute('data-index'), (i) => i !== null, 'the selected frame'));
      expect(await d.panel.locator(`[data-testid="frame-row"][data-index="${selected}"] .marker`).getAttribute('class')).toMatch(/sev-(error|warning)/);
      await d.panel.locator('[data-tab="findings"]').click();
      await until(() => d.panel.locator(`.finding-row[data-rule="${rule}"]`).count(), (n) => n > 0, `${rule} in the Findings tab`);
      if (variant.id === 'missing-result') await screenshots(d, 'missing-result');
      await d.page.close();
    }, 120_000);
  }

  for (const variant of toolLoopVariants.filter((v) => !v.rules)) {
    it(`${variant.id}: the clean twin gets no error and no warning`, async () => {
      const { d, requests } = await runVariant(variant.id);
      expect(requests).toBeGreaterThan(1);
      await conversationOf(d.panel, requests);
      // The last request's answer is in: every stream ended.
      await until(() => d.panel.locator(`.turn[data-request="${requests}"][data-kind="answer"]`).count(), (n) => n === 1, 'the final answer');
      expect(await turnRules(d.panel)).toEqual([]);
      expect(await d.panel.locator('.turn[data-kind="waiting"]').count()).toBe(0);
      expect([await countOf(d.panel, 'error'), await countOf(d.panel, 'warning')]).toEqual([0, 0]);
      if (variant.id === 'clean-parallel') await screenshots(d, 'clean-parallel');
      await d.page.close();
    }, 120_000);
  }
});

/** The Conversation tab in the DevTools window, docked and undocked sizes, light and dark. */
async function screenshots(d: InDevTools, name: string): Promise<void> {
  await d.panel.locator('[data-tab="conversation"]').click();
  for (const theme of ['default', 'dark'] as const) {
    await d.frontend.evaluate(setTheme(theme));
    await until(() => d.panel.locator('.asi-panel').getAttribute('class'), (c) => (c ?? '').includes(theme === 'dark' ? 'theme-dark' : 'theme-light'), theme);
    for (const [width, height] of [
      [1280, 800],
      [560, 700],
    ] as const) {
      await d.frontend.setViewportSize({ width, height });
      await until(() => d.panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow')), (narrow) => narrow === width < 900, 'the layout');
      const layout = await d.panel.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
      expect(layout.scrollWidth, `${width}×${height}`).toBeLessThanOrEqual(layout.innerWidth);
      const file = path.join(SCREENSHOTS, `tool-loop-${name}-${width}x${height}-${theme === 'dark' ? 'dark' : 'light'}.png`);
      await d.frontend.screenshot({ path: file });
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    }
  }
  await d.frontend.evaluate(setTheme('default'));
  await d.frontend.setViewportSize({ width: 1280, height: 800 });
}
