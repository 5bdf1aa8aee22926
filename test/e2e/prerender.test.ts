// A page prerendered from speculation rules (or the address bar's preloading) runs its scripts, its
// streams among them, before the user goes to it: a chat page fetches its conversation's history then.
// While it is prerendered it is not the tab's page, so its frames stay out of the capture; when the user
// goes to it, the navigation starts a new capture holding what the page received while prerendered.
// Before the hub held them, its frames showed among the current page's, and the navigation that showed
// the page then cleared them: its history never showed. Chromium, started without Playwright attached
// (which cancels prerendering), on a loopback server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import type { Frame } from '../../src/model/frame';
import type { DocumentRecord } from '../../src/hub/storage';
import { startTestServer, type TestServer } from './support/server';
import { until } from './support/until';
import { launchUnattached, type UnattachedChromium } from './support/unattached';
import type { ChromeTabs } from './support/panel-page';

const EVENTS = 3;

const PAGE = `<!doctype html><meta charset="utf-8"><title>current page</title>
<script type="speculationrules">{"prerender":[{"source":"list","urls":["/next"],"eagerness":"immediate"}]}</script>
<script>fetch('/stream?page=current').then((r) => r.text());</script>`;
// The prerendered page says on the server whether it ran prerendered, once its stream has ended and
// once it is shown.
const NEXT = `<!doctype html><meta charset="utf-8"><title>next page</title><script>
const prerendered = document.prerendering === true;
fetch('/stream?page=next').then((r) => r.text()).then(() => fetch('/report?streamed=' + prerendered));
document.addEventListener('prerenderingchange', () => fetch('/report?shown'));
</script>`;

let server: TestServer;
const reports = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({
    routes: {
      '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
      '/next': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(NEXT),
      '/stream': (_req, res, url) => {
        const name = url.searchParams.get('page');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (let n = 0; n < EVENTS; n++) res.write(`data: {"page":"${name}","n":${n}}\n\n`);
        res.end();
      },
      '/report': (_req, res, url) => {
        for (const [key, value] of url.searchParams) reports.set(key, value);
        res.writeHead(204).end();
      },
    },
  });
});

afterAll(async () => {
  await server?.close();
});

const eventsOf = (name: string, frames: readonly Frame[]) => frames.filter((f) => f.kind === 'message' && f.data.includes(`"page":"${name}"`));

interface HubView {
  frames: Frame[];
  documents: DocumentRecord[];
}

function hubView(worker: Worker, tabId: number): Promise<HubView> {
  return worker.evaluate(async (id: number) => ({ frames: await globalThis.__asiDebug!.frames(id), documents: await globalThis.__asiDebug!.documents(id) }), tabId);
}

describe('a page prerendered, then gone to, in Chromium', () => {
  let chromium: UnattachedChromium;
  let prerendered: string | undefined;
  let whilePrerendered: HubView;
  let shown: HubView;

  beforeAll(async () => {
    chromium = await launchUnattached();
    await chromium.open(`${server.origin}/page`);
    prerendered = await until(async () => reports.get('streamed'), (v) => v !== undefined);
    const worker = await chromium.serviceWorker();
    const tabId = await worker.evaluate(() =>
      (globalThis as unknown as ChromeTabs).chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url?.endsWith('/page'))?.id),
    );
    if (tabId === undefined) throw new Error('no tab for /page');
    // The current page's stream is in, and the prerendered page's batch has reached the hub (held).
    whilePrerendered = await until(
      () => hubView(worker, tabId),
      (v) => eventsOf('current', v.frames).length === EVENTS && v.documents.some((d) => d.prerendering === true),
    );
    const page = chromium.browser()!.contexts()[0]!.pages().find((p) => p.url().endsWith('/page'))!;
    await page.evaluate(() => {
      location.href = '/next';
    });
    await until(async () => reports.get('shown'), (v) => v !== undefined);
    shown = await until(() => hubView(worker, tabId), (v) => eventsOf('next', v.frames).length === EVENTS);
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
  });

  it('ran the next page prerendered, and showed it from the prerender', () => {
    expect(prerendered).toBe('true');
    expect(reports.get('shown')).toBe('');
  });

  it("keeps the prerendered page's frames out of the current page's capture", () => {
    expect(eventsOf('next', whilePrerendered.frames)).toEqual([]);
    expect(eventsOf('current', whilePrerendered.frames)).toHaveLength(EVENTS);
  });

  it('starts the capture of the page gone to with what it received while prerendered, numbered from 0', () => {
    expect(eventsOf('current', shown.frames)).toEqual([]);
    expect(shown.frames.map((f) => [f.index, f.kind, f.data])).toEqual([
      ...Array.from({ length: EVENTS }, (_, n) => [n, 'message', `{"page":"next","n":${n}}`]),
      [EVENTS, 'close', ''],
    ]);
    expect(shown.documents.filter((d) => d.prerendering)).toEqual([]);
  });
});
