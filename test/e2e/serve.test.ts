// A demo session captured by the extension, replayed by `serve` to the same demo page (pointed at the
// replay server with ?server=), captured again: `check` and `render` of the second capture must match
// the first, over WebSocket, SSE read with fetch, and EventSource, and for a run where the user approves a
// tool call (the replay waits for the page's approval message before the frames that followed it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { splitSessions } from '../../src/analysis/sessions';
import type { Capture } from '../../src/model/frame';
import { renderText } from '../../src/model/render-text';
import { protocols } from '../../src/protocols/registry';
import { readInput } from '../../src/readers/read-input';
import { startReplayServer } from '../../src/serve/server';
import type { ReplayDifference } from '../../src/serve/types';
import { launchBrowser, type LaunchedBrowser } from './support/launch';
import { openPanel, playToEnd, settledFrames, startScenario } from './support/panel-page';

const ROOT = path.resolve(__dirname, '../..');
const runs = [
  { name: 'normal over ws', query: 'scenario=normal&transport=ws&buggy=1' },
  { name: 'normal over sse', query: 'scenario=normal&transport=sse&buggy=1' },
  { name: 'normal over eventsource', query: 'scenario=normal&transport=eventsource&buggy=1' },
  { name: 'approval over ws', query: 'scenario=approval&transport=ws&buggy=1' },
];

interface Replayed {
  original: string;
  replayed: string;
  replayUrl: string;
  differences: ReplayDifference[];
}

let browser: LaunchedBrowser;
let demo: DemoServer;
let outDir: string;
const results = new Map<string, Replayed>();
let checked: Array<Record<string, unknown>> = [];

/** Plays a run on the demo page at `query` (approving what it asks), and exports the tab's capture. */
async function captureRun(query: string, file: string): Promise<void> {
  const { page, tabId } = await startScenario(browser, demo.url, query);
  await playToEnd(page);
  const frames = await settledFrames(browser, tabId);
  const panel = await openPanel(browser, tabId, frames.length);
  fs.writeFileSync(file, await panel.evaluate(() => window.__asiExport!()));
  await panel.close();
  await page.close();
}

/** What `render` prints for each session of the file. */
function rendering(file: string): string[] {
  const { capture } = readInput(fs.readFileSync(file, 'utf8'));
  return splitSessions(capture, protocols).map((s) => renderText(s.pipeline.view()));
}

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-serve-'));
  demo = await startDemoServer({ port: 0, delayScale: 0 });
  browser = await launchBrowser();
  for (const { name, query } of runs) {
    const base = name.replace(/ /g, '-');
    const original = path.join(outDir, `${base}-original.asi.json`);
    await captureRun(query, original);
    const replay = await startReplayServer({ captures: [original], noDelay: true });
    const replayed = path.join(outDir, `${base}-replayed.asi.json`);
    await captureRun(`${query}&server=${encodeURIComponent(replay.url)}`, replayed);
    await replay.close();
    results.set(name, { original, replayed, replayUrl: replay.url, differences: [...replay.differences] });
  }
  const files = [...results.values()].flatMap((r) => [r.original, r.replayed]);
  const run = spawnSync('node', [path.join(ROOT, 'bin/agent-stream-inspector.mjs'), 'check', '--json', ...files], { cwd: ROOT, encoding: 'utf8' });
  // Exit code 1: the buggy backend breaks rules on purpose.
  if (run.status !== 1) throw new Error(`check failed (${run.status}): ${run.stderr}${run.stdout}`);
  checked = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  if (outDir && !process.env.KEEP_EXPORTS) fs.rmSync(outDir, { recursive: true, force: true });
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe.each(runs)('a demo session ($name), replayed by serve', ({ name }) => {
  const result = () => results.get(name)!;

  it('was played by the replay server, not the demo backend', () => {
    const capture = JSON.parse(fs.readFileSync(result().replayed, 'utf8')) as Capture;
    const streams = capture.connections.filter((c) => c.url?.includes('/ws') || c.url?.includes('/sse'));
    expect(streams.length).toBeGreaterThan(0);
    for (const c of streams) expect(new URL(c.url!).port).toBe(new URL(result().replayUrl).port);
  });

  it('noted only the fresh session id the page made for its run', () => {
    // The page names each run with a new UUID (in its messages, or the SSE URL's query): with UUIDs set
    // aside, what it sent is what the recording has.
    const { differences } = result();
    expect(differences.length).toBeGreaterThan(0);
    for (const d of differences) {
      expect(['message', 'query']).toContain(d.kind);
      for (const part of d.detail.replace(UUID, 'UUID').split('; ')) {
        const [, recorded, got] = /recorded (.*), got (.*)$/.exec(part) ?? [];
        expect(recorded, d.detail).toBeDefined();
        expect(got).toBe(recorded);
      }
    }
  });

  it('checks with the same findings as the original capture', () => {
    const comparable = (file: string) => checked.filter((s) => s.file === file).map(({ file: _f, session: _s, ...rest }) => rest);
    const original = comparable(result().original);
    expect(original.length).toBeGreaterThan(0);
    expect((original[0] as { errorCount: number }).errorCount).toBeGreaterThan(0);
    expect(comparable(result().replayed)).toEqual(original);
  });

  it('renders the same as the original capture', () => {
    const original = rendering(result().original);
    // A real rendering: the user's message, a group with its items, the answer.
    expect(original.join('').split('\n').length).toBeGreaterThan(5);
    expect(rendering(result().replayed)).toEqual(original);
  });
});
