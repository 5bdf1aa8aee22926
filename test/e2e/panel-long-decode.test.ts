// A Gemini long decode over two requests in the real DevTools panel, on the demo's long-decode session
// (src/protocols/gemini/testdata/*-two-hop-decode*.sse): the first response stops at the per-request
// output cap (finishReason CONTINUATION) and the page, as @google/genai does, sends its continuationToken
// back; the second response is the rest of the answer. Each request is a session of the picker: the first
// says it is continued, with no finding; the second says what it continues and is no new answer (no
// brand). The buggy run leaves the token out of the chunk that stops (a warning) and the page resumes
// from the earlier checkpoint's. Saves screenshots of the first session's rendering docked right at 550
// px, at the bottom at 300 px and undocked at 1280×800, light and dark (test/e2e/screenshots, and
// ASI_LAYOUT_SHOTS when set).
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, playSession } from './support/demo-in-devtools';
import { dock, type DockedPanel } from './support/docked-panel';
import { shootLayouts, type ShotOptions } from './support/layout-shots';
import { chooseSession, sessionsInPicker } from './support/panel-in-devtools';

const env = demoInDevTools();

const showRendering = async (panel: PwFrame): Promise<void> => {
  const tab = panel.locator('[data-tab="rendering"]');
  if (await tab.isVisible()) await tab.click();
};

const RENDERING: ShotOptions = { show: showRendering, ready: (panel) => panel.locator('[data-testid="rendering"] .raw-item').first().waitFor() };

/** Plays the session (clean or buggy) and gives the ids of its two requests' sessions, in order. */
async function play(buggy: boolean): Promise<{ docked: DockedPanel; sessions: string[] }> {
  const docked = await playSession(env, 'gemini/long-decode', buggy);
  await dock(docked, 'undocked', 1280, 800);
  const rows = await sessionsInPicker(docked.panel, 3);
  const gemini = rows.filter((r) => r.protocol === 'gemini');
  expect(gemini.map((r) => r.connections)).toEqual([expect.stringMatching(/^POST \/v1beta\/models\/gemini-2\.5-pro:streamGenerateContent/), expect.stringMatching(/\(2\)$/)]);
  return { docked, sessions: gemini.map((r) => r.id) };
}

/** The rendering of one session: its answer texts (with their brand), its raw lines. */
async function rendering(panel: PwFrame, session: string): Promise<{ texts: string[]; brands: number; lines: string[] }> {
  await chooseSession(panel, session);
  await showRendering(panel);
  const root = panel.locator('[data-testid="rendering"]');
  await root.locator('.raw-item').first().waitFor();
  return {
    texts: (await root.locator('.assistant .text, .assistant-text').allTextContents()).map((t) => t.trim()),
    brands: await root.locator('.brand').count(),
    lines: (await root.locator('.raw-item').allTextContents()).map((t) => t.trim()),
  };
}

/** The findings list's rule ids and severities for the session in scope. */
async function findings(panel: PwFrame): Promise<Array<[string, string]>> {
  await panel.locator('[data-tab="findings"]').click();
  const rows = panel.locator('[data-testid="findings"] li.finding-row');
  const shown = (await rows.evaluateAll((els) => els.map((row) => [row.getAttribute('data-rule') ?? '', row.querySelector('.finding-severity')?.textContent ?? '']))) as Array<[string, string]>;
  await showRendering(panel);
  return shown;
}

describe('a Gemini long decode over two requests, in the panel', () => {
  it('clean: the first response is continued, the second continues it; no finding', async () => {
    const { docked, sessions } = await play(false);
    const panel = docked.panel;
    const second = await rendering(panel, sessions[1]!);
    expect(second.brands).toBe(0);
    expect(second.lines).toEqual([expect.stringMatching(/^continues the previous response \(this request sent back its continuationToken\)/)]);
    expect(await panel.locator('[data-testid="rendering"]').textContent()).toContain('Friday: 19°C and clear.');
    expect(await findings(panel)).toEqual([]);
    const first = await rendering(panel, sessions[0]!);
    expect(first.brands).toBe(1);
    expect(first.lines).toEqual([expect.stringMatching(/^continued in a new request \(finishReason CONTINUATION: the per-request output cap\)/)]);
    expect(await panel.locator('[data-testid="rendering"]').textContent()).toContain('Thursday: 16°C.');
    expect(await findings(panel)).toEqual([]);
    // Last: the picker is a menu that closes when the panel loses focus, and a DevTools window undocked
    // again after being docked does not get the focus back under the test's driver.
    await shootLayouts(docked, 'long-decode', RENDERING);
    await docked.page.close();
  }, 240_000);

  it('buggy: no token in the chunk that stops is a warning; the page resumes from the checkpoint and the rest still continues', async () => {
    const { docked, sessions } = await play(true);
    const panel = docked.panel;
    await chooseSession(panel, sessions[0]!);
    expect(await findings(panel)).toEqual([['gemini/continuation-without-token', 'warning']]);
    const second = await rendering(panel, sessions[1]!);
    expect(second.brands).toBe(0);
    expect(second.lines).toEqual([expect.stringMatching(/^continues the previous response/)]);
    expect(await findings(panel)).toEqual([]);
    await shootLayouts(docked, 'long-decode-buggy-rest', { ...RENDERING, only: ['right-550'] });
    await docked.page.close();
  }, 240_000);
});
