// XMLHttpRequest is captured as fetch is (chat front ends built on axios send through it): an agent
// client message sent as a request of its own is recorded when the page sends it, before its response
// (which the server here holds back, as a backend that resumes the stream first would), and gets the
// response's status when that comes; a failed one gets an error frame; a JSON answer shaped like a
// History API response is recorded, other JSON is not; a JSON-RPC POST that accepts a stream and is
// answered 202 is recorded on its response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Frame } from '../../src/model/frame';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubFrames, openPanel, settledFrames, tabIdOf } from './support/panel-page';
import { readBody, startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;

const REPLY = JSON.stringify({ approval_key: 'k-1', decision: 'approve' });
const HISTORY = JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] });
const NOTIFICATION = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const FAILING = JSON.stringify({ approval_key: 'k-2', decision: 'deny' });

let replyArrived!: () => void;
const replied = new Promise<void>((r) => (replyArrived = r));
let release!: () => void;
const released = new Promise<void>((r) => (release = r));

const PAGE = `<!doctype html><meta charset="utf-8"><title>XHR</title>
<script>
function xhr(method, url, body, headers) {
  return new Promise((resolve) => {
    const x = new XMLHttpRequest();
    x.open(method, url);
    for (const [k, v] of Object.entries(headers || {})) x.setRequestHeader(k, v);
    x.onloadend = () => resolve({ status: x.status, text: x.responseText });
    x.send(body);
  });
}
</script><body>xhr</body>`;

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/xhr.html': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE),
      '/approval': (req, res) => {
        void readBody(req).then(async (body) => {
          if (body.includes('k-2')) return req.socket.destroy();
          replyArrived();
          await released;
          res.writeHead(200, { 'content-type': 'application/json', 'x-reply': 'taken' }).end('{"ok":true}');
        });
      },
      '/history': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(HISTORY),
      '/other': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1,"count":2}'),
      '/mcp': (req, res) => void readBody(req).then(() => res.writeHead(202).end()),
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  release?.();
  await browser?.close();
  await server?.close();
});

interface Exported {
  connections: { id: string; url?: string; transport: string; status?: number; responseHeaders?: Record<string, string>; requestBody?: string }[];
  frames: Frame[];
}

describe.sequential('XMLHttpRequest capture', () => {
  let page: Page;
  let tabId: number;
  let exported: Exported;

  beforeAll(async () => {
    page = await browser.context.newPage();
    await page.goto(`${server.origin}/xhr.html`);
    tabId = await tabIdOf(browser, page);
  });

  it('records a reply sent by XHR when it is sent, while its response is still held back', async () => {
    await page.evaluate((body) => {
      (window as unknown as { reply: Promise<unknown> }).reply = (window as unknown as { xhr: (...a: unknown[]) => Promise<unknown> }).xhr('POST', '/approval', body, { 'content-type': 'application/json' });
    }, REPLY);
    await replied;
    await expect.poll(async () => (await hubFrames(browser, tabId)).filter((f) => f.direction === 'out' && f.data === REPLY).length, { timeout: 30_000 }).toBe(1);
    release();
    const answer = await page.evaluate(() => (window as unknown as { reply: Promise<{ status: number }> }).reply);
    expect(answer.status).toBe(200);
  });

  it('records a history answer, leaves other JSON alone, and marks a failed reply and a JSON-RPC notification', async () => {
    const results = await page.evaluate(
      async ([failing, notification]) => {
        const x = (window as unknown as { xhr: (...a: unknown[]) => Promise<{ status: number; text: string }> }).xhr;
        return [
          await x('GET', '/history'),
          await x('GET', '/other'),
          await x('POST', '/approval', failing, { 'content-type': 'application/json' }),
          await x('POST', '/mcp', notification, { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
        ].map((r) => r.status);
      },
      [FAILING, NOTIFICATION] as const,
    );
    expect(results).toEqual([200, 200, 0, 202]);
    await settledFrames(browser, tabId);
    const panel = await openPanel(browser, tabId);
    exported = JSON.parse(await panel.evaluate(() => window.__asiExport!({ redact: false }))) as Exported;
    await panel.close();
    const framesOf = (urlEnd: string) => {
      const ids = exported.connections.filter((c) => c.url?.endsWith(urlEnd)).map((c) => c.id);
      return exported.frames.filter((f) => ids.includes(f.connectionId));
    };
    // The held reply: one outgoing frame, and its connection got the response's status and headers.
    const reply = exported.connections.filter((c) => c.requestBody === REPLY);
    expect(reply).toHaveLength(1);
    expect(reply[0]).toMatchObject({ transport: 'http-json', status: 200 });
    expect(reply[0]!.responseHeaders?.['x-reply']).toBe('taken');
    expect(exported.frames.filter((f) => f.connectionId === reply[0]!.id).map((f) => [f.direction, f.kind, f.data])).toEqual([['out', 'message', REPLY]]);
    // The failed one: sent, then an error frame.
    const failed = exported.connections.find((c) => c.requestBody === FAILING)!;
    expect(exported.frames.filter((f) => f.connectionId === failed.id).map((f) => [f.direction, f.kind, f.data])).toEqual([
      ['out', 'message', FAILING],
      ['in', 'error', 'error'],
    ]);
    expect(framesOf('/history').map((f) => [f.direction, f.kind, f.data])).toEqual([['in', 'message', HISTORY]]);
    expect(framesOf('/other')).toEqual([]);
    const mcp = exported.connections.filter((c) => c.url?.endsWith('/mcp'));
    expect(mcp).toHaveLength(1);
    expect(mcp[0]).toMatchObject({ transport: 'http-json', status: 202 });
    expect(framesOf('/mcp').map((f) => [f.direction, f.kind, f.data])).toEqual([['out', 'message', NOTIFICATION]]);
  });
});
