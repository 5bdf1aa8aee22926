// Errors up front, one scope at a time, findings without losing one's place and a truthful waterfall,
// in the real DevTools panel on the demo site: the buggy scenario's first error shows (rule id, message,
// frame) without a click; with "All sessions" the Findings tab lists as many findings as the toolbar
// counts, grouped by session, and the timeline has a separator row per session; clicking a finding
// keeps the rendering on its latest state and (docked narrow) opens the frame's JSON under the row; on
// the tool-loop page a client tool answered in the follow-up request ends there, and one never
// answered says so. Writes screenshots (docked right 550 px, docked bottom 300 px, undocked 1280×800,
// light and dark) into test/e2e/screenshots/errors-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame } from 'playwright-core';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { setTheme } from './support/devtools';
import { openWithPanel, until, type InDevTools } from './support/devtools-panel';
import { playToEnd, settledFrames, tabIdOf } from './support/panel-page';

const env = demoInDevTools();

/** The window sizes a developer meets: docked right, docked at the bottom, undocked. */
const SIZES = [
  ['docked-right', 550, 800],
  ['docked-bottom', 1280, 300],
  ['undocked', 1280, 800],
] as const;

const frameCount = (panel: PwFrame) => panel.locator('[data-testid="frame-count"]').getAttribute('data-count').then(Number);

async function toolbarTotal(panel: PwFrame): Promise<number> {
  let total = 0;
  for (const severity of ['error', 'warning', 'info']) total += Number(/^\d+/.exec((await panel.locator(`.counts .count.sev-${severity}`).textContent()) ?? '')?.[0] ?? NaN);
  return total;
}

/** Every frame the hub holds for the page's tab is in the panel. */
async function allFramesIn(d: InDevTools): Promise<void> {
  const frames = (await settledFrames(env.browser, await tabIdOf(env.browser, d.page))).length;
  await until(() => frameCount(d.panel), (n) => n === frames, `${frames} frames in the panel`);
}

async function shoot(d: InDevTools, name: string, prepare?: (size: string) => Promise<void>): Promise<void> {
  for (const theme of ['default', 'dark'] as const) {
    await d.frontend.evaluate(setTheme(theme));
    await until(() => d.panel.locator('.asi-panel').getAttribute('class'), (c) => (c ?? '').includes(theme === 'dark' ? 'theme-dark' : 'theme-light'), theme);
    for (const [size, width, height] of SIZES) {
      await d.frontend.setViewportSize({ width, height });
      await until(() => d.panel.evaluate(() => document.querySelector('.asi-panel')!.classList.contains('layout-narrow')), (narrow) => narrow === width < 900, `${size} layout`);
      await prepare?.(size);
      const file = path.join(SCREENSHOTS, `errors-${name}-${size}-${theme === 'dark' ? 'dark' : 'light'}.png`);
      await d.frontend.screenshot({ path: file });
      expect(fs.statSync(file).size).toBeGreaterThan(5_000);
    }
  }
  await d.frontend.evaluate(setTheme('default'));
  await d.frontend.setViewportSize({ width: 1280, height: 800 });
}

