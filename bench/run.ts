// `npm run bench`: every ratio is ours against a baseline measured in the same run.
// The capture benchmark needs Chromium and builds the extension first; `--no-browser` skips it.
// `--only <part>[,<part>]` runs some parts: flat-block, protocols, panel-store, cli-startup, capture, panel-import,
// readers, sockets, fuzz (only when named: a million frames take minutes; `--fuzz-frames N` sets the count);
// `--rounds N` sets the capture benchmark's rounds (9).
import { execFileSync } from 'node:child_process';
import { benchFlatBlock } from './flat-block.bench';
import { benchPanelStore } from './panel-store.bench';
import { benchProtocols } from './protocols.bench';

const fmt = (n: number, digits = 2): string => n.toFixed(digits);

function flatBlock(): void {
  const flat = benchFlatBlock();
  console.log(`flat-block, generated session of ${flat.events} events (best of 3):`);
  console.log(`  JSON.parse alone              ${fmt(flat.jsonParseMs, 1)} ms`);
  console.log(`  decode + validate + fold      ${fmt(flat.pipelineMs, 1)} ms`);
  console.log(`  ratio                         ${fmt(flat.ratio)}x   (target <= 1.5x)`);
  console.log(`  one append, first 2,000       ${fmt(flat.appendStartUs, 3)} us`);
  console.log(`  one append, last 2,000        ${fmt(flat.appendEndUs, 3)} us`);
  console.log(`  end / start                   ${fmt(flat.appendRatio)}x   (the cost must not grow with the session)`);
  console.log(`  findings on the clean session ${flat.findings}`);
}

function protocols(): void {
  console.log('\nEvery protocol, its valid fixture replayed as fresh sessions (best of 3):');
  console.log('  protocol           frames   JSON.parse ms   pipeline ms   ratio');
  for (const r of benchProtocols()) {
    console.log(`  ${r.protocol.padEnd(17)} ${String(r.frames).padStart(7)}   ${fmt(r.jsonParseMs, 1).padStart(13)}   ${fmt(r.pipelineMs, 1).padStart(11)}   ${fmt(r.ratio)}x`);
  }
}

function panelStore(): void {
  const p = benchPanelStore();
  console.log(`\nPanel store, one hub append of one frame (best of 3):`);
  console.log(`  at frame 10                   ${fmt(p.appendAt10Us, 2)} us`);
  console.log(`  at frame 100,000              ${fmt(p.appendAt100kUs, 2)} us`);
  console.log(`  ratio                         ${fmt(p.ratio)}x   (the cost must not grow with the session)`);
}

async function capture(): Promise<void> {
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'ignore' });
  const { benchCaptureThroughput, totalCpu } = await import('./capture-throughput');
  type ReceiveRun = import('./capture-throughput').ReceiveRun;
  const roundsAt = process.argv.indexOf('--rounds');
  const c = await benchCaptureThroughput(roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 9);
  const ms = (r: ReceiveRun) => fmt(r.ms, 0).padStart(6);
  console.log(`\nPage WebSocket receive, ${c.frames} frames, in Chromium (a fresh browser per run):`);
  c.rounds.forEach((r, i) => console.log(`  round ${i + 1}: without ${ms(r.without)} ms, with ${ms(r.with)} ms   ${fmt(r.ratio)}x`));
  console.log(`  median of the rounds' ratios  ${fmt(c.medianRatio)}x   (target <= 1.05x)`);
  console.log(`  median with / median without  ${fmt(c.ratioOfMedians)}x`);
  console.log(`  CPU of all processes, median  ${fmt(c.medianCpuRatio)}x`);
  console.log(`  floor: a second listener reading every payload, no extension   ${fmt(c.floorRatio)}x`);
  console.log(`  hook alone (no relay)         ${ms(c.hookOnly)} ms`);
  const chat = c.chat.rounds.map((r) => fmt(r.ratio)).join(', ');
  console.log(`  chat-like page (JSON.parse + DOM append per frame), per round: ${chat}; median ${fmt(c.chat.medianRatio)}x`);
  const last = c.rounds.at(-1)!;
  console.log('  CPU by process, last round, without -> with:');
  for (const role of Object.keys(last.with.processCpu) as (keyof ReceiveRun['processCpu'])[]) {
    const w = last.without.processCpu[role];
    const x = last.with.processCpu[role];
    if (w > 0 || x > 0) console.log(`    ${role.padEnd(27)} ${fmt(w, 0).padStart(6)} -> ${fmt(x, 0).padStart(6)} ms`);
  }
  console.log(`    all                         ${fmt(totalCpu(last.without), 0).padStart(6)} -> ${fmt(totalCpu(last.with), 0).padStart(6)} ms`);
  console.log(`  hub got                       ${c.hub.frames} of ${c.hub.expected} frames, ${c.hub.dropped} dropped by the relay`);
  const l = c.latencyMs;
  console.log(`  frame -> hub latency at ${l.rate}/s: median ${fmt(l.median)} ms, p95 ${fmt(l.p95)} ms, max ${fmt(l.max)} ms, ${l.missing} never arrived`);
}

