// "Answer from the panel" as a user sees it in the real DevTools window: the live approve / edit /
// reject buttons of a pending flat-block approval, then the reply marked "sent from the inspector" in
// the timeline, docked right at 550 px, docked at the bottom at 300 px and undocked at 1280×800, in the
// light and the dark theme. Each layout must show the switch on, the live buttons and then the mark in
// view; the screenshots go to test/e2e/screenshots/answer-*.png (and ASI_LAYOUT_SHOTS when set). Then an
// answer lost on its way to the extension's service worker: the card says so and takes it again.
import { describe, expect, it } from 'vitest';
import type { Frame as PwFrame, Locator } from 'playwright-core';
import { demoInDevTools } from './support/demo-in-devtools';
import { dock, openInDevTools } from './support/docked-panel';
import { until } from './support/devtools-panel';
import { inEveryLayout, saveShot, SHOT_LAYOUTS } from './support/layout-shots';
import { stopQuietServiceWorker } from './support/stop-worker';

const env = demoInDevTools();

async function inView(_panel: PwFrame, locator: Locator): Promise<boolean> {
  // In the panel frame's own coordinates (a Playwright box is the DevTools page's).
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  });
}

/**
 * Clicks an enabled button through its own click() (a disabled one ignores it, as the mouse's would).
 * In this harness a mouse click on the panel after the DevTools window was docked, undocked and themed
 * by emulation, or right after the worker stopped, at times reaches no element of the panel (no
 * pointerdown in its document, checked) while the button's click() does; the mouse's way to these
 * buttons is held by panel-answer.test.ts, whose DevTools window keeps one size and dock.
 */
async function clickButton(button: Locator): Promise<void> {
  expect(await button.isDisabled()).toBe(false);
  await button.evaluate((el) => (el as HTMLButtonElement).click());
}

describe('answer from the panel, as docked and undocked', () => {
  it('shows the live controls, then the reply marked as sent from the inspector, in every layout and theme', async () => {
    const docked = await openInDevTools(env.browser, `${env.demo.url}?scenario=approval&transport=ws`);
    const { page, panel } = docked;
    await page.locator('#start').click();
    const approve = panel.locator('.approval .decision-approve');
    await approve.waitFor();
    await panel.locator('.answer-toggle').check();
    await until(() => approve.isDisabled(), (d) => !d, 'the live approve button');
    await inEveryLayout(docked, async (layout, t) => {
      await panel.locator('[data-tab="rendering"]').click();
      await approve.scrollIntoViewIfNeeded();
      await saveShot(docked, 'answer-live', layout, t);
      expect(await inView(panel, approve), `approve button in view (${layout.key}, ${t})`).toBe(true);
    });
    // After the layouts, the button's own click (see clickButton): a mouse click there once reached nothing.
    await clickButton(approve);
    const mark = panel.locator('[data-testid="frame-row"].sent-by-inspector');
    // Read with what the card says of the answer (sending, refused and why, or nothing: the click was
    // lost), so that a run where the mark never comes tells which.
    await until(
      async () => ({ marks: await mark.count(), card: await panel.locator('[data-testid="answer-progress"]').allTextContents() }),
      (seen) => seen.marks > 0,
      'the reply marked as sent from the inspector',
      30_000,
    );
    await inEveryLayout(docked, async (layout, t) => {
      const badge = mark.locator('[data-testid="inspector-mark"]');
      // The timeline lays itself out again after a resize (it follows the tail): wait for the row to settle in view.
      await until(
        // A re-render can replace the row under the scroll (detached): read again on the next pass.
        async () => (await mark.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined), inView(panel, badge)),
        (shown) => shown,
        `the mark in view (${layout.key}, ${t})`,
      );
      await saveShot(docked, 'answer-sent', layout, t);
    });
    await page.close();
  }, 180_000);

  it('says an answer lost on its way to the service worker was not acknowledged, and sends it again', async () => {
    const docked = await openInDevTools(env.browser, `${env.demo.url}?scenario=approval&transport=ws`);
    const { page, panel } = docked;
    // DevTools keeps the last dock it had (the test before may leave it undocked): start in the first layout.
    await dock(docked, ...SHOT_LAYOUTS['right-550']);
    await page.locator('#start').click();
    const approve = panel.locator('.approval .decision-approve');
    await approve.waitFor();
    await panel.locator('.answer-toggle').check();
    await until(() => approve.isDisabled(), (d) => !d, 'the live approve button');
    // The loss a port closing under a stopping worker causes: the panel's ports drop its answers (test
    // code in the panel's page, not the product's). Only a port made from now on is wrapped, so the
    // worker is stopped and the panel's link connects again with one.
    await panel.evaluate(() => {
      const g = globalThis as unknown as { __dropAnswers: boolean; chrome: { runtime: { connect: (...args: unknown[]) => { postMessage(m: unknown): void } } } };
      const runtime = g.chrome.runtime;
      const connect = runtime.connect.bind(runtime);
      g.__dropAnswers = true;
      runtime.connect = (...args: unknown[]) => {
        const port = connect(...args);
        const post = port.postMessage.bind(port);
        port.postMessage = (m: unknown) => {
          if (g.__dropAnswers && (m as { type?: unknown } | null)?.type === 'answer') return;
          post(m);
        };
        return port;
      };
    });
    await stopQuietServiceWorker(env.browser);
    // The link connects again with a wrapped port (the panel draws the hub's new snapshot meanwhile).
    const link = panel.locator('[data-testid="link"]');
    await until(async () => [await link.getAttribute('data-state'), await link.getAttribute('data-reconnects')], ([state, reconnects]) => state === 'live' && Number(reconnects) >= 1, 'the panel connected again');
    await clickButton(approve);
    const progress = panel.locator('.approval [data-testid="answer-progress"]');
    // Read with the card's text, so that a run where the state never comes tells what the card said.
    const card = await until(
      () => progress.evaluateAll((els) => els.map((e) => ({ state: e.getAttribute('data-state'), text: e.textContent }))),
      (seen) => seen.some((c) => c.state === 'refused'),
      'the card to give the answer up',
      30_000,
    );
    expect(card).toEqual([{ state: 'refused', text: expect.stringContaining('did not acknowledge the answer within 10 s') }]);
    expect(await approve.isDisabled(), 'approve takes the answer again').toBe(false);
    expect(await panel.locator('[data-testid="frame-row"].sent-by-inspector').count()).toBe(0);
    await inEveryLayout(docked, async (layout, t) => {
      await panel.locator('[data-tab="rendering"]').click();
      await progress.scrollIntoViewIfNeeded();
      await saveShot(docked, 'answer-lost', layout, t);
      expect(await inView(panel, progress), `the card's line in view (${layout.key}, ${t})`).toBe(true);
    });
    await panel.evaluate(() => {
      (globalThis as unknown as { __dropAnswers: boolean }).__dropAnswers = false;
    });
    await clickButton(approve);
    const mark = panel.locator('[data-testid="frame-row"].sent-by-inspector');
    await until(
      async () => ({ marks: await mark.count(), card: await progress.allTextContents() }),
      (seen) => seen.marks > 0,
      'the second answer marked as sent from the inspector',
      30_000,
    );
    expect(await mark.count(), 'the lost answer was never sent').toBe(1);
    await page.close();
  }, 180_000);
});
