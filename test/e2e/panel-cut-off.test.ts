// A stream the server cut off mid-answer, in the real DevTools panel docked right at 550 px: the
// rendering does not end on the cut text as if it were whole but on a "Cut off" line with the rule that
// reports it, the session reads "cut off" (not "done"), and the errors banner keeps the first error's
// frame in sight however long its message is. Played on the demo's buggy OpenAI Responses stream, whose
// connection closes before `response.completed`; a call left pending by the cut, on the buggy Cohere
// stream; a call whose arguments never finished in a stream that ended, on the buggy Gemini stream.
// Saves screenshots light and dark.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { devtoolsArea, dock, openInDevTools, theme } from './support/docked-panel';
import { until } from './support/devtools-panel';

const env = demoInDevTools();

interface Seen {
  state: string;
  /** The rendering's items, in order: a cut-off item as `cut:RULE`, others by their first class. */
  items: string[];
  cutText: string;
  /** The banner's frame reference and whether it lies inside the banner's box, fully shown. */
  bannerFrame?: { text: string; shown: boolean };
}

async function seen(panel: PwFrame): Promise<Seen> {
  return panel.evaluate(() => {
    const rendering = document.querySelector('[data-testid="rendering"]');
    const items = [...(rendering?.querySelectorAll('.view-item') ?? [])].map((el) => {
      const cut = el.querySelector<HTMLElement>('[data-testid="cut-off-item"]');
      return cut ? `cut:${cut.dataset.rule}` : (el.firstElementChild?.className.split(' ')[0] ?? '');
    });
    const banner = document.querySelector('[data-testid="error-banner"]');
    const frame = banner?.querySelector<HTMLElement>('.error-banner-frame');
    const inside = (inner: Element, outer: Element) => {
      const a = inner.getBoundingClientRect();
      const b = outer.getBoundingClientRect();
      return a.width > 0 && a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
    };
    return {
      state: document.querySelector('.session-state')?.textContent ?? '',
      items,
      cutText: document.querySelector('[data-testid="cut-off-item"]')?.textContent ?? '',
      ...(banner && frame && { bannerFrame: { text: frame.textContent ?? '', shown: inside(frame, banner) } }),
    };
  });
}

/** The rendering's first tool call: its text, its dot's label and shape, and whether a Cut off line or its unfinished mark shows. */
function toolRow(panel: PwFrame) {
  return panel.evaluate(() => {
    const el = document.querySelector('[data-testid="rendering"] .tool');
    const dot = el?.querySelector('.dot');
    return {
      text: el?.textContent ?? '',
      dot: dot?.getAttribute('aria-label') ?? '',
      hollow: dot?.classList.contains('dot-cut-off') ?? false,
      cut: document.querySelector('[data-testid="cut-off-item"]') !== null,
      unfinished: el?.hasAttribute('data-unfinished') ?? false,
    };
  });
}

describe('a stream cut off before its end', () => {
  it('ends the rendering on a "Cut off" line, reads as cut off, and the banner keeps its frame', async () => {
    const docked = await openInDevTools(env.browser, `${env.demo.url}?protocol=${encodeURIComponent('openai-responses/sse')}&buggy=1`);
    await docked.page.click('#start');
    await dock(docked, 'right', 550, 800);
    const { panel } = docked;
    const s = await until(() => seen(panel), (v) => v.items.some((i) => i.startsWith('cut:')) && v.bannerFrame !== undefined, 'the cut-off line and the banner');
    // The cut answer's text, then the cut where it ended: the last thing the rendering shows.
    expect(s.items.at(-1)).toBe('cut:openai-responses/incomplete-stream');
    expect(s.cutText).toMatch(/^Cut off: the connection closed before response\.completed/);
    expect(s.state).toBe('cut off');
    // The first error's message takes two clamped lines here; its frame stays beside them, whole.
    expect(s.bannerFrame).toEqual({ text: expect.stringMatching(/^#\d+$/), shown: true });
    const area = devtoolsArea('right', 550, 800);
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'cut-off-right-light.png'), clip: area });
    await theme(docked, 'dark');
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'cut-off-right-dark.png'), clip: area });
    await theme(docked, 'default');
  }, 120_000);

  it('shows a tool call the cut left without a result as cut off, not running, in the rendering and the waterfall', async () => {
    // The demo's buggy Cohere stream closes while the `weather` call's arguments still stream.
    const docked = await openInDevTools(env.browser, `${env.demo.url}?protocol=${encodeURIComponent('cohere/sse')}&buggy=1`);
    await docked.page.click('#start');
    await dock(docked, 'right', 550, 800);
    const { panel } = docked;
    const s = await until(() => toolRow(panel), (v) => v.cut, 'the cut-off line');
    expect(s).toEqual({ text: 'Weather · cut off before its resultweather', dot: 'cut off before its result', hollow: true, cut: true, unfinished: false });
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'cut-off-tool-right-light.png'), clip: devtoolsArea('right', 550, 800) });
    // The waterfall ends its span at the cut rather than leaving it open to the end.
    await panel.locator('[data-tab="waterfall"]').evaluate((b) => (b as HTMLElement).click());
    expect(await until(() => panel.evaluate(() => document.querySelector('[data-testid="waterfall"]')?.getAttribute('data-outcomes') ?? ''), (v) => v !== '', 'the waterfall')).toBe('weather:cut-off');
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'cut-off-tool-waterfall-right-light.png'), clip: devtoolsArea('right', 550, 800) });
  }, 120_000);

  it('shows a tool call whose arguments never finished in a stream that ended as such, not running', async () => {
    // The demo's buggy Gemini stream ends (finishReason STOP) while a call streamed with willContinue never got its last chunk.
    const docked = await openInDevTools(env.browser, `${env.demo.url}?protocol=${encodeURIComponent('gemini/sse')}&buggy=1`);
    await docked.page.click('#start');
    await dock(docked, 'right', 550, 800);
    const { panel } = docked;
    const s = await until(() => toolRow(panel), (v) => v.unfinished, 'the unfinished call');
    expect(s).toEqual({ text: 'Get weather · its arguments never finishedget_weather', dot: 'its arguments never finished', hollow: true, cut: false, unfinished: true });
    await docked.frontend.screenshot({ path: path.join(SCREENSHOTS, 'unfinished-tool-right-light.png'), clip: devtoolsArea('right', 550, 800) });
  }, 120_000);
});
