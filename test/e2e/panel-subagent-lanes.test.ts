// AG-UI sub-agents in the real DevTools panel, on the demo's sub-agent scenario (its SSE stream played
// from src/protocols/ag-ui/testdata/*-subagents.jsonl): the waterfall has one lane per sub-agent under
// the run's connection, named by the sub-agent, holding its frames, text bars and tool calls; a
// sub-agent that ended in SUBAGENT_ERROR is marked failed; the timeline tags each sub-agent's frames
// with its name. Saves screenshots of the waterfall and the timeline docked right at 550 px, at the
// bottom at 300 px and undocked at 1280×800, light and dark (test/e2e/screenshots, and
// ASI_LAYOUT_SHOTS when set).
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, playSession } from './support/demo-in-devtools';
import { dock, type DockedPanel } from './support/docked-panel';
import { until } from './support/devtools-panel';
import { shootLayouts, type ShotOptions } from './support/layout-shots';

const env = demoInDevTools();

/** The waterfall, brought forward (docked narrow the details are a tab of their own) and drawn. */
const WATERFALL: ShotOptions = {
  show: async (panel) => {
    const tab = panel.locator('[data-tab="waterfall"]');
    if (await tab.isVisible()) await tab.click();
  },
  ready: async (panel) => {
    await panel.locator('[data-testid="waterfall"] canvas').waitFor();
    // The canvas is drawn on the next animation frame.
    await panel.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  },
};

interface Lane {
  lane: string;
  name: string;
  status: string;
  frames: number;
  bars: number;
  calls: number;
  y: number;
}

async function lanes(panel: PwFrame): Promise<Lane[]> {
  return panel.locator('[data-testid="waterfall-lanes"] li').evaluateAll((items) =>
    items.map((li) => {
      const d = (li as HTMLElement).dataset;
      return { lane: d.lane ?? '', name: d.name ?? '', status: d.status ?? '', frames: Number(d.frames), bars: Number(d.bars), calls: Number(d.calls), y: Number(d.y) };
    }),
  );
}

/** Plays the demo's sub-agent scenario (clean or buggy) in a tab with DevTools open on the Agents panel. */
async function play(buggy: boolean): Promise<DockedPanel> {
  const docked = await playSession(env, 'ag-ui/subagents', buggy);
  // DevTools keeps the last docking of the run: start each test undocked at 1280×800, the timeline and the details side by side.
  await dock(docked, 'undocked', 1280, 800);
  await docked.panel.locator('[data-tab="waterfall"]').click();
  await docked.panel.locator('[data-testid="waterfall"]').waitFor();
  return docked;
}

/**
 * The sub-agent tag of every timeline row (scrolled through top to bottom: the rows are windowed), by
 * frame; with where the event's text sits in its row and, on a tagged row, how far the tag's middle is
 * from the text's (in px).
 */
async function rowTags(panel: PwFrame): Promise<Array<{ sub: string; failed: boolean; textTop: number; tagOffset: number }>> {
  return panel.evaluate(async () => {
    const scroll = document.querySelector<HTMLElement>('[data-testid="timeline"]')!;
    const paint = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const seen = new Map<string, { sub: string; failed: boolean; textTop: number; tagOffset: number }>();
    /** The box of the event's own text: the last text of the Event cell. */
    const textBox = (row: HTMLElement): DOMRect => {
      const cell = row.querySelector('.col-type')!;
      const range = document.createRange();
      range.selectNodeContents([...cell.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).at(-1) ?? cell);
      return range.getBoundingClientRect();
    };
    const middle = (r: DOMRect) => r.top + r.height / 2;
    for (let top = 0; ; top += Math.max(20, scroll.clientHeight - 20)) {
      scroll.scrollTop = top;
      await paint();
      for (const row of scroll.querySelectorAll<HTMLElement>('[data-testid="frame-row"]')) {
        const tag = row.querySelector<HTMLElement>('.subagent-tag');
        const text = textBox(row);
        seen.set(row.dataset.index ?? '', {
          sub: tag?.dataset.subagent ?? '',
          failed: tag?.classList.contains('failed') ?? false,
          textTop: text.top - row.getBoundingClientRect().top,
          tagOffset: tag ? Math.abs(middle(tag.getBoundingClientRect()) - middle(text)) : 0,
        });
      }
      if (top >= scroll.scrollHeight - scroll.clientHeight) break;
    }
    return [...seen.values()];
  });
}

