// What the Responses API added after openai 6, in the real DevTools panel, on the demo's hosted-tools
// session (src/protocols/openai-responses/testdata/*-tools-hosted.sse): an MCP server's tool listing and
// a hosted tool search are finished steps, a program (programmatic tool calling) runs while the call it
// made waits for the page, a compaction shows as its (encrypted) summary; the buggy run's program misses
// the fingerprint the AI SDK's OpenAI provider requires (an error) and it sends compaction progress,
// which openai before 7.17 throws on (a warning naming the releases). Saves screenshots of the rendering
// docked right at 550 px, at the bottom at 300 px and undocked at 1280×800, light and dark
// (test/e2e/screenshots, and ASI_LAYOUT_SHOTS when set).
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, playSession } from './support/demo-in-devtools';
import { dock, type DockedPanel } from './support/docked-panel';
import { shootLayouts, type ShotOptions } from './support/layout-shots';

const env = demoInDevTools();

/** The rendering, brought forward (docked narrow it is a tab of its own) and drawn. */
const RENDERING: ShotOptions = {
  show: async (panel) => {
    const tab = panel.locator('[data-tab="rendering"]');
    if (await tab.isVisible()) await tab.click();
  },
  ready: (panel) => panel.locator('[data-testid="rendering"] .tool').first().waitFor(),
};

/** Plays the demo's hosted-tools session (clean or buggy) in a tab with DevTools open on the Agents panel. */
async function play(buggy: boolean): Promise<DockedPanel> {
  const docked = await playSession(env, 'openai-responses/hosted', buggy);
  await dock(docked, 'undocked', 1280, 800);
  await docked.panel.locator('[data-tab="rendering"]').click();
  await docked.panel.locator('[data-testid="rendering"] .reasoning').waitFor();
  return docked;
}

/** The rendering's calls in order: label, name and the status their dot says. */
async function calls(panel: PwFrame): Promise<Array<[string, string, string]>> {
  return panel.locator('[data-testid="rendering"] .tool').evaluateAll((tools) =>
    tools.map((t) => [
      t.querySelector('.tool-label')?.childNodes[0]?.textContent ?? '',
      t.querySelector('.tool-name')?.textContent ?? '',
      [...(t.querySelector('.dot')?.classList ?? [])].find((c) => c.startsWith('dot-'))?.slice('dot-'.length) ?? '',
    ]),
  ) as Promise<Array<[string, string, string]>>;
}

/** The findings list's rule ids and severities, in the order it shows them. */
async function findings(panel: PwFrame): Promise<Array<[string, string]>> {
  await panel.locator('[data-tab="findings"]').click();
  await panel.locator('[data-testid="findings"] li.finding-row').first().waitFor();
  const shown = await panel
    .locator('[data-testid="findings"] li.finding-row')
    .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-rule') ?? '', row.querySelector('.finding-severity')?.textContent ?? '']));
  await panel.locator('[data-tab="rendering"]').click();
  return shown as Array<[string, string]>;
}

describe('the Responses API after openai 6, in the panel', () => {
  it('clean: a tool listing and a tool search done, a program running with the call it made, a compaction', async () => {
    const docked = await play(false);
    const panel = docked.panel;
    expect(await calls(panel)).toEqual([
      ['List tools of files', 'mcp_list_tools', 'success'],
      ['Tool search call', 'tool_search_call', 'success'],
      ['Program', 'program', 'pending'],
      ['Get weather', 'get_weather', 'pending'],
    ]);
    expect(await panel.locator('[data-testid="rendering"] .reasoning summary').allTextContents()).toEqual(['Compaction summary']);
    // The page sends no follow-up with the call's output: the stalled loop, and nothing about the items.
    expect((await findings(panel)).filter(([rule]) => !rule.includes('/loop-'))).toEqual([]);
    await shootLayouts(docked, 'responses-hosted', RENDERING);
    await docked.page.close();
  }, 180_000);

  it("buggy: the program the provider rejects is an error, compaction progress a warning naming openai's releases", async () => {
    const docked = await play(true);
    const panel = docked.panel;
    expect((await calls(panel)).map(([label]) => label)).toEqual(['List tools of files', 'Tool search call', 'Program', 'Get weather']);
    const shown = (await findings(panel)).filter(([rule]) => !rule.includes('/loop-'));
    expect(shown.sort()).toEqual([
      ['openai-responses/invalid-event', 'error'],
      ['openai-responses/version-specific-event', 'warning'],
    ]);
    await shootLayouts(docked, 'responses-hosted-buggy', { ...RENDERING, only: ['right-550'] });
    await docked.page.close();
  }, 180_000);
});
