// The Firefox build in a real Firefox (Debian's firefox-esr over WebDriver BiDi), installed as a temporary
// add-on: a demo session over WebSocket, over SSE read from a streaming fetch, and over EventSource is
// captured in a tab; each reaches the background hub complete and in order and is read in the panel page
// (panel.html?tabId=<id>) with every frame listed and the reference rendering of the session's texts, and
// its exported file checks clean. A new page in the tab clears its log.
// Expected texts are the demo scenario's own events (demo/scenarios/normal.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { createParser } from 'eventsource-parser';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import * as normal from '../../demo/scenarios/normal';
import type { Frame } from '../../src/model/frame';
import { FIREFOX_PATH, launchFirefox, waitInPage, type LaunchedFirefox } from './support/firefox';

const ROOT = path.resolve(__dirname, '../..');

/** The demo page's transports: WebSocket, SSE read from a streaming fetch, and EventSource. */
const TRANSPORTS = ['ws', 'sse', 'eventsource'] as const;
type Transport = (typeof TRANSPORTS)[number];

let firefox: LaunchedFirefox;
let demo: DemoServer;
let outDir: string;

/** The scenario's text blocks as a correct client shows them: each block's deltas joined, in order. */
function scenarioTexts(): string[] {
  const texts: string[] = [];
  const open = new Map<number, number>();
  for (const step of normal.events) {
    if (!('type' in step)) continue;
    const event = step as { type: string; index?: number; content_block?: { type: string }; delta?: { type: string; text?: string } };
    if (event.type === 'content_block_start' && event.content_block?.type === 'text') open.set(event.index!, texts.push('') - 1);
    const at = open.get(event.index!);
    if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta' && at !== undefined) texts[at] += event.delta.text ?? '';
  }
  return texts;
}

/** What the demo server sent for the session: its own SSE replay from the start (the run is over). */
async function serverLog(sessionId: string): Promise<string[]> {
  const res = await fetch(`${demo.url}sse?session=${encodeURIComponent(sessionId)}&last_event_id=0`);
  const out: string[] = [];
  const parser = createParser({ onEvent: (e) => out.push(e.data) });
  parser.feed(await res.text());
  return out;
}

/** Plays the run until the page says it is idle (the normal scenario asks nothing of the user). */
async function playToEnd(page: Page): Promise<void> {
  await waitInPage(
    page,
    () => {
      const info = document.querySelector('#info')?.textContent ?? '';
      return Number(/(\d+) events/.exec(info)?.[1] ?? 0) > 0 && info.includes('idle');
    },
    undefined,
    'the demo run',
  );
}

/** Polls the hub until it holds the server's last event and stops growing (the relay batches, closes come late). */
async function settledFrames(tabId: number, last: string): Promise<Frame[]> {
  let previous = -1;
  let frames: Frame[] = [];
  for (let i = 0; i < 100; i++) {
    frames = await firefox.hubFrames(tabId);
    if (frames.some((f) => f.data === last) && frames.length === previous) return frames;
    previous = frames.length;
    await new Promise((r) => setTimeout(r, 150));
  }
  return frames;
}

interface Captured {
  sessionId: string;
  sent: string[];
  frames: Frame[];
  panelFrames: number;
  protocol: string;
  texts: string[];
  file: string;
}

async function capture(transport: Transport): Promise<Captured> {
  const page = await firefox.browser.newPage();
  await page.goto(`${demo.url}?scenario=normal&transport=${transport}`);
  await page.click('#start');
  await waitInPage(page, () => new URL(location.href).searchParams.has('session'), undefined, 'starting the run');
  await playToEnd(page);
  const sessionId = new URL(await page.evaluate(() => location.href)).searchParams.get('session')!;
  const sent = await serverLog(sessionId);
  const tabId = await firefox.tabIdOf(page);
  const frames = await settledFrames(tabId, sent.at(-1)!);

  const panel = await firefox.openExtensionPage(`panel.html?tabId=${tabId}`);
  await waitInPage(
    panel,
    (n: number) =>
      document.querySelector('[data-testid="link"][data-state="live"]') !== null &&
      Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')) >= n,
    frames.length,
    'the panel',
  );
  const panelFrames = await panel.$eval('[data-testid="frame-count"]', (el) => Number(el.getAttribute('data-count')));
  const protocol = await panel.$eval('[data-testid="rendering"] .protocol', (el) => el.textContent ?? '');
  const texts = await panel.$$eval('[data-testid="rendering"] .view-items > .view-item > .text .text-body', (els) =>
    els.map((e) => e.textContent ?? ''),
  );
  const file = path.join(outDir, `normal-${transport}.asi.json`);
  fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
  await panel.close();
  await page.close();
  return { sessionId, sent, frames, panelFrames, protocol, texts, file };
}

