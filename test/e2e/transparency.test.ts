// The page must not be able to tell that the capture hook is there: transparency.html runs the same
// API and behaviour checks in a Chromium without the extension and in one with it, and the two result
// objects must be identical. With the extension, the hook must also have handed the relay the frames
// that actually went over each connection, in order, in both directions (read where the relay's
// validated batches reach the service worker), and the page's own `message` listener must have seen
// none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Worker } from 'playwright-core';
import { CHUNK_TAG } from '../../src/bridge/chunking';
import { MAX_FRAME_CHARS, PAGE_MESSAGE_TAG, type PageConnectionOpened, type PageFrame, type PageToRelay } from '../../src/bridge/page-messages';
import { RELAY_PORT_NAME } from '../../src/bridge/relay-to-hub';
import { launchBrowser } from './support/launch';
import { watchIssues, type PageIssue } from './support/page-issues';
import { closedPort, type TestServer } from './support/server';
import { HISTORY_BODY, NDJSON_BODY, SSE_BODY, XHR_BODY, startTransparencyServer } from './support/transparency-server';

interface PageRun {
  results: { api: Record<string, unknown>; ws: Record<string, unknown>; http: Record<string, unknown> };
  /** What the relay forwarded to the hub (empty without the extension). */
  messages: PageToRelay[];
  /** Tagged messages the page's own window `message` listener saw. */
  pageSaw: unknown[];
  /** What DevTools' Issues panel lists for the page (the toolbar's issue count). */
  issues: PageIssue[];
  /** The same page under a strict policy (/csp.html): the violations it was told of, its Issues. */
  strict: { violations: unknown[]; issues: PageIssue[]; results: Record<string, unknown> };
}

type TapGlobal = typeof globalThis & {
  __tapped?: PageToRelay[];
  chrome: { runtime: { onConnect: { addListener(f: (port: { name: string; onMessage: { addListener(f: (m: unknown) => void): void } }) => void): void } } };
};

/** Collects, in the service worker, every message in the relay batches of ports that connect from now on. */
function tapRelayPorts(sw: Worker): Promise<void> {
  return sw.evaluate(
    ({ portName, chunkTag }) => {
      const g = globalThis as TapGlobal;
      g.__tapped = [];
      g.chrome.runtime.onConnect.addListener((port) => {
        if (port.name !== portName) return;
        let parts: string[] = [];
        const take = (m: unknown) => {
          const batch = m as { type?: string; messages?: PageToRelay[] };
          if (batch.type === 'batch' && batch.messages) g.__tapped!.push(...batch.messages);
        };
        port.onMessage.addListener((m) => {
          const piece = m as Record<string, unknown>;
          if (typeof piece !== 'object' || piece === null || !(chunkTag in piece)) return take(m);
          // A big batch travels as pieces of its JSON text, in order (see src/bridge/chunking.ts).
          parts.push(piece.part as string);
          if (parts.length === piece.n) {
            take(JSON.parse(parts.join('')));
            parts = [];
          }
        });
      });
    },
    { portName: RELAY_PORT_NAME, chunkTag: CHUNK_TAG },
  );
}

const KNOWN_STACK_DIFFERENCE = 'toStringOnNonFunction';

let server: TestServer;
let refusedPort: number;
let without: PageRun;
let withHook: PageRun;

async function runPage(extension: boolean): Promise<PageRun> {
  const browser = await launchBrowser({ extension });
  try {
    if (browser.serviceWorker) await tapRelayPorts(browser.serviceWorker);
    const page = await browser.context.newPage();
    const watch = await watchIssues(browser.context, page);
    await page.goto(`${server.origin}/transparency.html?refused=${refusedPort}`);
    const api = (await page.evaluate('apiChecks()')) as Record<string, unknown>;
    const ws = (await page.evaluate('wsChecks()')) as Record<string, unknown>;
    const http = (await page.evaluate('httpChecks()')) as Record<string, unknown>;
    await page.waitForTimeout(300); // let the last posted messages arrive
    const pageSaw = (await page.evaluate('hookMessages')) as unknown[];
    const messages = browser.serviceWorker
      ? await browser.serviceWorker.evaluate(() => (globalThis as TapGlobal).__tapped ?? [])
      : (pageSaw as PageToRelay[]);
    await watch.stop();
    return { results: { api, ws, http }, messages, pageSaw, issues: watch.issues, strict: await runStrictPage(browser.context) };
  } finally {
    await browser.close();
  }
}

