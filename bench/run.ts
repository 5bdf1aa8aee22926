// `npm run bench`: every ratio is ours against a baseline measured in the same run.
// The capture benchmark needs Chromium and builds the extension first; `--no-browser` skips it.
// `--only <part>[,<part>]` runs some parts: flat-block, protocols, state-deltas, panel-store, panel-metrics, connections, cli-startup, cli-check, capture, capture-control,
// capture-large, capture-binary (one pathological flood alone: control characters, 1 MiB frames, binary
// frames; all three are also part of capture), panel-import,
// readers, sockets, million, flood (ASI_FLOOD_SECONDS, 60 by default; ASI_FLOOD_RATE), fuzz (only when named: a million frames take minutes; `--fuzz-frames N` sets the count);
// `ASI_BENCH_PROTOCOLS=gemini,cohere` limits the protocols and cli-check parts to those protocols.
// `--rounds N` sets the capture benchmark's rounds (9). `--json` prints every figure as JSON on stdout,
// each with its target (see figures.ts); the human-readable report then goes to stderr.
import { execFileSync } from 'node:child_process';
import { figure as fig, figures } from './figures';
import { benchFlatBlock } from './flat-block.bench';
import { benchPanelStore } from './panel-store.bench';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { benchProtocols, median as medianOf } from './protocols.bench';
import { corpusPath } from '../test/support/shared-dir';
import type { ProtocolId } from '../src/protocols/types';
import { importBuilt } from './import-built';

const fmt = (n: number, digits = 2): string => n.toFixed(digits);

function flatBlock(): void {
  const flat = benchFlatBlock();
  console.log(`flat-block, generated session of ${flat.events} events (5 rounds of 10 interleaved slices; the median of the slices' ratios):`);
  console.log(`  JSON.parse alone              ${fmt(fig('flat-block.json-parse', flat.jsonParseMs, 'ms'), 1)} ms`);
  console.log(`  decode + validate + fold      ${fmt(fig('flat-block.pipeline', flat.pipelineMs, 'ms'), 1)} ms`);
  console.log(`  ratio                         ${fmt(fig('flat-block.ratio', flat.ratio, 'x', { max: 1.5 }))}x   (target <= 1.5x)`);
  console.log(`  one append, first 2,000       ${fmt(fig('flat-block.append-start', flat.appendStartUs, 'us'), 3)} us`);
  console.log(`  one append, last 2,000        ${fmt(fig('flat-block.append-end', flat.appendEndUs, 'us'), 3)} us`);
  console.log(`  end / start                   ${fmt(fig('flat-block.append-end-over-start', flat.appendRatio, 'x'))}x   (the cost must not grow with the session)`);
  console.log(`  findings on the clean session ${fig('flat-block.findings-on-clean-session', flat.findings, 'findings', { max: 0 })}`);
}

/** `ASI_BENCH_PROTOCOLS=gemini,cohere` limits the protocols and cli-check sections to those protocols. */
const benchedProtocols = process.env.ASI_BENCH_PROTOCOLS?.split(',').filter((p) => p !== '') as ProtocolId[] | undefined;

