// Every demo scenario over WebSocket and over SSE, clean and buggy, through the real extension:
// the hub must hold every frame the server sent (and, over WebSocket, every frame the page sent)
// in order, the panel must list them, and the exported file must check clean or break exactly the
// scenario's rules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createParser } from 'eventsource-parser';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { scenarios } from '../../demo/scenarios/index';
import type { Frame } from '../../src/model/frame';
import { launchBrowser } from './support/launch';
import { hubFrames, playToEnd, preserveLog, tabIdOf } from './support/panel-page';

const ROOT = path.resolve(__dirname, '../..');

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
interface Run {
  name: string;
  scenario: string;
  transport: 'ws' | 'sse';
  buggy: boolean;
  brokenRules: readonly string[];
}
interface Result {
  run: Run;
  file: string;
  sent: string[];
  pageSent: string[];
  frames: Frame[];
  panelFrames: number;
}

const runs: Run[] = scenarios.flatMap((s) =>
  (['ws', 'sse'] as const).flatMap((transport) =>
    [false, true].map((buggy) => ({
      name: `${s.meta.id} over ${transport}${buggy ? ' (buggy)' : ''}`,
      scenario: s.meta.id,
      transport,
      buggy,
      brokenRules: buggy ? s.brokenRules : [],
    })),
  ),
);

let browser: Browser;

let fast: DemoServer;
/** The reload scenario needs time to reload in the middle of the run. */
let paced: DemoServer;
let outDir: string;
const results = new Map<string, Result>();
let cliResults: Array<{ file: string; findings: Array<{ rule: string; severity: string }> }> = [];