async function panelImport(): Promise<void> {
  const { benchPanelImport } = await import('./panel-import');
  const p = await benchPanelImport();
  console.log(`\nPanel import of a ${p.frames}-frame capture (${(p.bytes / 1e6).toFixed(1)} MB) in Chromium:`);
  console.log(`  to first render               ${fmt(p.importToFirstRenderMs, 0)} ms`);
  console.log(`  reading + JSON.parse alone    ${fmt(p.readAndParseMs, 0)} ms`);
  console.log(`  ratio                         ${fmt(p.ratio)}x`);
}

async function readers(): Promise<void> {
  const { benchReaders } = await import('./readers');
  const r = await benchReaders();
  const mb = (n: number) => `${fmt(n, 0)} MB`;
  console.log(`\nCLI check of a ${mb(r.jsonlMb)} JSON Lines file (${r.jsonlLines.toLocaleString('en')} lines), whole process:`);
  console.log(`  peak RSS                      ${mb(r.check.peakRssMb)}   ${fmt(r.check.peakRssMb / r.jsonlMb)}x the file   (exit ${r.check.exitCode}, ${fmt(r.check.ms / 1000, 1)} s)`);
  console.log(`  node reading it line by line  ${mb(r.lineReader.peakRssMb)}   (${fmt(r.lineReader.ms / 1000, 1)} s)`);
  console.log(`  ratio                         ${fmt(r.check.peakRssMb / r.lineReader.peakRssMb)}x`);
  console.log(`CLI check of a HAR with ${r.harMessages.toLocaleString('en')} messages in one entry (${mb(r.harMb)}):`);
  console.log(`  time ${fmt(r.harCheck.ms / 1000, 1)} s, peak RSS ${mb(r.harCheck.peakRssMb)}, exit ${r.harCheck.exitCode}`);
}

async function sockets(): Promise<void> {
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'ignore' });
  const { benchSockets } = await import('./sockets');
  const s = await benchSockets(Number(process.env.ASI_SOCKETS ?? 10_000));
  console.log(`\nPanel open on a page with ${s.sockets.toLocaleString('en')} short-lived WebSockets (two frames and a close each), in Chromium:`);
  console.log(`  page: ${s.pageFrames} frames in ${fmt(s.pageMs / 1000, 1)} s; hub ${s.hubFrames}, panel ${s.panelFrames} frames   (${s.visibility})`);
  console.log(`  panel behind the page         ${fmt(s.lagMs, 0)} ms   (target <= 1,000 ms)`);
  console.log(`  panel long tasks              ${s.longTasks}, ${fmt(s.longTaskMs, 0)} ms in all`);
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : undefined;
const browser = !process.argv.includes('--no-browser');
const parts: [string, boolean, () => void | Promise<void>][] = [
  ['flat-block', true, flatBlock],
  ['protocols', true, protocols],
  ['panel-store', true, panelStore],
  ['cli-startup', true, async () => (await import('./cli-startup')).printCliStartup()],
  ['capture', browser, capture],
  ['panel-import', browser, panelImport],
  ['fuzz', only?.has('fuzz') === true, async () => (await import('./fuzz.bench')).printFuzz()],
  ['readers', true, readers],
  ['sockets', browser, sockets],
];
for (const [name, enabled, run] of parts) if (enabled && (!only || only.has(name))) await run();