const runs = new Map<Transport, Captured>();

const hasFirefox = fs.existsSync(FIREFOX_PATH);
const title = hasFirefox ? 'the Firefox build in Firefox ESR' : `the Firefox build (skipped: no ${FIREFOX_PATH}; apt-get install firefox-esr)`;

describe.skipIf(!hasFirefox)(title, () => {
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-firefox-'));
    demo = await startDemoServer({ port: 0, delayScale: 0 });
    firefox = await launchFirefox();
    // One run at a time: the machine has two cores and Firefox uses both.
    for (const transport of TRANSPORTS) runs.set(transport, await capture(transport));
  }, 180_000);

  afterAll(async () => {
    await firefox?.close();
    await demo?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  describe.each(TRANSPORTS)('the normal scenario over %s', (transport) => {
    const run = () => runs.get(transport)!;
    const messages = (direction: 'in' | 'out') => run().frames.filter((f) => f.kind === 'message' && f.direction === direction);

    it('reaches the hub complete and in order', () => {
      const { frames, sent } = run();
      expect(sent.length).toBeGreaterThan(10);
      expect(messages('in').filter((f) => sent.includes(f.data)).map((f) => f.data)).toEqual(sent);
      expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => frames[0]!.index + i));
    });

    it.runIf(transport === 'ws')('captures what the page sent over the socket', () => {
      const out = messages('out').map((f) => JSON.parse(f.data) as Record<string, unknown>);
      expect(out[0]).toMatchObject({ type: 'user_message', session_id: run().sessionId, scenario: 'normal', text: normal.meta.userText });
    });

    it('is listed and rendered by the panel page', () => {
      expect(run().panelFrames).toBe(run().frames.length);
      expect(run().protocol).toBe('flat-block');
      expect(run().texts).toEqual(scenarioTexts());
    });

    it('exports a file that checks clean', () => {
      const cli = spawnSync('node', [path.join(ROOT, 'bin/agent-stream-inspector.mjs'), 'check', '--json', run().file], { cwd: ROOT, encoding: 'utf8' });
      expect(cli.status, cli.stderr).toBe(0);
      const results = JSON.parse(cli.stdout) as Array<{ protocol: string; frames: number; findings: Array<{ severity: string; rule: string }> }>;
      expect(results.map((r) => r.protocol)).toContain('flat-block');
      expect(results.flatMap((r) => r.findings).filter((f) => f.severity !== 'info')).toEqual([]);
    });
  });

  it('clears the tab\'s log when a new page commits in it (webNavigation)', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(`${demo.url}?scenario=normal&transport=ws`);
    await page.click('#start');
    await playToEnd(page);
    const tabId = await firefox.tabIdOf(page);
    // The relay hands frames to the hub in batches: the page may be idle before the last batch lands.
    let before = await firefox.hubFrames(tabId);
    for (let i = 0; i < 100 && before.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      before = await firefox.hubFrames(tabId);
    }
    expect(before.length).toBeGreaterThan(0);
    await page.goto(`${demo.url}?scenario=todos&transport=ws`);
    let frames = await firefox.hubFrames(tabId);
    for (let i = 0; i < 100 && frames.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      frames = await firefox.hubFrames(tabId);
    }
    expect(frames).toEqual([]);
    await page.close();
  });
});