/** The tooltip shown when the pointer rests on a lane's label. */
async function labelTip(panel: PwFrame, lane: Lane): Promise<string> {
  const canvas = panel.locator('[data-testid="waterfall"] canvas');
  await canvas.hover({ position: { x: 20, y: lane.y + 9 } });
  return (await panel.locator('[data-testid="waterfall-tip"]').textContent()) ?? '';
}

describe('a waterfall lane per AG-UI sub-agent', () => {
  it('shows the clean scenario’s two sub-agents on lanes of their own, named, with their frames, bars and calls', async () => {
    const docked = await play(false);
    const { panel } = docked;
    // valid-subagents.jsonl: the researcher's 9 events (SUBAGENT_STARTED … SUBAGENT_FINISHED: its message
    // and its web_search call with the result), then the writer's 5 (its message alone).
    const all = await until(() => lanes(panel), (l) => l.filter((x) => x.lane === 'subagent').length === 2 && l.every((x) => x.frames > 0), 'two sub-agent lanes');
    expect(all[0]!.lane).toBe('connection');
    const subs = all.filter((l) => l.lane === 'subagent');
    expect(subs.map((l) => [l.name, l.status, l.frames, l.calls])).toEqual([
      ['researcher', 'finished', 9, 1],
      ['writer', 'finished', 5, 0],
    ]);
    // Each streamed its text: at least one text bar on its lane (adjacent frames may share one).
    for (const l of subs) expect(l.bars).toBeGreaterThanOrEqual(1);
    // Drawn under the connection, in the order they started.
    expect(subs[0]!.y).toBeGreaterThan(all[0]!.y);
    expect(subs[1]!.y).toBeGreaterThan(subs[0]!.y);
    expect(await labelTip(panel, subs[0]!)).toContain('sub-agent researcher · finished');
    // The run's own call (research) stays under all the lanes, the sub-agent's (web_search) is on its lane.
    expect(await panel.locator('[data-testid="waterfall"]').getAttribute('data-outcomes')).toBe('research:result web_search:result');

    // The timeline tags each sub-agent's frames with its name.
    const tags = await rowTags(panel);
    expect(tags.filter((t) => t.sub === 'researcher')).toHaveLength(9);
    expect(tags.filter((t) => t.sub === 'writer')).toHaveLength(5);
    expect(tags.filter((t) => t.sub === '').length).toBeGreaterThan(0);
    // The tag sits on the text's line: a tagged row's text is where an untagged row's is, the tag
    // centred on it (a clipping inline-block would sit on its bottom edge and push the text down).
    const untaggedTop = tags.find((t) => t.sub === '')!.textTop;
    for (const t of tags) expect(Math.abs(t.textTop - untaggedTop)).toBeLessThanOrEqual(1);
    for (const t of tags.filter((x) => x.sub !== '')) expect(t.tagOffset).toBeLessThanOrEqual(2);
    await shootLayouts(docked, 'subagents', WATERFALL);
    await docked.page.close();
  }, 180_000);

  it('marks the buggy scenario’s sub-agent that ended in SUBAGENT_ERROR as failed', async () => {
    const docked = await play(true);
    const { panel } = docked;
    const subs = await until(
      async () => (await lanes(panel)).filter((l) => l.lane === 'subagent'),
      (l) => l.some((x) => x.name === 'fact-checker'),
      'the fact-checker lane',
    );
    // invalid-subagents.jsonl: fact-checker's 5 events end in SUBAGENT_ERROR.
    const failed = subs.find((l) => l.name === 'fact-checker')!;
    expect([failed.status, failed.frames, failed.calls]).toEqual(['failed', 5, 0]);
    expect(subs.find((l) => l.name === 'researcher')?.calls).toBe(1);
    expect(await labelTip(panel, failed)).toContain('sub-agent fact-checker · failed (SUBAGENT_ERROR)');
    expect((await rowTags(panel)).filter((t) => t.failed).map((t) => t.sub)).toEqual(Array(5).fill('fact-checker'));
    await shootLayouts(docked, 'subagents-buggy', { ...WATERFALL, only: ['right-550'] });
    await docked.page.close();
  }, 180_000);
});
