// The Agents panel in the real DevTools window, docked as people dock it (issue: dense, legible
// layouts): docked right at 550 px no Event cell of the demo's sessions is cut and the header's names
// stay apart; docked at the bottom at 300 px at least 8 timeline rows show; the session picker names
// sessions by what the user asked. Saves screenshots of each layout in both themes (test/e2e/screenshots,
// and ASI_LAYOUT_SHOTS when set) for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { devtoolsArea, dock, openInDevTools, theme, type DockedPanel, type DockSide } from './support/docked-panel';
import { chooseSession, sessionsInPicker } from './support/panel-in-devtools';
import { playToEnd, settledFrames, tabIdOf } from './support/panel-page';
import { until } from './support/devtools-panel';
import { keepShot } from './support/layout-shots';

const env = demoInDevTools();
let docked: DockedPanel;
const FLAT_BLOCK_PROMPT = 'Thị trường hôm nay thế nào?'; // demo/scenarios/normal.ts
const PROTOCOL_PROMPT = 'What is the weather like today?'; // demo/public/protocol-mode.js

/** Every demo session in one tab: the buggy flat-block turn, then each other protocol's session. */
beforeAll(async () => {
  docked = await openInDevTools(env.browser, `${env.demo.url}?scenario=normal&transport=ws&buggy=1`);
  const { page } = docked;
  await page.click('#start');
  await playToEnd(page);
  const protocols = (await (await fetch(`${env.demo.url}api/protocols`)).json()) as Array<{ id: string; transport: string }>;
  for (const p of protocols) {
    await page.selectOption('#protocol', `${p.id}/${p.transport}`);
    await page.click('#start');
    await page.waitForFunction(() => /stream ended|closed|HTTP|failed/.test(document.querySelector('#protocol-output > .muted')?.textContent ?? ''));
  }
  const tabId = await tabIdOf(env.browser, page);
  const frames = (await settledFrames(env.browser, tabId)).length;
  await until(() => docked.panel.locator('[data-testid="frame-count"]').getAttribute('data-count'), (n) => Number(n) >= frames, 'every frame in the panel');
}, 180_000);

let area: { x: number; y: number; width: number; height: number } | undefined;
async function dockAt(side: DockSide, width: number, height: number): Promise<void> {
  await dock(docked, side, width, height);
  area = devtoolsArea(side, width, height);
}

/** A screenshot of the DevTools window (docked: only its part of the browser window). */
async function shoot(name: string): Promise<void> {
  const file = path.join(SCREENSHOTS, `layout-${name}.png`);
  await docked.frontend.screenshot({ path: file, ...(area && { clip: area }) });
  // The README's picture of the panel: `ASI_UPDATE_DOCS=1 npx vitest run --project browser test/e2e/panel-layout.test.ts`.
  if (name === 'right-550-light' && process.env.ASI_UPDATE_DOCS === '1') fs.copyFileSync(file, path.resolve(__dirname, '../../docs/panel.png'));
  keepShot(file);
}

/** Scrolls the timeline from top to bottom and returns the Event cells whose text does not fit. */
async function cutEventCells(panel: PwFrame): Promise<{ cut: string[]; seen: number }> {
  return panel.evaluate(async () => {
    const scroll = document.querySelector<HTMLElement>('[data-testid="timeline"]')!;
    const paint = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const cut = new Set<string>();
    const seen = new Set<string>();
    for (let top = 0; ; top += Math.max(20, scroll.clientHeight - 20)) {
      scroll.scrollTop = top;
      await paint();
      for (const row of scroll.querySelectorAll<HTMLElement>('[data-testid="frame-row"]')) {
        const cell = row.querySelector<HTMLElement>('.col-type')!;
        seen.add(row.dataset.index ?? '');
        if (cell.scrollWidth > cell.clientWidth) cut.add(cell.textContent ?? '');
      }
      if (top >= scroll.scrollHeight - scroll.clientHeight) break;
    }
    return { cut: [...cut], seen: seen.size };
  });
}

/** Header names that do not fit their cell (and so would run into the next). */
const cutHeaderCells = (panel: PwFrame) =>
  panel.locator('[data-testid="timeline-head"] .head-text').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));