/** What the server logged for the session: its own SSE replay from the start (the run is over). */
async function serverLog(server: DemoServer, sessionId: string): Promise<string[]> {
  const res = await fetch(`${server.url}sse?session=${encodeURIComponent(sessionId)}&last_event_id=0`);
  const out: string[] = [];
  const parser = createParser({ onEvent: (e) => out.push(e.data) });
  parser.feed(await res.text());
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function openPanel(tabId: number): Promise<Page> {
  const panel = await browser.context.newPage();
  await panel.goto(`chrome-extension://${browser.extensionId}/panel.html?tabId=${tabId}`);
  await panel.waitForSelector('[data-testid="link"][data-state="live"]');
  return panel;
}

async function capture(run: Run): Promise<Result> {
  const server = run.scenario === 'reload' ? paced : fast;
  const page = await browser.context.newPage();
  const pageSent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => pageSent.push(String(f.payload))));
  await page.goto(`${server.url}?scenario=${run.scenario}&transport=${run.transport}${run.buggy ? '&buggy=1' : ''}`);
  if (run.scenario === 'reload' || run.scenario === 'history') {
    // Keep the log across the reload, as a user of the panel would.
    const panel = await openPanel(await tabIdOf(browser, page));
    await preserveLog(panel);
    await panel.close();
  }
  await page.click('#start');
  await playToEnd(page, run.scenario === 'reload' ? { reloadAfter: 8 } : {}, run.name);
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  if (run.scenario === 'history') {
    // The scenario is the turn as the page rebuilds it after a reload: reload once it has finished.
    await page.reload();
    await page.waitForFunction(() => /restored \d+ history messages/.test(document.getElementById('status')?.textContent ?? ''));
  }
  const sent = await serverLog(server, sessionId);
  const tabId = await tabIdOf(browser, page);
  // The relay batches every 20 ms: wait until the hub holds the last event.
  const last = sent.at(-1);
  let frames: Frame[] = [];
  // Then wait until nothing more arrives (the stream's close frame follows its last event).
  let previous = -1;
  for (let i = 0; i < 60; i++) {
    frames = await hubFrames(browser, tabId);
    const historyRead = run.scenario !== 'history' || frames.some((f) => (safeJson(f.data) as { messages?: unknown } | undefined)?.messages !== undefined);
    if (historyRead && frames.some((f) => f.data === last) && frames.length === previous) break;
    previous = frames.length;
    await page.waitForTimeout(100);
  }
  const panel = await openPanel(tabId);
  await panel.waitForFunction((n) => Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')) >= n, frames.length);
  const panelFrames = await panel.evaluate(() => Number(document.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')));
  const file = path.join(outDir, `${run.scenario}-${run.transport}${run.buggy ? '-buggy' : ''}.asi.json`);
  fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
  await panel.close();
  await page.close();
  return { run, file, sent, pageSent, frames, panelFrames };
}

// Every run of every scenario, two at a time: under a full suite's load that can take minutes.
beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-capture-'));
  [fast, paced] = await Promise.all([startDemoServer({ port: 0, delayScale: 0 }), startDemoServer({ port: 0, delayScale: 0.2 })]);
  browser = await launchBrowser();
  // Two pages at a time: the machine has two cores.
  const queue = [...runs];
  const worker = async () => {
    for (let run = queue.shift(); run; run = queue.shift()) results.set(run.name, await capture(run));
  };
  await Promise.all([worker(), worker()]);
  const cli = spawnSync('node', [path.join(ROOT, 'bin/agent-stream-inspector.mjs'), 'check', '--json', ...[...results.values()].map((r) => r.file)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (cli.status === 2 || !cli.stdout.trim().startsWith('[')) throw new Error(`CLI failed (${cli.status}): ${cli.stderr}${cli.stdout}`);
  cliResults = JSON.parse(cli.stdout);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([fast?.close(), paced?.close()]);
  if (outDir && !process.env.KEEP_EXPORTS) fs.rmSync(outDir, { recursive: true, force: true });
});

describe.each(runs)('$name', (run) => {
  const result = () => results.get(run.name)!;

  it('reaches the hub complete and in order', () => {
    const { frames, sent, pageSent } = result();
    const messages = (direction: 'in' | 'out') => frames.filter((f) => f.kind === 'message' && f.direction === direction);
    const streamed = messages('in').filter((f) => sent.includes(f.data));
    if (run.scenario === 'reload') {
      // Before the reload the page got events 1..j live; the History API covered up to its
      // last_event_id; the new stream replays from there (the buggy backend one event early).
      const ids = (list: Frame[]) => list.map((f) => (JSON.parse(f.data) as { event_id: number }).event_id);
      const connections = [...new Set(streamed.map((f) => f.connectionId))];
      expect(connections).toHaveLength(2);
      const before = ids(streamed.filter((f) => f.connectionId === connections[0]));
      const after = ids(streamed.filter((f) => f.connectionId === connections[1]));
      const history = messages('in')
        .map((f) => safeJson(f.data) as { messages?: unknown; last_event_id?: number } | undefined)
        .find((j) => j?.messages !== undefined);
      expect(history?.last_event_id).toBeTypeOf('number');
      const from = history!.last_event_id! + (run.buggy ? 0 : 1);
      expect(before).toEqual(before.map((_, i) => i + 1));
      expect(after).toEqual(sent.slice(from - 1).map((_, i) => from + i));
      for (const f of streamed) expect(f.data).toBe(sent[ids([f])[0]! - 1]);
    } else {
      expect(streamed.map((f) => f.data)).toEqual(sent);
    }
    expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => frames[0]!.index + i));
    if (run.transport === 'ws') expect(messages('out').map((f) => f.data)).toEqual(pageSent);
  });

  it('is listed by the panel', () => {
    expect(result().panelFrames).toBe(result().frames.length);
  });

  it('exports a file whose check matches the scenario', () => {
    const file = result().file;
    const findings = cliResults.filter((r) => r.file === file || path.resolve(ROOT, r.file) === file).flatMap((r) => r.findings);
    expect(cliResults.some((r) => r.file === file || path.resolve(ROOT, r.file) === file)).toBe(true);
    const rules = new Set(findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.rule));
    expect([...rules].sort()).toEqual([...run.brokenRules].sort());
  });
});