async function protocols(): Promise<void> {
  // As built (esbuild, what the panel and the CLI run), and as tsx runs the source: tsx adds a `__name`
  // call to every function it creates, which a fold built per session pays per session.
  const builtBench = await importBuilt<typeof import('./protocols.bench')>('./protocols.bench.ts');
  const built = builtBench.benchProtocols(undefined, undefined, benchedProtocols);
  const source = new Map(benchProtocols(undefined, undefined, benchedProtocols).map((r) => [r.protocol, r]));
  console.log('\nEvery protocol, its valid fixture replayed as fresh sessions (median of 7 interleaved rounds), built as shipped; last column the same under tsx:');
  console.log('  protocol           frames   JSON.parse ms   pipeline ms   ratio                       under tsx   CPU ratio (built, tsx)');
  for (const r of built) {
    const name = `protocols.${r.protocol}`;
    const [parse, pipeline] = [fig(`${name}.json-parse`, r.jsonParseMs, 'ms'), fig(`${name}.pipeline`, r.pipelineMs, 'ms')];
    // flat-block and AG-UI (issue 21: its stages kept lean per event) are held to 1.5x, the rest to 2x.
    const max = r.protocol === 'flat-block' || r.protocol === 'ag-ui' ? 1.5 : 2;
    const ratio = fmt(fig(`${name}.ratio`, r.ratio, 'x', { max }));
    const tsx = fmt(fig(`${name}.ratio-tsx`, source.get(r.protocol)?.ratio ?? NaN, 'x'));
    const cpu = `${fmt(fig(`${name}.cpu-ratio`, r.cpuRatio, 'x'))}x, ${fmt(fig(`${name}.cpu-ratio-tsx`, source.get(r.protocol)?.cpuRatio ?? NaN, 'x'))}x`;
    console.log(`  ${r.protocol.padEnd(17)} ${String(r.frames).padStart(7)}   ${fmt(parse, 1).padStart(13)}   ${fmt(pipeline, 1).padStart(11)}   ${ratio}x   (target <= ${max}x)   ${tsx}x       ${cpu}`);
  }
  if (!benchedProtocols || benchedProtocols.includes('ag-ui')) {
    agUiFixtures(builtBench);
    agUiRecordings(builtBench);
  }
}

/**
 * AG-UI on each of its valid fixtures, not only the first: they use different parts of the protocol
 * (chunks and an interrupt; steps, tool calls, state and usage; sub-agents). Built as shipped, each as
 * fresh sessions to about 100,000 frames; figures without a target (the first fixture's row holds it).
 */
function agUiFixtures(built: typeof import('./protocols.bench')): void {
  const dir = path.join(import.meta.dirname, '../src/protocols/ag-ui/testdata');
  const files = readdirSync(dir).filter((f) => f.startsWith('valid-') && !f.endsWith('.har')).sort();
  const each = files.map((file) => {
    const r = built.benchRecording('ag-ui', path.join(dir, file), 100_000, 7);
    const name = file.replace(/^valid-/, '').replace(/\.[a-z]+$/, '');
    return `${file} (${r.events} events) ${fmt(fig(`protocols.ag-ui.fixture.${name}`, r.ratio, 'x'))}x`;
  });
  console.log(`  ag-ui on each valid fixture: ${each.join('; ')}`);
}

/**
 * AG-UI on real recordings beside the fixture: the AG-UI .NET server's baselines in the shared corpus,
 * each replayed as fresh sessions (built as shipped). Figures without a target: the fixture's row holds it.
 */
function agUiRecordings(built: typeof import('./protocols.bench')): void {
  const dir = corpusPath('ag-ui', 'dotnet-server');
  if (!existsSync(dir)) {
    console.log(`  ag-ui on real recordings: skipped, ${dir} is absent`);
    return;
  }
  const runs = readdirSync(dir)
    .sort()
    .map((name) => built.benchRecording('ag-ui', path.join(dir, name)));
  const long = runs.filter((r) => r.events >= 20).map((r) => r.ratio);
  const short = runs.filter((r) => r.events < 20).map((r) => r.ratio);
  const median = fmt(fig('protocols.ag-ui.real.median', medianOf(runs.map((r) => r.ratio)), 'x'));
  const longMax = fmt(fig('protocols.ag-ui.real.long-max', Math.max(...long), 'x'));
  const shortMax = fmt(fig('protocols.ag-ui.real.short-max', Math.max(...short), 'x'));
  console.log(`  ag-ui on the AG-UI .NET server's ${runs.length} real recordings (each as fresh sessions to about 20,000 frames): median ${median}x;`);
  console.log(`    the ${long.length} of 20 events or more at most ${longMax}x; the ${short.length} shorter ones at most ${shortMax}x`);
}