describe.sequential('errors up front in the real DevTools panel', () => {
  let d: InDevTools;

  it('shows the buggy session’s first error without a click: rule id, message, frame; the broken item marked; glyph markers', async () => {
    d = await openWithPanel(env.browser, `${env.demo.url}?scenario=normal&transport=ws&buggy=1`);
    await d.page.click('#start');
    await d.page.waitForFunction(() => new URL(location.href).searchParams.has('session'));
    await playToEnd(d.page);
    await allFramesIn(d);
    // Nothing clicked in the panel: the banner is there, above the Rendering tab the panel opens on.
    const banner = d.panel.locator('[data-testid="error-banner"]');
    await banner.waitFor();
    const rule = (await banner.getAttribute('data-rule')) ?? '';
    expect(rule).toMatch(/^flat\//);
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain(rule);
    const shownFrame = /#(\d+)/.exec((await banner.locator('.error-banner-frame').textContent()) ?? '')?.[1];
    expect(shownFrame).toBeDefined();
    expect(await d.panel.locator('[data-tab="rendering"]').getAttribute('aria-selected')).toBe('true');
    expect(await d.panel.locator('[data-testid="rendering"] .item-broken').count()).toBeGreaterThan(0);
    // Markers say their severity with a glyph, not a colour alone.
    const glyphs = await d.panel.locator('[data-testid="frame-row"] .marker.sev-error').evaluateAll((els) => els.map((e) => getComputedStyle(e, '::before').content));
    expect(glyphs.length).toBeGreaterThan(0);
    expect(new Set(glyphs)).toEqual(new Set(['"✕"']));
    // A click on the banner goes to the frame.
    await banner.locator('.error-banner-main').click();
    await until(() => d.panel.locator('[data-testid="frame-row"].selected .col-num').textContent(), (n) => n === shownFrame, `frame #${shownFrame} selected`);
    // Looking at a finding is not scrubbing: the finished session still renders its latest state.
    expect(await d.panel.locator('[data-testid="rendering"]').getAttribute('data-at')).toBe('live');
    await shoot(d, 'banner', async () => {
      await d.panel.locator('[data-tab="rendering"]').click();
    });
  }, 180_000);

  it('lists in All sessions as many findings as the toolbar counts, grouped by session, with a separator row per session', async () => {
    // A second session on the same page: the OpenAI Chat stream of the Protocol picker, buggy.
    const before = await frameCount(d.panel);
    const option = await d.page.locator('#protocol option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).find((v) => v.startsWith('openai-chat/')));
    await d.page.selectOption('#protocol', option!);
    await d.page.check('#buggy');
    await d.page.click('#start');
    await until(() => frameCount(d.panel), (n) => n > before, 'the second session’s frames');
    await allFramesIn(d);
    await until(() => d.panel.locator('[data-testid="session-button"]').getAttribute('data-scope'), (scope) => scope === '', 'All sessions');
    await d.panel.locator('[data-tab="findings"]').click();
    const list = d.panel.locator('[data-testid="findings"]');
    await until(() => d.panel.locator('[data-testid="finding-group"]').count(), (n) => n === 2, 'two sessions with findings');
    const total = await toolbarTotal(d.panel);
    expect(total).toBeGreaterThan(1);
    expect(Number(await list.getAttribute('data-count'))).toBe(total);
    expect(await list.locator('li.finding-row').count()).toBe(total);
    expect(await d.panel.locator('[data-tab="findings"]').textContent()).toBe(`Findings (${total})`);
    // The timeline reads on one clock with a row where each session starts.
    expect(await d.panel.locator('[data-testid="timeline"]').getAttribute('data-separators')).toBe('2');

    // A finding selected: not dimming the others, the rendering stays on its latest state.
    const rows = list.locator('li.finding-row');
    await rows.nth(1).locator('button.finding').click();
    await until(() => rows.nth(1).getAttribute('class'), (c) => (c ?? '').includes('current'), 'the finding current');
    expect(await list.locator('li.finding-row.later').count()).toBe(0);
    await d.panel.locator('[data-tab="rendering"]').click();
    expect(await d.panel.locator('[data-testid="rendering"]').getAttribute('data-at')).toBe('live');
    expect(await d.panel.locator('[data-testid="rendering"] .scrub-note').count()).toBe(0);
    await d.panel.locator('[data-tab="findings"]').click();

    // Docked narrow, the frame's JSON opens inline under the selected finding.
    await d.frontend.setViewportSize({ width: 550, height: 800 });
    await until(() => d.panel.locator('[data-testid="finding-frame"] [data-testid="frame-detail"]').count(), (n) => n === 1, 'the frame inline');
    expect(await d.panel.locator('[data-testid="finding-frame"] .json-tree').count()).toBe(1);
    await d.frontend.setViewportSize({ width: 1280, height: 800 });

    await shoot(d, 'findings-all', async () => {
      await d.panel.locator('[data-tab="findings"]').click();
    });
    await d.page.close();
  }, 180_000);

  it('ends a client tool answered in the follow-up request there, and says when one was never answered', async () => {
    for (const [variant, outcome] of [
      ['clean', 'follow-up'],
      ['missing-result', 'unanswered'],
    ] as const) {
      const t = await openWithPanel(env.browser, `${env.demo.url}tool-loop.html?variant=${variant}`);
      await t.page.locator('#start').click();
      await t.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
      await allFramesIn(t);
      // The first request's session: the one that asked for the tools.
      await t.panel.locator('[data-testid="session-button"]').click();
      await t.panel.locator('[data-testid="session"]').nth(1).click();
      await t.panel.locator('[data-tab="waterfall"]').click();
      const outcomes = await until(
        () => t.panel.locator('[data-testid="waterfall"]').getAttribute('data-outcomes'),
        (o) => (o ?? '').includes(':'),
        'the waterfall’s spans',
      );
      const spans = (outcomes ?? '').split(' ');
      expect(spans.length).toBeGreaterThan(0);
      // Every call of the first request ends at the follow-up; with one result missing, that call stays open and says so.
      if (variant === 'clean') expect(spans.every((s) => s.endsWith(':follow-up'))).toBe(true);
      else {
        expect(spans.some((s) => s.endsWith(`:${outcome}`))).toBe(true);
        expect(await t.panel.locator('.waterfall-legend').textContent()).toContain('never answered');
      }
      expect(spans.some((s) => s.endsWith(':waiting'))).toBe(false);
      if (variant === 'missing-result') await shoot(t, 'waterfall');
      await t.page.close();
    }
  }, 240_000);

  it('says a live tool loop that may stall is waiting, with its countdown, then reports the stall', async () => {
    const t = await openWithPanel(env.browser, `${env.demo.url}tool-loop.html?variant=stalled`);
    await t.page.locator('#start').click();
    await t.page.waitForFunction(() => document.body.dataset.state === 'done', undefined, { timeout: 30_000 });
    await allFramesIn(t);
    const waiting = t.panel.locator('[data-testid="checks-waiting"]');
    await t.panel.locator('[data-tab="conversation"]').click();
    /** The banner's countdown and the Conversation tab's last turn, read at one instant. */
    const both = () =>
      t.panel.evaluate(() => {
        const turn = [...document.querySelectorAll<HTMLElement>('[data-testid="conversation"] .turn')].at(-1);
        return { banner: document.querySelector('[data-testid="checks-waiting"]') !== null, label: turn?.querySelector('.turn-label')?.textContent, line: turn?.querySelector('.turn-line')?.textContent };
      });
    const first = await until(both, (b) => b.label !== undefined, 'the conversation turns');
    // While the check waits the turn says so too; once it reports, the turn says stalled.
    if (first.banner) expect(first).toMatchObject({ label: 'waiting', line: 'no request has carried the tool results yet' });
    // Before the wait is over (10 s after the stream asked for tools) the check says it is waiting.
    if ((await waiting.count()) > 0) {
      expect(await waiting.getAttribute('data-rule')).toBe('openai-chat/loop-stalled');
      expect(Number(await waiting.getAttribute('data-seconds'))).toBeLessThanOrEqual(10);
      expect(await waiting.textContent()).toMatch(/in \d+ s/);
      const file = path.join(SCREENSHOTS, 'errors-checks-waiting-undocked-light.png');
      await t.frontend.screenshot({ path: file });
    }
    // Then the stall is reported and nothing waits any more.
    await until(() => t.panel.locator('.counts .count.sev-warning').textContent(), (text) => (text ?? '').startsWith('1 '), 'the stall reported', 60_000);
    expect(await waiting.count()).toBe(0);
    expect(await both()).toEqual({ banner: false, label: 'stalled', line: 'no request carried the tool results' });
    await t.page.close();
  }, 120_000);
});

