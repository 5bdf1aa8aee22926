// The page cannot switch capture off, see it, or be broken by it: pages that wrap, break or replace
// the builtins a hook could call, before and after document_start; payloads JSON makes six times
// larger, more of them than the payload budget passes; a reply that starts 1.6 s after its request.
import path from 'node:path';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Frame } from '../../src/model/frame';
import { BUDGET_BURST_CHARS, BUDGET_CHARS_PER_SECOND, BUDGET_HEAD_CHARS, BUDGET_NOTICE_CAPTURE, BUDGET_NOTICE_WHY } from '../../src/capture/payload-budget';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { hubFrames, hubTab, LIVE, openPanel, settledFrames, tabIdOf, waitForFrameCount } from './support/panel-page';
import { startTestServer, type TestServer } from './support/server';

let browser: LaunchedBrowser;
let server: TestServer;
const reports: Array<{ url: URL; resolve(url: URL): void }> = [];
let nextReport: ((url: URL) => void) | undefined;

const SLOW_MS = 1600;
const CONTROL_FRAMES = 60;
const CONTROL_CHARS = 900_000;

function sse(res: http.ServerResponse, n: number, close: boolean) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  for (let i = 0; i < n; i++) res.write(`data: {"n":${i},"text":"ünïcode \\u0001 ${i}"}\n\n`);
  if (close) res.write('event: done\ndata: {}\n\n');
  res.end();
}

beforeAll(async () => {
  server = await startTestServer({
    staticDir: path.resolve(__dirname, 'pages'),
    routes: {
      '/sse': (req, res, url) => {
        req.resume();
        sse(res, Number(url.searchParams.get('n') ?? 10), url.searchParams.has('close'));
      },
      '/slow-sse': (req, res) => {
        req.resume();
        setTimeout(() => sse(res, 3, false), SLOW_MS);
      },
      '/history': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }));
      },
      '/approval': (req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      },
      '/report': (_req, res, url) => {
        res.writeHead(204).end();
        nextReport?.(url);
      },
      '/favicon.ico': (_req, res) => {
        res.writeHead(204).end();
      },
      '/blank': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title><p>blank</p>');
      },
    },
    onWebSocket(socket) {
      socket.on('message', (data, binary) => {
        if (binary) return socket.send(data, { binary: true });
        const text = String(data);
        const go = /^go (\d+)$/.exec(text);
        if (go) {
          for (let i = 0; i < Number(go[1]); i++) socket.send(`{"n":${i}}`);
          socket.send('end');
        }
        const control = /^control (\d+) (\d+)$/.exec(text);
        if (control) {
          const payload = '\u0001'.repeat(Number(control[2]));
          for (let i = 0; i < Number(control[1]); i++) socket.send(payload);
          socket.send('end');
        }
      });
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});
void reports;

interface PageRun {
  page: Page;
  tabId: number;
  report: URL;
  /** Uncaught errors and console errors the page saw. */
  errors: string[];
}