describe('docked right at 550 px', () => {
  it('cuts no Event cell of any demo session, keeps header names apart, and names sessions by the prompt', async () => {
    await dockAt('right', 550, 800);
    const { panel } = docked;
    await chooseSession(panel, '');
    await shoot('right-550-all-light');
    const sessions = await sessionsInPicker(panel);
    expect(sessions.length).toBeGreaterThanOrEqual(8);
    for (const id of ['', ...sessions.map((s) => s.id).filter((s) => s !== '')]) {
      await chooseSession(panel, id);
      const { cut, seen } = await cutEventCells(panel);
      expect(seen, `session ${id || 'all'}`).toBeGreaterThan(0);
      expect(cut, `session ${id || 'all'}`).toEqual([]);
      expect(await cutHeaderCells(panel)).toEqual([]);
    }
    // The Connection column only when several connections are in view.
    const columns = async () => (await panel.locator('.timeline').getAttribute('data-columns'))!.split(' ');
    await chooseSession(panel, '');
    expect(await columns()).toContain('conn');
    await chooseSession(panel, sessions.find((s) => s.protocol === 'anthropic')!.id);
    expect(await columns()).not.toContain('conn');
    // The picker names each session by what the user asked; the agent's id is in its tooltip.
    await panel.locator('[data-testid="session-button"]').click();
    const names = await panel.locator('[data-testid="session"] [data-testid="session-name"]').allTextContents();
    expect(names).toContain(FLAT_BLOCK_PROMPT);
    expect(names.filter((n) => n === PROTOCOL_PROMPT).length).toBeGreaterThanOrEqual(6);
    const flat = panel.locator('[data-testid="session"][data-protocol="flat-block"]').first();
    expect(await flat.locator('.session-line').getAttribute('title')).toMatch(/Agent id: [0-9a-f-]{36}/);
    await panel.locator('[data-testid="session-button"]').click();
    await chooseSession(panel, (await flat.getAttribute('data-session'))!);
    // The short label in the cell, the full event name on hover.
    const delta = panel.locator('[data-testid="frame-row"] .col-type', { hasText: 'Δ text' }).first();
    expect(await delta.getAttribute('title')).toBe('content_block_delta: text');
    await shoot('right-550-light');
    // A WebSocket's Request tab: its handshake, no cURL.
    await panel.locator('[data-tab="request"]').click();
    const view = panel.locator('[data-testid="request-view"]');
    await expect.poll(() => view.textContent()).toContain('Handshake URL');
    expect(await view.textContent()).toContain('Subprotocol');
    expect(await view.locator('.copy-curl').count()).toBe(0);
    await shoot('right-550-request-light');
    await panel.locator('[data-tab="rendering"]').click();
    await theme(docked, 'dark');
    await shoot('right-550-dark');
    await theme(docked, 'default');
  });
});

describe('docked at the bottom at 300 px', () => {
  it('shows at least 8 timeline rows, with the toolbar, heading and counts on one row', async () => {
    await dockAt('bottom', 1280, 300);
    const { panel } = docked;
    await chooseSession(panel, '');
    await shoot('bottom-300-light');
    expect(await panel.locator('.asi-panel').getAttribute('class')).toContain('layout-short');
    expect(await panel.locator('[data-testid="frame-detail"]').count()).toBe(0);
    const rows = await panel.evaluate(() => {
      const scroll = document.querySelector<HTMLElement>('[data-testid="timeline"]')!.getBoundingClientRect();
      // Frame rows and the session separator rows of "All sessions": both are rows of the timeline.
      return [...document.querySelectorAll<HTMLElement>('[data-testid="frame-row"], [data-testid="session-separator"]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= scroll.top - 0.5 && b.bottom <= scroll.bottom + 0.5;
      }).length;
    });
    expect(rows).toBeGreaterThanOrEqual(8);
    // Heading and counts share the toolbar's row.
    const middles = await panel.evaluate(() =>
      ['.toolbar .record', '.toolbar .page-heading', '.toolbar .counts'].map((s) => {
        const b = document.querySelector(s)!.getBoundingClientRect();
        return (b.top + b.bottom) / 2;
      }),
    );
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    await theme(docked, 'dark');
    await shoot('bottom-300-dark');
    await theme(docked, 'default');
  });
});

describe('undocked at 1280×800', () => {
  it('keeps the wide layout', async () => {
    await dockAt('undocked', 1280, 800);
    const { panel } = docked;
    expect(await panel.locator('.asi-panel').getAttribute('class')).toContain('layout-wide');
    expect(await cutHeaderCells(panel)).toEqual([]);
    await shoot('undocked-1280-light');
    await theme(docked, 'dark');
    await shoot('undocked-1280-dark');
    await theme(docked, 'default');
  });
});