async function stateDeltas(): Promise<void> {
  const { benchStateDeltas } = await import('./state-deltas.bench');
  const s = benchStateDeltas();
  const kb = (bytes: number): string => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
  console.log(`\nAG-UI, 2,000 one-operation STATE_DELTAs after a STATE_SNAPSHOT, on a small and a large state (median of 5 rounds):`);
  console.log(`  state of ${kb(s.smallStateBytes).padEnd(9)}          ${fmt(fig('state-deltas.small', s.smallUsPerDelta, 'us'), 2)} us a delta`);
  console.log(`  state of ${kb(s.largeStateBytes).padEnd(9)}          ${fmt(fig('state-deltas.large', s.largeUsPerDelta, 'us'), 2)} us a delta`);
  // No target: a delta copies the objects and arrays along its path, so its cost follows their width
  // (here a 10,000-element list), not the state's size; a copy of the whole state took 10 ms a delta.
  console.log(`  large / small                 ${fmt(fig('state-deltas.ratio', s.ratio, 'x'))}x   (what a delta copies: the containers along its path; ${fig('state-deltas.findings', s.findings, 'findings', { max: 0 })} findings)`);
}

function panelStore(): void {
  const p = benchPanelStore();
  console.log(`\nPanel store, one hub append of one frame (best of 3):`);
  console.log(`  at frame 10                   ${fmt(fig('panel-store.append-at-10', p.appendAt10Us, 'us'), 2)} us`);
  console.log(`  at frame 100,000              ${fmt(fig('panel-store.append-at-100k', p.appendAt100kUs, 'us'), 2)} us`);
  console.log(`  ratio                         ${fmt(fig('panel-store.ratio', p.ratio, 'x'))}x   (the cost must not grow with the session)`);
}

async function manyConnections(): Promise<void> {
  const { benchManyConnections } = await import('./many-connections');
  console.log('\nA session of 32,000 requests, each on its own connection (answered, then closed), one request:');
  for (const r of benchManyConnections()) {
    const name = `connections.${r.name.replace(/[^a-z0-9-]+/g, '-')}`;
    console.log(
      `  ${r.name.padEnd(16)} at 2,000 ${fmt(fig(`${name}.start`, r.startUs, 'us'), 1)} us, at 32,000 ${fmt(fig(`${name}.end`, r.endUs, 'us'), 1)} us, ratio ${fmt(fig(`${name}.ratio`, r.ratio, 'x', { max: 2 }))}x   (target <= 2x: the cost must not grow with the session; ${fig(`${name}.findings`, r.findings, 'findings', { max: r.findingsExpected })} findings)`,
    );
  }
}

async function panelMetrics(): Promise<void> {
  const { benchPanelMetrics } = await import('./panel-metrics.bench');
  const p = benchPanelMetrics();
  console.log(`\nPanel store with the metrics and waterfall live, ${p.frames.toLocaleString('en')}-frame session (best of 3):`);
  console.log(`  one append at frame 10        ${fmt(p.appendAt10Us, 2)} us`);
  console.log(`  one append at frame 100,000   ${fmt(p.appendAt100kUs, 2)} us`);
  console.log(`  ratio                         ${fmt(p.appendRatio)}x   (the cost must not grow with the session)`);
  console.log(`  metrics snapshot at 10        ${fmt(p.snapshotAt10Us, 2)} us`);
  console.log(`  metrics snapshot at 100,000   ${fmt(p.snapshotAt100kUs, 2)} us`);
  console.log(`  waterfall layout, 100k frames ${fmt(p.layoutMs, 2)} ms   (${p.lanes} lane, 1,000 columns; a long task is 50 ms)`);
  console.log(`  append + snapshot + layout    ${fmt(p.appendThenLayoutMs, 2)} ms`);
}