/** The checks that open connections, on /csp.html in a new tab: what a site with a strict policy is told. */
async function runStrictPage(context: BrowserContext): Promise<PageRun['strict']> {
  const page = await context.newPage();
  const watch = await watchIssues(context, page);
  await page.goto(`${server.origin}/csp.html?refused=${refusedPort}`);
  const results = { ws: await page.evaluate('wsChecks()'), http: await page.evaluate('httpChecks()') };
  const violations = (await page.evaluate('cspViolations')) as unknown[];
  await watch.stop();
  await page.close();
  return { violations, issues: watch.issues, results };
}

beforeAll(async () => {
  server = await startTransparencyServer();
  refusedPort = await closedPort();
  without = await runPage(false);
  withHook = await runPage(true);
});

afterAll(async () => {
  await server?.close();
});

describe('what the page sees', () => {
  it('is what a browser without the extension shows, check by check', () => {
    for (const group of ['api', 'ws', 'http'] as const) {
      for (const [check, value] of Object.entries(without.results[group])) {
        if (check === KNOWN_STACK_DIFFERENCE) continue;
        expect({ check, value: withHook.results[group][check] }).toEqual({ check, value });
      }
    }
  });

  it("adds nothing to the Issues of the page's DevTools (a content script's blocked eval shows there)", () => {
    expect(without.issues).toEqual([]);
    expect(withHook.issues).toEqual([]);
  });

  it('tells a site with a strict policy (no eval, Trusted Types) of no violation, and raises no Issue there', () => {
    expect(withHook.strict.results).toEqual(without.strict.results);
    expect(without.strict).toMatchObject({ violations: [], issues: [] });
    expect(withHook.strict).toMatchObject({ violations: [], issues: [] });
  });

  it("never shows the capture's traffic to the page's own message listeners", () => {
    expect(withHook.messages.length).toBeGreaterThan(50);
    expect(withHook.pageSaw).toEqual([]);
  });

  it('differs in one known place: the stack of Function.prototype.toString called on a non-function', () => {
    // The wrapper re-captures the error's stack at the page's call site so no frame of the hook
    // script shows; that also drops the frame V8 adds for the toString builtin itself.
    const native = without.results.api[KNOWN_STACK_DIFFERENCE] as { stack: string };
    const hooked = withHook.results.api[KNOWN_STACK_DIFFERENCE] as { stack: string };
    expect(hooked).toEqual({ ...native, stack: native.stack.replace('\n    at Object.toString (<anonymous>)', '') });
    expect(hooked.stack).not.toContain('chrome-extension://');
  });

  it('holds the behaviours the checks rely on (so the comparison is not vacuous)', () => {
    const ws = without.results.ws as {
      listenerStyles: { calls: unknown; log: string[] };
      sendBeforeOpen: unknown;
      binaryRoundTrip: { blob: unknown };
      refused: unknown;
    };
    const http = without.results.http as {
      fetchSse: { text: string };
      fetchRedirectedSse: { shape: unknown };
      cancelMidStream: unknown;
      jsonResponses: { cancelResult: unknown };
      fetchErrors: { unhandled: unknown; failedReply: unknown; unhandledReply: unknown };
      eventSource: { log: unknown[][] };
      xhrStream: unknown;
    };
    expect(ws.listenerStyles.calls).toEqual({ onmessage: 2, first: 2, second: 2, removed: 0 });
    expect(ws.listenerStyles.log.at(-1)).toBe('close:4001:bye:true@3');
    expect(ws.sendBeforeOpen).toMatchObject({ name: 'InvalidStateError', dom: true });
    expect((ws.sendBeforeOpen as { stack: string }).stack).toContain('transparency-network.js');
    expect(ws.binaryRoundTrip.blob).toEqual([true, 2, '', [4, 5]]);
    expect(ws.refused).toEqual(['error@3', 'onerror:Event', 'close:1006::false@3']);
    expect(http.fetchSse.text).toBe(SSE_BODY);
    expect(http.fetchRedirectedSse.shape).toMatchObject({ redirected: true, type: 'basic', url: `${server.origin}/sse` });
    expect(http.cancelMidStream).toEqual({ gotFirst: true, cancelled: 'resolved', serverSawClose: true, afterCancel: true });
    expect(http.jsonResponses.cancelResult).toBe('resolved');
    expect(http.fetchErrors.unhandled).toMatchObject({ samePromise: true });
    expect(http.fetchErrors.failedReply).toBe('TypeError: Failed to fetch');
    expect(http.fetchErrors.unhandledReply).toMatchObject({ samePromise: true });
    expect(http.eventSource.log.map((e) => e[0])).toEqual(['open', 'message', 'tick', 'message', 'done']);
    expect(http.xhrStream).toMatchObject({ states: [1, 2, 3, 4], progressSawPartial: true, text: XHR_BODY });
    expect((without.results.ws as { bigMessage: unknown }).bigMessage).toEqual({ length: 1_200_000, allB: true });
    expect(without.messages).toEqual([]);
  });
});

