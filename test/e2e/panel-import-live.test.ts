// Import equals live, in the real DevTools panel: an imported tool-loop HAR has its Conversation tab with
// a turn per request, and while the file is shown the tab's new traffic is announced in the counts line
// ("N new frames on the tab", not "live"); one click on it returns to the tab. Writes a screenshot of the
// toolbar so into test/e2e/screenshots/import-tab-news-1280x800.png.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readInput } from '../../src/readers/read-input';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';
import { hubFrames, playToEnd, settledFrames, tabIdOf } from './support/panel-page';

const env = demoInDevTools();
const HAR = path.resolve(__dirname, '../../examples/openai-tool-loop.har');

it('an imported tool-loop HAR has its Conversation tab; the tab’s new frames are announced and one click returns', async () => {
  const { page, frontend, panel } = await openWithPanel(env.browser, `${env.demo.url}?scenario=normal&transport=sse`);
  const requests = readInput(fs.readFileSync(HAR, 'utf8')).capture.connections.length;
  expect(requests).toBeGreaterThan(1);
  const tabId = await tabIdOf(env.browser, page);
  // What the page's load alone sent (none or a History API read), before the file is opened.
  const before = (await hubFrames(env.browser, tabId)).length;

  await panel.locator('input.import-file').setInputFiles(HAR);
  await until(() => panel.locator('[data-testid="import-progress"]').count(), (n) => n === 0, 'the import to end');
  await until(() => panel.locator('[data-tab="conversation"]').count(), (n) => n === 1, 'the Conversation tab');
  await panel.locator('[data-tab="conversation"]').click();
  const turns = await until(
    () => panel.locator('.turn').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-request')} ${e.getAttribute('data-kind')}`)),
    (t) => t.length > 0,
    'the turns',
  );
  expect(new Set(turns.map((t) => Number(t.split(' ')[0])))).toEqual(new Set(Array.from({ length: requests }, (_, i) => i + 1)));
  expect(turns).toContain(`${requests} answer`);

  // The tab goes on capturing behind the file: said in the counts line, not "live".
  const news = panel.locator('[data-testid="tab-news"]');
  expect(await news.textContent()).toBe('No new frames on the tab');
  expect(await panel.locator('[data-testid="link"]').count()).toBe(0);
  await page.locator('#start').click();
  await playToEnd(page);
  const held = (await settledFrames(env.browser, await tabIdOf(env.browser, page))).length;
  expect(held).toBeGreaterThan(before);
  await until(() => news.getAttribute('data-count').then(Number), (n) => n === held - before, `${held - before} new frames announced`);
  expect(await news.textContent()).toBe(`${held - before} new frames on the tab`);
  // The file is still what the panel shows.
  expect(await panel.locator('[data-tab="conversation"]').count()).toBe(1);
  await frontend.screenshot({ path: path.join(SCREENSHOTS, 'import-tab-news-1280x800.png') });

  await news.click();
  await panel.waitForSelector('[data-testid="link"][data-state="live"]');
  await until(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count').then(Number), (n) => n === held, "the tab's frames");
  expect(await news.count()).toBe(0);
  await page.close();
}, 120_000);