async function cliCheck(): Promise<void> {
  const { benchCliCheck } = await import('./cli-check');
  console.log('\n`check --json` of a 200,000-event session, whole process (the bin), against node reading + JSON.parse of each line (median of 5 alternating runs):');
  console.log('  protocol        MB   read+parse ms   check ms   ratio                                              CPU: read+parse   check   ratio');
  for (const r of benchCliCheck(undefined, undefined, benchedProtocols)) {
    const name = `cli-check.${r.protocol}`;
    const [base, check] = [fig(`${name}.read-and-parse`, r.readAndParseMs, 'ms'), fig(`${name}.check`, r.checkMs, 'ms')];
    const ratio = fmt(fig(`${name}.ratio`, r.ratio, 'x', { max: 2 }));
    const clean = `exit ${r.exitCode}, ${fig(`${name}.findings`, r.findings, 'findings', { max: 0 })} findings`;
    const cpu = `${fmt(fig(`${name}.read-and-parse-cpu`, r.readAndParseCpuMs, 'ms'), 0).padStart(6)} ms   ${fmt(fig(`${name}.check-cpu`, r.checkCpuMs, 'ms'), 0).padStart(5)} ms   ${fmt(fig(`${name}.cpu-ratio`, r.cpuRatio, 'x'))}x`;
    console.log(`  ${r.protocol.padEnd(13)} ${fmt(r.mb, 0).padStart(4)}   ${fmt(base, 0).padStart(13)}   ${fmt(check, 0).padStart(8)}   ${ratio}x   (target <= 2x; ${clean})   ${cpu}`);
  }
}

/** What each pathological flood is, as printed. */
const PATHOLOGICAL_TITLES = {
  control: 'control-character flood, 2,000 frames of 100 KB of U+0001',
  large: '1 MiB text frames, 200 of them (cut at the 1 MB bound)',
  binary: 'binary frames, 2,000 of 100 KB (ArrayBuffers)',
} as const;

/** A pathological flood's rounds: payloads JSON writes six times as long, frames past the size bound, binary frames. */
function printPathological(mode: keyof typeof PATHOLOGICAL_TITLES, c: import('./capture-throughput').PathologicalRounds): void {
  console.log(`  ${PATHOLOGICAL_TITLES[mode]}:`);
  c.rounds.forEach((r, i) => {
    const round = `capture.${mode}.round-${i + 1}`;
    console.log(`    round ${i + 1}: without ${fmt(fig(`${round}.without`, r.without.ms, 'ms'), 0)} ms, with ${fmt(fig(`${round}.with`, r.with.ms, 'ms'), 0)} ms   ${fmt(fig(`${round}.ratio`, r.ratio, 'x'))}x`);
  });
  console.log(`    median of the rounds' ratios ${fmt(fig(`capture.${mode}.median-ratio`, c.medianRatio, 'x', { max: 1.1 }))}x   (target <= 1.1x)`);
}

/** `--only capture-control` (`capture-large`, `capture-binary`): one flood alone, without the other capture rounds. */
function capturePathological(mode: keyof typeof PATHOLOGICAL_TITLES): () => Promise<void> {
  return async () => {
    execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'ignore' });
    const { benchPathological } = await import('./capture-throughput');
    const roundsAt = process.argv.indexOf('--rounds');
    console.log('\nPage WebSocket receive, pathological payloads, in Chromium (a fresh browser per run):');
    printPathological(mode, await benchPathological(mode, roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 3));
  };
}

