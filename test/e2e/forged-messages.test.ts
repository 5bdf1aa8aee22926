// A hostile page posts forged, malformed and huge messages with the relay's tag, some naming another
// tab. Frames come only through the hook's private channel: none of these become frames, of this tab
// or another; each is counted as rejected; neither the hub nor the panel may break.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { PAGE_MESSAGE_TAG, MAX_FRAME_CHARS } from '../../src/bridge/page-messages';
import { launchBrowser } from './support/launch';
import { hubFrames, hubTab, tabIdOf } from './support/panel-page';


let browser: Awaited<ReturnType<typeof launchBrowser>>;

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

const framesOf = (tabId: number) => hubFrames(browser, tabId);
const infoOf = (tabId: number) => hubTab(browser, tabId);

it('keeps forged messages out of other tabs and survives garbage', async () => {
  const victim = await browser.context.newPage();
  await victim.goto(`${demo.url}?victim=1`);
  const attacker = await browser.context.newPage();
  await attacker.goto(`${demo.url}?attacker=1`);
  const victimTab = await tabIdOf(browser, victim);
  const attackerTab = await tabIdOf(browser, attacker);
  expect(victimTab).not.toBe(attackerTab);
  const victimBefore = await framesOf(victimTab);

  const sent = await attacker.evaluate(
    ({ tag, max, victimTab }) => {
      const frame = (extra: Record<string, unknown>) => ({ [tag]: 1, type: 'frame', connectionId: 'c1', time: 1, direction: 'in', kind: 'message', data: 'x', ...extra });
      const invalid: unknown[] = [
        frame({ tabId: victimTab }), // smuggled tab id: unknown key
        frame({ data: 'y'.repeat(max + 1) }), // over the bound
        frame({ data: { nested: true } }),
        frame({ direction: 'up' }),
        frame({ time: 'now' }),
        { [tag]: 1 },
        { [tag]: 1, type: 'connection', id: 'c1', transport: 'websocket', url: 5, time: 1 },
        { [tag]: 1, type: 'batch', tabId: victimTab, messages: [frame({})] },
        JSON.parse(`{"${tag}":1,"type":"frame","__proto__":{"polluted":1},"connectionId":"c1","time":1,"direction":"in","kind":"message","data":"x"}`),
      ];
      for (const m of invalid) window.postMessage(m, '*');
      // Not tagged: ignored silently, not even counted.
      window.postMessage('hello', '*');
      window.postMessage({ type: 'frame', data: 'no tag' }, '*');
      window.postMessage([frame({})], '*');
      // Well-formed ones are forged all the same: a page script, not the hook, posted them.
      const valid = [
        { [tag]: 1, type: 'connection', id: 'c1', transport: 'websocket', url: 'ws://forged/', time: 1 },
        frame({ data: '<img src=x onerror="window.__pwned=1">' }),
        frame({ connectionId: 'never-opened', data: 'z'.repeat(max), truncated: { originalLength: max * 3 } }),
      ];
      for (const m of valid) window.postMessage(m, '*');
      for (let i = 0; i < 3000; i++) window.postMessage(frame({ connectionId: 'flood', data: `flood ${i}` }), '*');
      return { tagged: invalid.length + valid.length + 3000 };
    },
    { tag: PAGE_MESSAGE_TAG, max: MAX_FRAME_CHARS, victimTab },
  );

  await expect.poll(async () => (await infoOf(attackerTab))?.rejected).toBe(sent.tagged);
  expect(await infoOf(attackerTab)).toMatchObject({ cut: 0 });
  expect(await framesOf(victimTab)).toEqual(victimBefore);
  const forged = (await framesOf(attackerTab)).filter((f) => /\.(c1|never-opened|flood)$/.test(f.connectionId));
  expect(forged).toEqual([]);

  // The hub still answers, and the attacker's own panel renders the payload as text.
  const panel = await browser.context.newPage();
  await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${attackerTab}`);
  await panel.waitForSelector('[data-testid="link"][data-state="live"]');
  await expect.poll(() => panel.locator('[data-testid="rejected"]').textContent()).toContain(`${sent.tagged} rejected`);
  // None of the forged frames, the one with markup included, is listed.
  const attackerFrames = await framesOf(attackerTab);
  expect(await panel.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(attackerFrames.length));
  expect(attackerFrames.filter((f) => f.data.includes('onerror'))).toEqual([]);
  expect(await panel.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await panel.locator('img').count()).toBe(0);
  const victimPanel = await browser.context.newPage();
  await victimPanel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${victimTab}`);
  await victimPanel.waitForSelector('[data-testid="link"][data-state="live"]');
  expect(await victimPanel.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(victimBefore.length));
});
