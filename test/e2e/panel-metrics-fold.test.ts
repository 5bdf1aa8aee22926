// The session's figures folded into the session bar (DevTools docked at the bottom, 300 px tall): the
// figures that do not fit on its one line are not lost silently but counted in a "+N" at the line's end,
// which names them and unfolds the strip onto more lines; tokens and cost come before the timing details.
// Played on the demo's Gemini Interactions session, whose stream reports usage and names its model.
// Saves screenshots folded and unfolded, light and dark (test/e2e/screenshots).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, playSession, SCREENSHOTS } from './support/demo-in-devtools';
import { devtoolsArea, dock, theme } from './support/docked-panel';
import { until } from './support/devtools-panel';

const env = demoInDevTools();

interface Strip {
  height: number;
  /** Every figure's text, in order, and whether it shows inside the strip's box. */
  figures: Array<{ text: string; shown: boolean }>;
  more?: { text: string; left: number; expanded: string | null; title: string; shown: boolean };
}

async function strip(panel: PwFrame): Promise<Strip> {
  return panel.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="metrics"]')!;
    const box = el.getBoundingClientRect();
    const inside = (e: Element) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5 && b.left >= box.left - 0.5 && b.right <= box.right + 0.5 && b.bottom <= window.innerHeight;
    };
    const more = el.querySelector<HTMLElement>('[data-testid="metrics-more"]');
    return {
      height: box.height,
      figures: [...el.querySelectorAll<HTMLElement>(':scope > .metric')].map((m) => ({ text: (m.textContent ?? '').replace(/\s+/g, ' ').trim(), shown: inside(m) })),
      ...(more && { more: { text: more.textContent ?? '', left: Number(more.dataset.left), expanded: more.getAttribute('aria-expanded'), title: more.title, shown: inside(more) } }),
    };
  });
}

describe('docked at the bottom, the figures that do not fit', () => {
  it('are counted and named in "+N", which unfolds them; tokens and cost stay in sight', async () => {
    const docked = await playSession(env, 'gemini-interactions/sse');
    const { panel } = docked;
    await dock(docked, 'bottom', 1280, 300);
    const area = devtoolsArea('bottom', 1280, 300);
    const folded = await until(() => strip(panel), (s) => s.more !== undefined && s.figures.some((f) => f.text.startsWith('Cost')), 'the folded strip with its "+N"');
    const hidden = folded.figures.filter((f) => !f.shown).map((f) => f.text);
    // Something is left out at this width, and the "+N" says exactly what.
    expect(hidden.length).toBeGreaterThan(0);
    expect(folded.more).toMatchObject({ text: `+${hidden.length}`, left: hidden.length, expanded: 'false', shown: true });
    expect(folded.more!.title).toBe(`Not shown for room: ${hidden.join(' · ')}; click to show every figure`);
    expect(folded.height).toBeLessThanOrEqual(21);
    const shown = folded.figures.filter((f) => f.shown).map((f) => f.text);
    // Tokens and cost lead (the session picker beside them says the duration and TTFT), so slower
    // timings than the demo's push the timing figures out, not them.
    expect(folded.figures.slice(0, 2).map((f) => f.text)).toEqual(['Tokens 50 in · 20 out', 'Cost $0.000065']);
    expect(shown).toContain('Tokens 50 in · 20 out');
    expect(shown).toContain('Cost $0.000065');
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'metrics-fold-bottom-folded-light.png'), clip: area });

    // A click from script: after a re-dock a pointer click can miss the panel's frame (see dock()).
    await panel.locator('[data-testid="metrics-more"]').evaluate((b) => (b as HTMLElement).click());
    const unfolded = await until(() => strip(panel), (s) => s.more?.expanded === 'true', 'the unfolded strip');
    expect(unfolded.figures.map((f) => f.text)).toEqual(folded.figures.map((f) => f.text));
    expect(unfolded.figures.filter((f) => !f.shown)).toEqual([]);
    expect(unfolded.more).toMatchObject({ text: '−', shown: true });
    expect(unfolded.height).toBeGreaterThan(21);
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'metrics-fold-bottom-unfolded-light.png'), clip: area });
    await theme(docked, 'dark');
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'metrics-fold-bottom-unfolded-dark.png'), clip: area });

    await panel.locator('[data-testid="metrics-more"]').evaluate((b) => (b as HTMLElement).click());
    const again = await until(() => strip(panel), (s) => s.more?.expanded === 'false', 'the strip folded again');
    expect(again.figures).toEqual(folded.figures);
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'metrics-fold-bottom-folded-dark.png'), clip: area });
    await theme(docked, 'default');

    // Not folded (docked right, undocked), every figure has its own line to wrap onto: no "+N".
    for (const [side, width, height] of [['right', 550, 800], ['undocked', 1280, 800]] as const) {
      await dock(docked, side, width, height);
      const open = await until(() => strip(panel), (s) => s.figures.length > 0 && s.figures.every((f) => f.shown), `every figure shown ${side}`);
      expect(open.more).toBeUndefined();
    }
  }, 120_000);
});