/** Frames per connection, keyed by the connection's URL path (and query). */
function framesByUrl(messages: PageToRelay[]): Map<string, { connection: PageConnectionOpened; frames: PageFrame[] }[]> {
  const byId = new Map<string, { connection: PageConnectionOpened; frames: PageFrame[] }>();
  const byUrl = new Map<string, { connection: PageConnectionOpened; frames: PageFrame[] }[]>();
  for (const m of messages) {
    expect(m[PAGE_MESSAGE_TAG]).toBe(1);
    if (m.type === 'connection') {
      const entry = { connection: m, frames: [] as PageFrame[] };
      byId.set(m.id, entry);
      const u = new URL(m.url);
      const key = u.pathname + u.search;
      byUrl.set(key, [...(byUrl.get(key) ?? []), entry]);
    } else if (m.type === 'frame') {
      const entry = byId.get(m.connectionId);
      expect(entry, `frame for unknown connection ${m.connectionId}`).toBeDefined();
      entry!.frames.push(m);
    }
  }
  return byUrl;
}

function only(map: ReturnType<typeof framesByUrl>, key: string) {
  const list = map.get(key) ?? [];
  expect(list.map((e) => e.connection.url), key).toHaveLength(1);
  return list[0]!;
}

/** A frame as a short tuple: direction, kind, payload and whichever extras it has. */
const brief = (f: PageFrame) => {
  const out: unknown[] = [f.direction, f.kind, f.data];
  if (f.encoding === 'base64') out.push('base64');
  if (f.eventName !== undefined) out.push(`event=${f.eventName}`);
  if (f.eventId !== undefined) out.push(`id=${f.eventId}`);
  if (f.code !== undefined) out.push(`code=${f.code}`);
  if (f.reason !== undefined) out.push(`reason=${f.reason}`);
  return out;
};

