// The Conversation tab in the real DevTools panel on the demo's Anthropic page: its one request asks for
// a tool (stop_reason "tool_use") and nothing follows, so the tab shows the user's message, the answer's
// text, the tool call and the stalled mark. Writes test/e2e/screenshots/conversation-anthropic.png.
import path from 'node:path';
import { expect, it } from 'vitest';
import { demoInDevTools, SCREENSHOTS } from './support/demo-in-devtools';
import { openWithPanel, until } from './support/devtools-panel';

const env = demoInDevTools();

it('shows the Anthropic tool call and the stalled mark as turns', async () => {
  const d = await openWithPanel(env.browser, `${env.demo.url}?protocol=${encodeURIComponent('anthropic/sse')}`);
  await d.page.click('#start');
  await d.page.waitForFunction(() => /stream ended/.test(document.querySelector('#protocol-output > .muted')?.textContent ?? ''), null, { timeout: 15_000 });
  await until(() => d.panel.locator('[data-tab="conversation"]').count(), (n) => n === 1, 'the Conversation tab');
  await d.panel.locator('[data-tab="conversation"]').click();
  const kinds = () => d.panel.locator('.turn').evaluateAll((turns) => turns.map((t) => t.getAttribute('data-kind') ?? ''));
  await until(kinds, (k) => k.includes('waiting'), 'the stalled turn');
  const list = await kinds();
  expect(list.slice(-2)).toEqual(['tool-calls', 'waiting']);
  expect(await d.panel.locator('.turn-tool-calls .turn-line').first().textContent()).toMatch(/^\w+\(.*\) · \S+$/);
  await d.frontend.screenshot({ path: path.join(SCREENSHOTS, 'conversation-anthropic.png') });
  await d.page.close();
}, 120_000);
