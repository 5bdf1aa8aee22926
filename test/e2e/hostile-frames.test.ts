// Hostile page data through the real extension. A frame the inspector could once not fold (an
// option label `{"toString": 0}`) made the panel stop ingesting the rest of its batch: 200 of 250
// frames were missing. And a page script could post a tagged window message that landed as a frame
// of its own genuine WebSocket (a forged `content_block_delta`). Neither may happen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { PAGE_MESSAGE_TAG } from '../../src/bridge/page-messages';
import { launchBrowser } from './support/launch';
import { hubFrames, hubTab, LIVE, settledFrames, tabIdOf } from './support/panel-page';
import { startTestServer, type TestServer } from './support/server';

const FRAMES = 250;
const HOSTILE_AT = 125;

/** A flat-block turn of 250 frames; the one at HOSTILE_AT asks a question whose option label is an object with `toString: 0`. */
function turn(): string[] {
  const frames = [
    JSON.stringify({ type: 'message_start', message: { message_type: 'chat' } }),
    JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  ];
  while (frames.length < HOSTILE_AT - 2) frames.push(JSON.stringify({ type: 'content_block_delta', index: 0, delta: { text: `word ${frames.length} ` } }));
  frames.push(JSON.stringify({ type: 'content_block_stop', index: 0 }));
  frames.push(JSON.stringify({ type: 'content_block_start', index: 1, content_block: { type: 'approval_request', approval_key: 'k1' } }));
  frames.push(
    '{"type":"content_block_delta","index":1,"delta":{"action_requests":[{"name":"ask_user_question","args":{"questions":[{"question":"Which?","multiSelect":false,"options":[{"label":{"toString":0}},{"label":"B"}]}]}}]}}',
  );
  frames.push(JSON.stringify({ type: 'content_block_stop', index: 1 }));
  frames.push(JSON.stringify({ type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } }));
  while (frames.length < FRAMES - 1) frames.push(JSON.stringify({ type: 'content_block_delta', index: 2, delta: { text: `more ${frames.length} ` } }));
  frames.push(JSON.stringify({ type: 'content_block_stop', index: 2 }));
  return frames;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>hostile</title><pre id="log"></pre>
<script>
  window.received = 0;
  window.ws = new WebSocket('ws://' + location.host + '/agent');
  window.ws.onmessage = () => { window.received++; };
  window.opened = new Promise((resolve) => { window.ws.onopen = resolve; });
</script>`;

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let server: TestServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    routes: { '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE) },
    onWebSocket: (socket) => {
      sockets.push(socket);
      socket.on('message', (data) => {
        const text = String(data);
        // All frames in one go, so they reach the hub and the panel as one batch (or very few).
        if (text === 'turn') for (const frame of turn()) socket.send(frame);
        if (text === 'one') socket.send(JSON.stringify({ type: 'content_block_delta', index: 0, delta: { text: 'genuine' } }));
      });
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage() {
  const page = await browser.context.newPage();
  await page.goto(`${server.origin}/`);
  await page.evaluate(() => (window as unknown as { opened: Promise<unknown> }).opened);
  return { page, tabId: await tabIdOf(browser, page) };
}

it('a panel watching the tab ingests all 250 frames of a batch with a hostile frame in the middle', async () => {
  const { page, tabId } = await openPage();
  const panel = await browser.context.newPage();
  await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
  await panel.waitForSelector(LIVE);

  await page.evaluate(() => (window as unknown as { ws: { send(t: string): void } }).ws.send('turn'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: number }).received)).toBe(FRAMES);
  const frames = await settledFrames(browser, tabId);
  const incoming = frames.filter((f) => f.kind === 'message' && f.direction === 'in');
  expect(incoming).toHaveLength(FRAMES);
  expect(incoming[HOSTILE_AT]?.data).toContain('{"label":{"toString":0}}');

  // Every frame the hub holds is in the panel, and the panel still works: nothing failed.
  await expect.poll(() => panel.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(frames.length));
  expect(await panel.locator('[data-testid="failed"]').count()).toBe(0);
  await panel.close();
  await page.close();
});

it('a tagged window message a page script forges mid-stream never becomes a frame of its genuine WebSocket', async () => {
  const { page, tabId } = await openPage();
  await page.evaluate(() => (window as unknown as { ws: { send(t: string): void } }).ws.send('one'));
  await expect.poll(async () => (await hubFrames(browser, tabId)).filter((f) => f.direction === 'in' && f.kind === 'message').length).toBe(1);
  const before = await hubFrames(browser, tabId);
  const genuine = before.find((f) => f.direction === 'in' && f.kind === 'message')!;
  // The strongest forgery: the hook's own id of the genuine connection (the hub's id without its document prefix).
  const hookId = genuine.connectionId.slice(genuine.connectionId.indexOf('.') + 1);

  await page.evaluate(
    ({ tag, hookId }) => {
      const forged = JSON.stringify({ type: 'content_block_delta', index: 0, delta: { text: 'FORGED' } });
      window.postMessage({ [tag]: 1, type: 'frame', connectionId: hookId, time: Date.now(), direction: 'in', kind: 'message', data: forged }, '*');
      window.postMessage({ [tag]: 1, type: 'connection', id: 'forged-1', transport: 'websocket', url: 'ws://forged/', time: 1 }, '*');
      (window as unknown as { ws: { send(t: string): void } }).ws.send('one');
    },
    { tag: PAGE_MESSAGE_TAG, hookId },
  );
  await expect.poll(async () => (await hubFrames(browser, tabId)).filter((f) => f.direction === 'in' && f.kind === 'message').length).toBe(2);
  const after = await settledFrames(browser, tabId);
  expect(after.filter((f) => f.data.includes('FORGED'))).toEqual([]);
  expect(new Set(after.map((f) => f.connectionId))).toEqual(new Set([genuine.connectionId]));
  // The attempt shows: both tagged posts are counted as rejected.
  const info = await hubTab(browser, tabId);
  expect(info).toMatchObject({ rejected: 2 });
  await page.close();
});