describe('what the hook posted', () => {
  it('WebSocket: open, every message both ways in order, close with code and reason', () => {
    const map = framesByUrl(withHook.messages);
    expect(only(map, '/ws/listeners').frames.map(brief)).toEqual([
      ['in', 'open', ''],
      ['out', 'message', 'echo:abc'],
      ['in', 'message', 'hello'],
      ['in', 'message', 'abc'],
      ['out', 'message', 'close:4001:bye'],
      ['in', 'close', '', 'code=4001', 'reason=bye'],
    ]);
    expect(only(map, '/ws/binary').frames.map(brief)).toEqual([
      ['in', 'open', ''],
      ['out', 'message', 'AQID', 'base64'],
      ['in', 'message', 'AQID', 'base64'],
      ['out', 'message', 'BAU=', 'base64'],
      ['in', 'message', 'BAU=', 'base64'],
      ['out', 'message', 'Bg==', 'base64'],
      ['in', 'message', 'Bg==', 'base64'],
      ['out', 'message', 'CA==', 'base64'],
      ['in', 'message', 'CA==', 'base64'],
      ['out', 'message', 'echo:text after binary'],
      ['in', 'message', 'text after binary'],
      ['in', 'close', '', 'code=1000', 'reason='],
    ]);
    // The page never listened for messages on this one.
    expect(only(map, '/ws/silent').frames.map(brief)).toEqual([
      ['in', 'open', ''],
      ['in', 'message', 'a'],
      ['in', 'message', 'b'],
      ['in', 'close', '', 'code=1000', 'reason=done'],
    ]);
    // send() before open threw natively and was not recorded.
    expect(only(map, '/ws/early').frames.map((f) => f.kind)).toEqual(['open', 'close']);
    expect(only(map, '/').frames.map(brief)).toEqual([
      ['in', 'error', ''],
      ['in', 'close', '', 'code=1006', 'reason='],
    ]);
  });

  it('cuts a frame over MAX_FRAME_CHARS and says how long it was; the page still gets all of it', () => {
    const frames = only(framesByUrl(withHook.messages), '/ws/big').frames;
    const big = frames.find((f) => f.direction === 'in' && f.kind === 'message')!;
    expect(big.data).toBe('b'.repeat(MAX_FRAME_CHARS));
    expect(big.truncated).toEqual({ originalLength: 1_200_000 });
    expect(frames.find((f) => f.direction === 'out')).toMatchObject({ data: 'big:1200000' });
    expect(frames.find((f) => f.direction === 'out')!.truncated).toBeUndefined();
  });

  it('fetch SSE: one frame per event with its name and id, then close; redirects keep the final URL', () => {
    const map = framesByUrl(withHook.messages);
    const expected = [
      ['in', 'message', '{"type":"message_start"}', 'event=message_start', 'id=1'],
      ['in', 'message', '{"type":"delta","text":"a"}\nsecond line'],
      ['in', 'message', 't', 'event=tick', 'id=2'],
      ['in', 'message', '{"type":"message_stop"}'],
      ['in', 'close', ''],
    ];
    const sse = map.get('/sse') ?? [];
    expect(sse).toHaveLength(2); // the direct fetch and the redirected one
    for (const { connection, frames } of sse) {
      expect(connection).toMatchObject({ transport: 'sse', method: 'GET', status: 200 });
      expect(connection.responseHeaders?.['content-type']).toBe('text/event-stream');
      expect(frames.map(brief)).toEqual(expected);
    }
  });

  it('fetch NDJSON: method, request headers and body, one frame per line', () => {
    const { connection, frames } = only(framesByUrl(withHook.messages), '/ndjson');
    expect(connection).toMatchObject({ transport: 'fetch-stream', method: 'POST', requestHeaders: { 'content-type': 'application/json', 'x-trace': 't1' } });
    expect(connection.requestBody).toBe('[body of a Request object, not read]');
    const lines = NDJSON_BODY('{"prompt":"hi"}').split('\n').filter((l) => l !== '');
    expect(frames.map(brief)).toEqual([...lines.map((l) => ['in', 'message', l]), ['in', 'close', '']]);
  });

  it('fetch cancelled by the page: frames up to the cancel, then a close that says so', () => {
    const list = [...framesByUrl(withHook.messages).entries()].filter(([k]) => k.startsWith('/sse-endless?run=') && !k.endsWith('=abort'));
    expect(list).toHaveLength(1);
    const frames = list[0]![1][0]!.frames;
    expect(frames[0]).toMatchObject({ kind: 'message', data: '{"n":0}' });
    expect(frames.at(-1)).toMatchObject({ kind: 'close', data: 'cancelled by the page', reason: 'cancelled by the page' });
    const aborted = only(framesByUrl(withHook.messages), '/sse-endless?run=abort').frames;
    expect(aborted.at(-1)).toMatchObject({ kind: 'error' });
  });

  it('a client message sent as its own request that fails: the message as the page sent it, then the error', () => {
    const { connection, frames } = only(framesByUrl(withHook.messages), '/reply');
    expect(connection).toMatchObject({ transport: 'http-json', method: 'POST', requestHeaders: { 'content-type': 'application/json' } });
    expect(connection.status).toBeUndefined();
    expect(frames.map(brief)).toEqual([
      ['out', 'message', '{"type":"approval","approval_key":"k1","decisions":[{"type":"approve"}]}'],
      ['in', 'error', 'TypeError: Failed to fetch'],
    ]);
  });

  it('JSON: a History API answer becomes one http-json frame; other JSON is not captured', () => {
    const map = framesByUrl(withHook.messages);
    const history = map.get('/history.json') ?? [];
    expect(history).toHaveLength(2); // read by the page, and cancelled by the page
    for (const { connection, frames } of history) {
      expect(connection).toMatchObject({ transport: 'http-json', method: 'GET', status: 200 });
      expect(frames.map(brief)).toEqual([['in', 'message', HISTORY_BODY]]);
    }
    expect(map.has('/plain.json')).toBe(false);
    expect(map.has('/endless-status')).toBe(false);
  });

  it('EventSource: open, unnamed and listened-to named events with lastEventId', () => {
    const { connection, frames } = only(framesByUrl(withHook.messages), '/es');
    expect(connection.transport).toBe('eventsource');
    expect(frames.map(brief)).toEqual([
      ['in', 'open', ''],
      ['in', 'message', 'one', 'id=1'],
      ['in', 'message', 't1', 'event=tick', 'id=2'],
      ['in', 'message', 'two', 'id=2'],
      ['in', 'message', 'bye', 'event=done', 'id=3'],
      ['in', 'close', 'closed by the page', 'reason=closed by the page'],
    ]);
  });

  it('XHR streaming: request details and one frame per SSE event', () => {
    const { connection, frames } = only(framesByUrl(withHook.messages), '/xhr-sse');
    expect(connection).toMatchObject({ transport: 'sse', method: 'POST', requestBody: '{"q":"xhr"}', requestHeaders: { 'x-trace': 't2' }, status: 200 });
    expect(frames.map(brief)).toEqual([
      ['in', 'message', '{"x":1}'],
      ['in', 'message', '{"x":2}', 'event=step'],
      ['in', 'message', '{"x":3}'],
      ['in', 'close', ''],
    ]);
    const ndjson = only(framesByUrl(withHook.messages), '/xhr-ndjson');
    expect(ndjson.connection).toMatchObject({ transport: 'xhr', method: 'GET' });
    expect(ndjson.frames.map(brief)).toEqual([
      ['in', 'message', '{"k":1}'],
      ['in', 'message', '{"k":2}'],
      ['in', 'close', ''],
    ]);
  });
});
