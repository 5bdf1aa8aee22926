// `npm run bench`: every ratio is ours against a baseline measured in the same run.
// The capture benchmark needs Chromium and builds the extension first; `--no-browser` skips it.
import { execFileSync } from 'node:child_process';
import { benchFlatBlock } from './flat-block.bench';
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
  const l = c.latencyMs;
  console.log(`  frame -> relay latency at ${l.rate}/s: median ${fmt(l.median)} ms, p95 ${fmt(l.p95)} ms, max ${fmt(l.max)} ms`);
}

flatBlock();
protocols();
if (!process.argv.includes('--no-browser')) await capture();