/** Opens the hardening page (`init` runs before any other script, like a sabotage from elsewhere) and waits for its report. */
async function runPage(mode: 'none' | 'wrap' | 'break', n: number, init?: string): Promise<PageRun> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}\n${err.stack ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} ${m.location().url}`);
  });
  if (init) await page.addInitScript(init);
  const reported = new Promise<URL>((resolve) => (nextReport = resolve));
  await page.goto(`${server.origin}/hardening.html?mode=${mode}&n=${n}`);
  const report = await Promise.race([
    reported,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the page never reported')), 45_000)),
  ]);
  return { page, tabId: await tabIdOf(browser, page), report, errors };
}

const countsOf = (report: URL) =>
  Object.fromEntries([...report.searchParams].filter(([k]) => k.startsWith('count.')).map(([k, v]) => [k.slice(6), Number(v)]));

const messagesOf = (frames: Frame[], connections: Set<string>) => frames.filter((f) => f.kind === 'message' && connections.has(f.connectionId));

/** The connection ids of each transport, from the panel's export (what the user gets). */
async function exported(tabId: number, frames: number): Promise<{ connections: Array<Record<string, unknown> & { id: string; transport: string }>; frames: Frame[] }> {
  const panel = await openPanel(browser, tabId, frames);
  const text = await panel.evaluate(() => window.__asiExport!());
  await panel.close();
  return JSON.parse(text) as never;
}

function checkAllCaptured(frames: Frame[], file: Awaited<ReturnType<typeof exported>>, n: number) {
  const ids = (transport: string) => new Set(file.connections.filter((c) => c.transport === transport).map((c) => c.id));
  const ws = messagesOf(frames, ids('websocket'));
  expect(ws.filter((f) => f.direction === 'in' && f.encoding !== 'base64')).toHaveLength(n + 1); // and 'end'
  expect(ws.filter((f) => f.encoding === 'base64').map((f) => f.data)).toEqual(['AQID', 'AQID']); // sent and echoed
  // fetch and XHR SSE (both `sse`), then the EventSource's events and its `done`.
  expect(messagesOf(frames, ids('sse'))).toHaveLength(2 * n);
  expect(messagesOf(frames, ids('eventsource'))).toHaveLength(n + 1);
  // The History API answer and the approval reply, with its response's status on its record.
  expect(messagesOf(frames, ids('http-json')).map((f) => f.direction)).toEqual(['in', 'out']);
  expect(file.connections.find((c) => c.url === `${server.origin}/approval`)).toMatchObject({ transport: 'http-json', status: 200 });
  const xhr = file.connections.find((c) => c.transport === 'sse' && c.requestBody === '{"prompt":"xhr"}');
  expect(xhr, 'the XHR request body').toBeDefined();
}

describe('a page that wraps or breaks builtins after document_start', () => {
  const N = 40;
  for (const mode of ['wrap', 'break'] as const) {
    it(`${mode}: the hook calls none of them, every frame is captured, the page sees no error`, async () => {
      const run = await runPage(mode, N);
      expect(run.report.searchParams.get('error')).toBeNull();
      // Nothing at all, promise methods included: a tapped body is read without a pipe, whose
      // promises resolved with promises made the browser call Promise.prototype.then from a job.
      const counts = countsOf(run.report);
      expect(['then', 'catch', 'finally'].map((m) => counts[`Promise.prototype.${m}`] ?? 0)).toEqual([0, 0, 0]);
      expect(counts).toEqual({});
      // The page's own traffic and behaviour: everything arrived, its own calls still reach its wrappers.
      expect(Object.fromEntries(['ws', 'wsBinary', 'fetchSse', 'xhrSse', 'eventSource', 'history', 'reply', 'own'].map((k) => [k, Number(run.report.searchParams.get(k))]))).toEqual({
        ws: N,
        wsBinary: 1,
        fetchSse: N,
        xhrSse: N,
        eventSource: N,
        history: 1,
        reply: 1,
        own: 1,
      });
      const frames = await settledFrames(browser, run.tabId);
      checkAllCaptured(frames, await exported(run.tabId, frames.length), N);
      expect(run.errors).toEqual([]);
      await run.page.close();
    });
  }
});

/** After `sabotage`, the page's own traffic works, nothing is thrown into it, nothing is captured, and the panel says `notice`. */
async function expectAllCaptureOff(sabotage: string, notice: string) {
  const run = await runPage('none', 10, sabotage);
  expect(run.report.searchParams.get('error')).toBeNull();
  expect(Number(run.report.searchParams.get('ws'))).toBe(10);
  expect(run.errors).toEqual([]);
  const panel = await openPanel(browser, run.tabId);
  const line = panel.locator('[data-testid="capture-notice"]');
  await line.waitFor();
  expect(await line.textContent()).toContain(notice);
  expect((await hubFrames(browser, run.tabId)).length).toBe(0);
  await panel.close();
  await run.page.close();
}

describe('a page whose builtins were replaced before the hook started', () => {
  it('leaves every capture off when core builtins were replaced, says so in the panel, and throws nothing into the page', async () => {
    const sabotage = `
      JSON.stringify = function stringify() { throw new Error('sabotaged'); };
      const charCodeAt = String.prototype.charCodeAt;
      String.prototype.charCodeAt = function charCodeAt2(i) { return Reflect.apply(charCodeAt, this, [i]); };`;
    await expectAllCaptureOff(sabotage, 'all capture is off: JSON.stringify, String.prototype.charCodeAt were replaced before the inspector started');
  });

  it('says in the panel that capture is off when the hook could not open its channel to the relay, and throws nothing into the page', async () => {
    // The channel's own builtins: the hook then stays silent rather than run the page's code.
    const sabotage = `
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function addEventListener(...a) { return Reflect.apply(add, this, a); };`;
    await expectAllCaptureOff(sabotage, "all capture is off: the inspector's page script never reported in");
  });

  it('takes a Proxy around the real JSON.stringify (it passes as native code) for a replacement: capture off, named in the panel, nothing thrown', async () => {
    // A Proxy prints as "[native code]"; the hook used to call this one while its module loaded.
    const sabotage = `JSON.stringify = new Proxy(JSON.stringify, { apply() { throw new Error('sabotaged JSON.stringify'); } });`;
    await expectAllCaptureOff(sabotage, 'all capture is off: JSON.stringify was replaced before the inspector started');
  });

  it('throws nothing into the page when a Proxied builtin throws while the hook loads, and says capture is off', async () => {
    // Function.prototype.bind is called while the hook's modules load, before any check could run.
    const sabotage = `
      Function.prototype.bind = new Proxy(Function.prototype.bind, { apply() { throw new Error('sabotaged bind'); } });
      Reflect.getOwnPropertyDescriptor = new Proxy(Reflect.getOwnPropertyDescriptor, { apply() { throw new Error('sabotaged descriptor'); } });`;
    await expectAllCaptureOff(sabotage, "all capture is off: the inspector's page script never reported in");
  });

  it('shows no such notice on a page whose hook reported in', async () => {
    const run = await runPage('none', 10);
    const frames = await settledFrames(browser, run.tabId);
    expect(frames.length).toBeGreaterThan(0);
    const panel = await openPanel(browser, run.tabId, frames.length);
    expect(await panel.locator('[data-testid="capture-notice"]').count()).toBe(0);
    await panel.close();
    await run.page.close();
  });

  it('leaves only fetch capture off when only fetch was replaced, and captures the rest', async () => {
    const sabotage = `const f = window.fetch; window.fetch = function fetch(...a) { return Reflect.apply(f, this, a); };`;
    const run = await runPage('none', 10, sabotage);
    expect(run.report.searchParams.get('error')).toBeNull();
    expect(run.errors).toEqual([]);
    const frames = await settledFrames(browser, run.tabId);
    const panel = await openPanel(browser, run.tabId, frames.length);
    const notice = panel.locator('[data-testid="capture-notice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('fetch capture is off: fetch was replaced before the inspector started');
    const file = JSON.parse(await panel.evaluate(() => window.__asiExport!())) as Awaited<ReturnType<typeof exported>>;
    const transports = new Set(file.connections.map((c) => c.transport));
    expect(transports.has('websocket')).toBe(true);
    expect(transports.has('eventsource')).toBe(true);
    expect(file.connections.filter((c) => c.transport === 'sse').map((c) => c.requestBody)).toEqual(['{"prompt":"xhr"}']); // XHR only
    await panel.close();
    await run.page.close();
  });
});

describe('payloads JSON makes larger, and more of them than the page can spare', () => {
  it(`a tab of ${CONTROL_FRAMES} frames of ${CONTROL_CHARS} control characters opens live: each cut at the byte bound, past the budget at its head or counted, and the panel says why`, { timeout: 240_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/blank?control`);
    const tabId = await tabIdOf(browser, page);
    const started = Date.now();
    await page.evaluate(
      ([frames, chars]) =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
          ws.onopen = () => ws.send(`control ${frames} ${chars}`);
          ws.onmessage = (e) => {
            if (e.data === 'end') resolve();
          };
        }),
      [CONTROL_FRAMES, CONTROL_CHARS] as const,
    );
    const seconds = (Date.now() - started) / 1000;
    let frames: Frame[] = [];
    let notKept = 0;
    // Every frame the page received is in the hub or counted as not kept (the count comes with the
    // hook's health report, up to a second after the frames).
    await expect
      .poll(
        async () => {
          frames = await hubFrames(browser, tabId);
          notKept = (await hubTab(browser, tabId))?.notKept ?? 0;
          return frames.filter((f) => f.kind === 'message' && f.direction === 'in').length + notKept;
        },
        { timeout: 180_000, interval: 1000 },
      )
      .toBe(CONTROL_FRAMES + 1); // and 'end'
    const big = frames.filter((f) => f.truncated);
    expect(big.length + notKept).toBe(CONTROL_FRAMES);
    for (const f of big) {
      expect(f.truncated!.originalLength).toBe(CONTROL_CHARS);
      expect(f.data).toBe('\u0001'.repeat(f.data.length));
      expect(new TextEncoder().encode(JSON.stringify(f.data)).length - 2).toBeLessThanOrEqual(1_000_000);
    }
    // The first ones pass the budget and are cut only at the byte bound; once it is spent, the first of
    // each run keeps its head and the ones right after it are only counted, until one passes whole again
    // (the budget's burst and refill over the time the page took bound those).
    const bounded = big.filter((f) => f.data.length > 160_000);
    const headed = big.filter((f) => f.data.length === BUDGET_HEAD_CHARS);
    expect(bounded.length + headed.length).toBe(big.length);
    expect(bounded.length).toBeGreaterThanOrEqual(1);
    expect(headed.length).toBeGreaterThanOrEqual(1);
    expect(notKept).toBeGreaterThanOrEqual(1);
    const inOrder = frames.filter((f) => f.kind === 'message' && f.direction === 'in');
    for (let i = 1; i < inOrder.length; i++) {
      if (inOrder[i]!.data.length === BUDGET_HEAD_CHARS) expect(inOrder[i - 1]!.data.length).not.toBe(BUDGET_HEAD_CHARS);
    }
    expect(bounded.length * CONTROL_CHARS).toBeLessThanOrEqual(BUDGET_BURST_CHARS + BUDGET_CHARS_PER_SECOND * (seconds + 1) + CONTROL_CHARS);
    expect(frames.find((f) => f.data === 'end')!.truncated).toBeUndefined();
    const panel = await browser.context.newPage();
    await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
    await panel.waitForSelector(LIVE, { timeout: 60_000 });
    await waitForFrameCount(panel, frames.length);
    expect(await panel.textContent('[data-testid="capture-notice"]')).toContain(`${BUDGET_NOTICE_CAPTURE}: ${BUDGET_NOTICE_WHY}`);
    expect(await panel.textContent('.toolbar .cut')).toBe(`${big.length} frame${big.length === 1 ? '' : 's'} cut`);
    expect(await panel.textContent('[data-testid="not-kept"]')).toBe(`${notKept} frame${notKept === 1 ? '' : 's'} not kept`);
    // Where they were: the connection's next frame after each run carries the run's count, and the
    // run ended with 'end', so together they are every payload not kept.
    const marked = frames.filter((f) => f.notKeptBefore !== undefined);
    expect(marked.reduce((n, f) => n + f.notKeptBefore!, 0)).toBe(notKept);
    for (const f of marked) {
      const before = inOrder[inOrder.indexOf(f) - 1]!;
      expect(before.data.length).toBe(BUDGET_HEAD_CHARS);
    }
    const end = frames.find((f) => f.data === 'end')!;
    expect(end.notKeptBefore).toBeGreaterThanOrEqual(1);
    const timeline = panel.locator('[data-testid="timeline"]');
    await timeline.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const endRow = panel.locator(`#frame-${end.index}`);
    await endRow.waitFor();
    expect(await endRow.locator('[data-testid="not-kept-mark"]').getAttribute('data-count')).toBe(String(end.notKeptBefore));
    expect(await endRow.locator('[data-testid="not-kept-mark"]').textContent()).toBe(`⋯${end.notKeptBefore} not kept`);
    // The filter finds them: `is:gap` keeps the frames right after a gap, `is:cut` the cut ones.
    await panel.fill('.filter-text', 'is:gap');
    await expect.poll(() => timeline.getAttribute('data-shown')).toBe(String(marked.length));
    await panel.fill('.filter-text', 'is:cut');
    await expect.poll(() => timeline.getAttribute('data-shown')).toBe(String(big.length));
    await panel.fill('.filter-text', '');
    await expect.poll(() => timeline.getAttribute('data-shown')).toBe(String(frames.length));
    await timeline.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await endRow.waitFor();
    await endRow.click();
    await panel.locator(`[data-testid="frame-detail"][data-index="${end.index}"] [data-testid="not-kept-before"]`).waitFor();
    expect(await panel.textContent('[data-testid="not-kept-before"]')).toContain(`${end.notKeptBefore} frame${end.notKeptBefore === 1 ? '' : 's'} right before it on this connection not kept`);
    await panel.close();
    await page.close();
  });
});