async function capture(): Promise<void> {
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'ignore' });
  const { benchCaptureThroughput, totalCpu } = await import('./capture-throughput');
  type ReceiveRun = import('./capture-throughput').ReceiveRun;
  const roundsAt = process.argv.indexOf('--rounds');
  const c = await benchCaptureThroughput(roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 9);
  const ms = (r: ReceiveRun) => fmt(r.ms, 0).padStart(6);
  console.log(`\nPage WebSocket receive, ${c.frames} frames, in Chromium (a fresh browser per run):`);
  c.rounds.forEach((r, i) => {
    const round = `capture.round-${i + 1}`;
    fig(`${round}.without`, r.without.ms, 'ms');
    fig(`${round}.with`, r.with.ms, 'ms');
    console.log(`  round ${i + 1}: without ${ms(r.without)} ms, with ${ms(r.with)} ms   ${fmt(fig(`${round}.ratio`, r.ratio, 'x'))}x`);
  });
  console.log(`  median of the rounds' ratios  ${fmt(fig('capture.median-ratio', c.medianRatio, 'x', { max: 1.05 }))}x   (target <= 1.05x)`);
  printPathological('control', c.control);
  printPathological('large', c.large);
  printPathological('binary', c.binary);
  console.log(`  median with / median without  ${fmt(fig('capture.ratio-of-medians', c.ratioOfMedians, 'x'))}x`);
  console.log(`  CPU of all processes, median  ${fmt(fig('capture.cpu-ratio', c.medianCpuRatio, 'x'))}x`);
  console.log(`  floor: a second listener reading every payload, no extension   ${fmt(fig('capture.floor-ratio', c.floorRatio, 'x'))}x`);
  console.log(`  hook alone (no relay)         ${ms({ ...c.hookOnly, ms: fig('capture.hook-only', c.hookOnly.ms, 'ms') })} ms`);
  const chat = c.chat.rounds.map((r, i) => fmt(fig(`capture.chat-round-${i + 1}.ratio`, r.ratio, 'x'))).join(', ');
  console.log(`  chat-like page (JSON.parse + DOM append per frame), per round: ${chat}; median ${fmt(fig('capture.chat-median-ratio', c.chat.medianRatio, 'x', { max: 1.05 }))}x   (target <= 1.05x)`);
  const withPanel = c.chatPanel.rounds.map((r, i) => fmt(fig(`capture.chat-panel-round-${i + 1}.ratio`, r.ratio, 'x'))).join(', ');
  console.log(`  chat-like page with the panel open and live, per round: ${withPanel}; median ${fmt(fig('capture.chat-panel-median-ratio', c.chatPanel.medianRatio, 'x', { max: 1.05 }))}x   (target <= 1.05x)`);
  const last = c.rounds.at(-1)!;
  console.log('  CPU by process, last round, without -> with:');
  for (const role of Object.keys(last.with.processCpu) as (keyof ReceiveRun['processCpu'])[]) {
    const w = last.without.processCpu[role];
    const x = last.with.processCpu[role];
    if (w > 0 || x > 0) console.log(`    ${role.padEnd(27)} ${fmt(fig(`capture.cpu.${role}.without`, w, 'ms'), 0).padStart(6)} -> ${fmt(fig(`capture.cpu.${role}.with`, x, 'ms'), 0).padStart(6)} ms`);
  }
  console.log(`    all                         ${fmt(fig('capture.cpu.all.without', totalCpu(last.without), 'ms'), 0).padStart(6)} -> ${fmt(fig('capture.cpu.all.with', totalCpu(last.with), 'ms'), 0).padStart(6)} ms`);
  console.log(`  hub got                       ${fig('capture.hub-frames', c.hub.frames, 'frames', { min: c.hub.expected })} of ${c.hub.expected} frames, ${fig('capture.hub-dropped', c.hub.dropped, 'frames')} dropped by the relay`);
  const l = c.latencyMs;
  console.log(`  frame -> hub latency at ${l.rate}/s: median ${fmt(fig('capture.latency-median', l.median, 'ms'))} ms, p95 ${fmt(fig('capture.latency-p95', l.p95, 'ms'))} ms, max ${fmt(fig('capture.latency-max', l.max, 'ms'))} ms, ${fig('capture.latency-missing', l.missing, 'frames', { max: 0 })} never arrived`);
}

async function panelImport(): Promise<void> {
  const { benchPanelImport } = await import('./panel-import');
  const p = await benchPanelImport();
  console.log(`\nPanel import of a ${p.frames}-frame capture (${(p.bytes / 1e6).toFixed(1)} MB) in Chromium (pipelines in a worker):`);
  console.log(`  to first render               ${fmt(fig('panel-import.first-render', p.firstRenderMs, 'ms', { max: 1000 }), 0)} ms   (target <= 1000 ms)`);
  console.log(`  to every frame in the log     ${fmt(fig('panel-import.all-frames', p.allFramesMs, 'ms'), 0)} ms`);
  console.log(`  to all findings               ${fmt(fig('panel-import.all-findings', p.allFindingsMs, 'ms'), 0)} ms`);
  console.log(`  reading + JSON.parse alone    ${fmt(fig('panel-import.read-and-parse', p.readAndParseMs, 'ms'), 0)} ms   (median of 3)`);
  console.log(`  first render ratio            ${fmt(fig('panel-import.ratio', p.ratio, 'x', { max: 2 }))}x   (target <= 2x)`);
  console.log(`  all findings ratio            ${fmt(fig('panel-import.all-findings-ratio', p.allFindingsRatio, 'x'))}x`);
  console.log(`  panel long tasks              ${fig('panel-import.long-tasks', p.longTasks, 'tasks')}, longest ${fmt(fig('panel-import.longest-task', p.longestTaskMs, 'ms', { max: 50 }), 0)} ms   (target <= 50 ms)`);
}

