// `npm run bench`: every ratio is ours against a baseline measured in the same run.
// The capture benchmark needs Chromium and builds the extension first; `--no-browser` skips it.
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
  const { benchCaptureThroughput } = await import('./capture-throughput');
  const c = await benchCaptureThroughput();
  console.log(`\nPage WebSocket receive, ${c.frames} frames, in Chromium:`);
  console.log(`  without the extension         ${fmt(c.withoutMs, 0)} ms`);
  console.log(`  with the extension            ${fmt(c.withMs, 0)} ms`);
  console.log(`  ratio                         ${fmt(c.ratio)}x   (target <= 1.05x)`);
  console.log(`  hook alone (no relay)         ${fmt(c.hookOnlyMs, 0)} ms`);
  console.log(`  added per frame               ${fmt(c.hookOverheadPerFrameUs, 1)} us`);
  const t = c.mainThreadMs;
  console.log(`  page main thread busy          ${fmt(t.without, 0)} ms without, ${fmt(t.hookOnly, 0)} ms hook alone, ${fmt(t.with, 0)} ms with (${fmt(t.with / t.without)}x)`);
  const u = c.mainThreadCpuMs;
  console.log(`  page main thread CPU          ${fmt(u.without, 0)} ms without, ${fmt(u.hookOnly, 0)} ms hook alone, ${fmt(u.with, 0)} ms with (${fmt(u.with / u.without)}x)`);
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

flatBlock();
protocols();
panelStore();
if (!process.argv.includes('--no-browser')) {
  await capture();
  await panelImport();
}
