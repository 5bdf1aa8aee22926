// A page that attacks the hook's private channel to the relay, to put forged frames into its own log:
// - in a same-origin iframe or popup it prepared before the child loaded (the child keeps the window of
//   its first about:blank document): a Proxy on the child's EventTarget.prototype.dispatchEvent (with
//   Function.prototype.toString wrapped to say "native" for it) takes the channel from the hook's offer;
//   or the child's setTimeout is replaced so the hook stays silent, and the page offers its own channel;
// - in its own document, with setTimeout replaced before the hook (an init script), the page offers
//   its own channel once it runs.
// Each time the page then dispatches batches of forged connections and frames. None may reach the hub
// or the panel; the panel says capture is off there; nothing is thrown into the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHANNEL_BATCH_EVENT, CHANNEL_OFFER_EVENT, PAGE_MESSAGE_TAG } from '../../src/bridge/page-messages';
import { PREPARABLE_DOCUMENT } from '../../src/bridge/relay/trust';
import { HOOK_NEVER_CONNECTED } from '../../src/bridge/relay/relay';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubFrames, openPanel, tabIdOf } from './support/panel-page';
import { startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;

const FORGED = 'FORGED-FRAME';

/** The forged batch: a connection and three frames, valid in every field. */
const forgedBatch = JSON.stringify([
  { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'forged-1', transport: 'websocket', url: 'ws://forged.example/', time: 1 },
  ...[1, 2, 3].map((n) => ({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'forged-1', time: 1 + n, direction: 'in', kind: 'message', data: `${FORGED} ${n}` })),
]);

/** Runs in a page: prepares a child window (`w`) the way `route` says; returns what forges once it loaded. */
function attackScript(): string {
  return `
  const OFFER = ${JSON.stringify(CHANNEL_OFFER_EVENT)};
  const BATCH = ${JSON.stringify(CHANNEL_BATCH_EVENT)};
  const FORGED_BATCH = ${JSON.stringify(forgedBatch)};
  window.attack = { stolen: 0, forged: 0 };
  // Wraps dispatchEvent in w's realm to keep the channel of any offer, and toString to hide the wrap.
  function prepareDispatch(w) {
    const realToString = w.Function.prototype.toString;
    const realDispatch = w.EventTarget.prototype.dispatchEvent;
    const masks = new Map();
    const toString = new w.Proxy(realToString, { apply: (t, self, args) => Reflect.apply(t, masks.get(self) || self, args) });
    const dispatch = new w.Proxy(realDispatch, {
      apply(t, self, args) {
        const e = args[0];
        if (e && e.type === OFFER && e.relatedTarget) { window.attack.channel = e.relatedTarget; window.attack.stolen++; }
        return Reflect.apply(t, self, args);
      },
    });
    masks.set(toString, realToString);
    masks.set(dispatch, realDispatch);
    w.Function.prototype.toString = toString;
    w.EventTarget.prototype.dispatchEvent = dispatch;
  }
  // Replaces setTimeout in w's realm: the hook then finds a builtin it needs replaced and stays silent.
  function prepareTimeout(w) {
    const real = w.setTimeout;
    w.setTimeout = function setTimeout(f, ms) { return real(f, ms); };
  }
  // After the child loaded: forge through the stolen channel, or offer a channel of the page's own.
  function forge(w) {
    let channel = window.attack.channel;
    if (!channel) {
      channel = new w.EventTarget();
      w.dispatchEvent(new w.FocusEvent(OFFER, { relatedTarget: channel, cancelable: true }));
    }
    for (let i = 0; i < 3; i++) {
      channel.dispatchEvent(new w.CustomEvent(BATCH, { detail: FORGED_BATCH }));
      window.attack.forged++;
    }
  }`;
}

function parentPage(route: string): string {
  const [kind, how] = route.split('-');
  return `<!doctype html><meta charset="utf-8"><title>attacker</title><body><script>
  ${attackScript()}
  const prepare = ${how === 'dispatch' ? 'prepareDispatch' : 'prepareTimeout'};
  let w;
  ${
    kind === 'iframe'
      ? `const f = document.createElement('iframe'); f.src = '/child'; document.body.append(f); w = f.contentWindow;`
      : `w = window.open('/child', 'child-' + Math.random());`
  }
  prepare(w);
  // The child reports when it has loaded and its own socket has answered.
  window.addEventListener('message', (e) => {
    if (e.data !== 'child-ready') return;
    forge(e.source);
    window.attackDone = true;
  });
  </script>`;
}

/** The child: a page with a socket of its own, which tells its parent or opener when it is done. */
const CHILD = `<!doctype html><meta charset="utf-8"><title>child</title><script>
  const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
  ws.onopen = () => ws.send('go 3');
  ws.onmessage = (e) => { if (e.data === 'end') (window.opener || window.parent).postMessage('child-ready', '*'); };
</script>`;

/** A top document that forges once it runs (setTimeout was replaced before the hook, by an init script). */
const SELF = `<!doctype html><meta charset="utf-8"><title>self</title><script>
  ${attackScript()}
  const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
  ws.onopen = () => ws.send('go 3');
  ws.onmessage = (e) => { if (e.data === 'end') { forge(window); window.attackDone = true; } };
</script>`;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/attack': (_req, res, url) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(parentPage(url.searchParams.get('route') ?? ''));
      },
      '/child': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(CHILD);
      },
      '/self': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(SELF);
      },
      '/favicon.ico': (_req, res) => {
        res.writeHead(204).end();
      },
    },
    onWebSocket(socket) {
      socket.on('message', (data) => {
        const go = /^go (\d+)$/.exec(String(data));
        if (!go) return;
        for (let i = 0; i < Number(go[1]); i++) socket.send(`{"n":${i}}`);
        socket.send('end');
      });
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** No forged frame or connection in the tab's log, and the panel shows `notice`. */
async function expectNothingForged(tabId: number, notice: string) {
  const panel = await openPanel(browser, tabId);
  const line = panel.locator('[data-testid="capture-notice"]');
  await line.waitFor();
  expect(await line.textContent()).toContain(notice);
  const frames = await hubFrames(browser, tabId);
  expect(frames.filter((f) => f.data.includes(FORGED) || f.connectionId.endsWith('forged-1'))).toEqual([]);
  // The panel's own log holds what the hub holds, the forged frames not among them.
  expect(await panel.locator('[data-testid="frame-count"]').getAttribute('data-count')).toBe(String(frames.length));
  const exported = JSON.parse(await panel.evaluate(() => window.__asiExport!())) as { connections: Array<{ url: string }> };
  expect(exported.connections.filter((c) => c.url.includes('forged'))).toEqual([]);
  await panel.close();
}

describe('a page attacking the channel of a child it prepared before the child loaded', () => {
  for (const route of ['iframe-dispatch', 'iframe-timeout']) {
    it(`${route}: no forged frame in the log, the panel says capture is off in the frame`, async () => {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${server.origin}/attack?route=${route}`);
      await page.waitForFunction(() => (window as unknown as { attackDone?: boolean }).attackDone === true);
      const attack = await page.evaluate(() => (window as unknown as { attack: { stolen: number; forged: number } }).attack);
      expect(attack.forged).toBe(3);
      // The dispatch route did take the hook's channel: the relay must not be listening on it.
      if (route === 'iframe-dispatch') expect(attack.stolen).toBeGreaterThan(0);
      await expectNothingForged(await tabIdOf(browser, page), PREPARABLE_DOCUMENT);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const route of ['popup-dispatch', 'popup-timeout']) {
    it(`${route}: no forged frame in either tab's log, the popup's panel says capture is off there`, async () => {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      const popupOpened = page.waitForEvent('popup');
      await page.goto(`${server.origin}/attack?route=${route}`);
      const popup = await popupOpened;
      const popupErrors = watchErrors(popup);
      await page.waitForFunction(() => (window as unknown as { attackDone?: boolean }).attackDone === true);
      const attack = await page.evaluate(() => (window as unknown as { attack: { stolen: number; forged: number } }).attack);
      expect(attack.forged).toBe(3);
      if (route === 'popup-dispatch') expect(attack.stolen).toBeGreaterThan(0);
      await expectNothingForged(await tabIdOf(browser, popup), PREPARABLE_DOCUMENT);
      const parentFrames = await hubFrames(browser, await tabIdOf(browser, page));
      expect(parentFrames.filter((f) => f.data.includes(FORGED))).toEqual([]);
      expect([...errors, ...popupErrors]).toEqual([]);
      await popup.close();
      await page.close();
    });
  }
});

describe('a page attacking the channel of its own document', () => {
  it('a hook kept silent by a setTimeout replaced before it: the page offers its own channel later, nothing forged is taken', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript(`const real = window.setTimeout; window.setTimeout = function setTimeout(f, ms) { return real(f, ms); };`);
    await page.goto(`${server.origin}/self`);
    await page.waitForFunction(() => (window as unknown as { attackDone?: boolean }).attackDone === true);
    expect(await page.evaluate(() => (window as unknown as { attack: { forged: number } }).attack.forged)).toBe(3);
    await expectNothingForged(await tabIdOf(browser, page), HOOK_NEVER_CONNECTED.slice(0, 40));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unprepared document: the page offering a channel of its own after start changes nothing, its traffic is captured', async () => {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.origin}/self`);
    await page.waitForFunction(() => (window as unknown as { attackDone?: boolean }).attackDone === true);
    const tabId = await tabIdOf(browser, page);
    // The page's own socket: its three frames and 'end' (plus the 'go 3' it sent).
    await expect.poll(async () => (await hubFrames(browser, tabId)).filter((f) => f.kind === 'message').length).toBe(5);
    const frames = await hubFrames(browser, tabId);
    expect(frames.filter((f) => f.data.includes(FORGED))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