describe('when requests start', () => {
  it(`records the request's start, not its answer: a reply ${SLOW_MS} ms late shows as time to first byte`, async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.origin}/blank?slow`);
    const tabId = await tabIdOf(browser, page);
    const big = 'x'.repeat(1_500_000);
    await page.evaluate(async (bigBody) => {
      const viaFetch = fetch('/slow-sse', { method: 'POST', body: new TextEncoder().encode('{"prompt":"bytes"}') }).then((r) => r.text());
      const viaXhr = new Promise<void>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', '/slow-sse');
        xhr.onload = () => resolve();
        xhr.send(`{"prompt":"${bigBody}"}`);
      });
      await Promise.all([viaFetch, viaXhr]);
    }, big);
    const frames = await settledFrames(browser, tabId);
    const file = await exported(tabId, frames.length);
    const conns = file.connections.filter((c) => c.transport === 'sse');
    expect(conns, JSON.stringify(file.connections).slice(0, 2000)).toHaveLength(2);
    for (const c of conns) {
      const first = file.frames.find((f) => f.connectionId === c.id && f.kind === 'message')!;
      const startedAt = c.startedAt as number;
      expect(first.time - startedAt).toBeGreaterThanOrEqual(SLOW_MS - 100);
      expect(first.time - startedAt).toBeLessThan(30_000);
      expect((c.responseAt as number) - startedAt).toBeGreaterThanOrEqual(SLOW_MS - 100);
    }
    // Bodies: bytes read as text; a body over the bound cut at it (bytes of JSON) and marked.
    expect(conns.map((c) => c.requestBody)).toContain('{"prompt":"bytes"}');
    const cut = conns.find((c) => c.requestBodyTruncated)!;
    expect(cut.requestBodyTruncated).toEqual({ originalLength: big.length + '{"prompt":""}'.length });
    const bodyBytes = new TextEncoder().encode(JSON.stringify(cut.requestBody)).length - 2;
    expect(bodyBytes).toBeLessThanOrEqual(1_000_000);
    expect(bodyBytes).toBeGreaterThan(999_990);
    await page.close();
  });
});