async function readers(): Promise<void> {
  const { benchReaders } = await import('./readers');
  const r = await benchReaders();
  const mb = (n: number) => `${fmt(n, 0)} MB`;
  console.log(`\nCLI check of a ${mb(r.jsonlMb)} JSON Lines file (${r.jsonlLines.toLocaleString('en')} lines), whole process:`);
  console.log(`  peak RSS                      ${mb(fig('readers.check-peak-rss', r.check.peakRssMb, 'MB'))}   ${fmt(r.check.peakRssMb / r.jsonlMb)}x the file   (exit ${r.check.exitCode}, ${fmt(fig('readers.check-time', r.check.ms / 1000, 's'), 1)} s)`);
  console.log(`  collecting the capture first  ${mb(fig('readers.collected-check-peak-rss', r.collectedCheck.peakRssMb, 'MB'))}   ${fmt(r.collectedCheck.peakRssMb / r.jsonlMb)}x the file   (exit ${r.collectedCheck.exitCode}, ${fmt(r.collectedCheck.ms / 1000, 1)} s)`);
  console.log(`  same output                   ${r.check.stdout === r.collectedCheck.stdout ? 'yes' : 'NO'}`);
  console.log(`  node reading it line by line  ${mb(fig('readers.line-reader-peak-rss', r.lineReader.peakRssMb, 'MB'))}   (${fmt(fig('readers.line-reader-time', r.lineReader.ms / 1000, 's'), 1)} s)`);
  console.log(`  ratio                         ${fmt(fig('readers.check-rss-ratio', r.check.peakRssMb / r.lineReader.peakRssMb, 'x', { max: 2 }))}x   (target <= 2x: memory bounded, not growing with the file)`);
  console.log(`  peak RSS per MB of file       ${fmt(fig('readers.check-rss-per-file-mb', r.check.peakRssMb / r.jsonlMb, 'MB/MB'))}`);
  console.log(`CLI check of a ${mb(r.chatMb)} OpenAI Chat answer as JSON Lines: peak RSS ${mb(fig('readers.chat-check-peak-rss', r.chatCheck.peakRssMb, 'MB'))}   ${fmt(r.chatCheck.peakRssMb / r.chatMb)}x the file   (exit ${r.chatCheck.exitCode}, ${fmt(fig('readers.chat-check-time', r.chatCheck.ms / 1000, 's'), 1)} s)`);
  console.log(`CLI check of a HAR with ${r.harMessages.toLocaleString('en')} messages in one entry (${mb(r.harMb)}):`);
  console.log(`  time ${fmt(fig('readers.har-check-time', r.harCheck.ms / 1000, 's'), 1)} s, peak RSS ${mb(fig('readers.har-check-peak-rss', r.harCheck.peakRssMb, 'MB'))}, exit ${r.harCheck.exitCode}`);
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

async function flood(): Promise<void> {
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { stdio: 'ignore' });
  const { benchFlood } = await import('./flood');
  const f = await benchFlood(Number(process.env.ASI_FLOOD_RATE ?? 10_000), Number(process.env.ASI_FLOOD_SECONDS ?? 60));
  console.log(`\nPanel open on a tab receiving ${f.rate.toLocaleString('en')} frames/s for ${f.seconds} s (one WebSocket, AG-UI deltas), in Chromium:`);
  console.log(`  page received ${fig('flood.page-frames', f.pageFrames, 'frames', { min: f.sent })} of ${f.sent}; hub took ${fig('flood.hub-taken', f.hubTaken, 'frames')}, holds ${f.hubHeld}, dropped (counted) ${fig('flood.dropped', f.dropped, 'frames')}`);
  console.log(`  frames lost without a counter ${fig('flood.lost-uncounted', f.lostUncounted, 'frames', { max: 0 })}   (target 0)`);
  console.log(`  panel shows ${f.panelFrames} frames once settled and counts ${fig('flood.panel-let-go', f.panelLetGo, 'frames')} older ones it let go (its memory bound), ${fig('flood.panel-missing', f.panelMissing, 'frames', { max: 0 })} of the hub's neither shown nor counted; counters shown: ${f.panelShowsCounts ? 'yes' : 'NO'}`);
  console.log(`  panel probe (${f.probes} probes): median ${fmt(fig('flood.probe-median', f.probeP50Ms, 'ms'), 0)} ms, p95 ${fmt(fig('flood.probe-p95', f.probeP95Ms, 'ms', { max: 100 }), 0)} ms   (target <= 100 ms), max ${fmt(f.probeMaxMs, 0)} ms`);
  // The target is held against the process's own memory (Chrome's task manager's figure); its resident
  // size also counts about 110 MB of Chromium's code and fonts that every Chromium process maps and shares.
  console.log(`  extension process, own memory ${fmt(fig('flood.extension-peak-private', f.extensionPeakPrivateMb, 'MB', { max: 300 }), 0)} MB   (target < 300 MB; peak of anonymous resident pages + swap)`);
  console.log(`  extension process, peak RSS   ${fmt(fig('flood.extension-peak-rss', f.extensionPeakMb, 'MB'), 0)} MB   (with the shared code pages)`);
  console.log(`  panel caught up               ${fmt(fig('flood.settle', f.settleMs / 1000, 's'), 1)} s after the last frame`);
}

