// A demo session captured by the extension, replayed by `serve` to the same demo page (pointed at the
// replay server with ?server=), captured again: `check` and `render` of the second capture must match
// the first, over WebSocket, SSE read with fetch, and EventSource.
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
const transports = ['ws', 'sse', 'eventsource'] as const;
type Transport = (typeof transports)[number];

interface Replayed {
  original: string;
  replayed: string;
  replayUrl: string;
  differences: ReplayDifference[];
}

let browser: LaunchedBrowser;
let demo: DemoServer;
let outDir: string;
const results = new Map<Transport, Replayed>();
let checked: Array<Record<string, unknown>> = [];

/** Plays a run of the buggy `normal` scenario on the page at `query`, and exports the tab's capture. */
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
  for (const transport of transports) {
    const query = `scenario=normal&transport=${transport}&buggy=1`;
    const original = path.join(outDir, `${transport}-original.asi.json`);
    await captureRun(query, original);
    const replay = await startReplayServer({ captures: [original], noDelay: true });
    const replayed = path.join(outDir, `${transport}-replayed.asi.json`);
    await captureRun(`${query}&server=${encodeURIComponent(replay.url)}`, replayed);
    await replay.close();
    results.set(transport, { original, replayed, replayUrl: replay.url, differences: [...replay.differences] });
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

describe.each(transports)('a demo session over %s, replayed by serve', (transport) => {
  const result = () => results.get(transport)!;

  it('was played by the replay server, not the demo backend', () => {
    const capture = JSON.parse(fs.readFileSync(result().replayed, 'utf8')) as Capture;
    const streams = capture.connections.filter((c) => c.url?.includes('/ws') || c.url?.includes('/sse'));
    expect(streams.length).toBeGreaterThan(0);
    for (const c of streams) expect(new URL(c.url!).port).toBe(new URL(result().replayUrl).port);
  });

  it('noted only the fresh session id the page made for its run', () => {
    // The page names each run with a new UUID: in the WebSocket's first message, or the SSE URL's query.
    const kinds = result().differences.map((d) => (d.kind === 'message' ? `${d.kind}: ${d.detail.split(':')[0]}` : d.kind));
    expect(kinds).toEqual([transport === 'ws' ? 'message: session_id' : 'query']);
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
    expect(original.join('')).toContain('tool');
    expect(rendering(result().replayed)).toEqual(original);
  });
});