async function million(): Promise<void> {
  const { benchMillion } = await import('./million');
  const m = benchMillion(Number(process.env.ASI_MILLION ?? 1_000_000));
  console.log(`\nA tab of ${m.frames.toLocaleString('en')} frames (AG-UI deltas), in Node (same V8), JS heap and typed arrays after a full collection:`);
  console.log(`  hub (Tab, watched)            ${fmt(fig('million.hub-heap', m.hubHeapMb, 'MB', { max: 400 }), 0)} MB   (target < 400 MB), ${m.hubHeld.toLocaleString('en')} held, fed in ${fmt(m.hubFeedMs / 1000, 1)} s`);
  console.log(`  panel store                   ${fmt(fig('million.panel-heap', m.panelHeapMb, 'MB', { max: 400 }), 0)} MB   (target < 400 MB), ${m.panelHeld.toLocaleString('en')} held, fed in ${fmt(m.panelFeedMs / 1000, 1)} s`);
  console.log(`  filter over every frame       ${fmt(fig('million.filter', m.filterMs, 'ms', { max: 300 }), 0)} ms   (target <= 300 ms; ${m.filterMatches.toLocaleString('en')} matches)`);
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : undefined;
const browser = !process.argv.includes('--no-browser');
const json = process.argv.includes('--json');
// With --json, stdout carries only the JSON; the report lines still show, on stderr.
if (json) console.log = console.error;
const parts: [string, boolean, () => void | Promise<void>][] = [
  ['flat-block', true, flatBlock],
  ['protocols', true, protocols],
  ['state-deltas', true, stateDeltas],
  ['panel-store', true, panelStore],
  ['panel-metrics', true, panelMetrics],
  ['connections', true, manyConnections],
  ['cli-startup', true, async () => (await import('./cli-startup')).printCliStartup()],
  ['cli-check', true, cliCheck],
  ['capture', browser, capture],
  ['capture-control', browser && only?.has('capture-control') === true, capturePathological('control')],
  ['capture-large', browser && only?.has('capture-large') === true, capturePathological('large')],
  ['capture-binary', browser && only?.has('capture-binary') === true, capturePathological('binary')],
  ['panel-import', browser, panelImport],
  ['fuzz', only?.has('fuzz') === true, async () => (await import('./fuzz.bench')).printFuzz()],
  ['readers', true, readers],
  ['sockets', browser, sockets],
  ['million', true, million],
  ['flood', browser, flood],
];
for (const [name, enabled, run] of parts) if (enabled && (!only || only.has(name))) await run();
if (json) process.stdout.write(`${JSON.stringify(figures(), null, 2)}\n`);
