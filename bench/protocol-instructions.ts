// Machine instructions per session of source trees' pipelines on one protocol's bench fixture, and of
// JSON.parse of the same payloads, counted by valgrind (callgrind) rather than timed. A change of 1-3 %
// does not show in time on a shared machine: separate runs sway ±10 %, and even two bundles of the same
// source in one process (protocol-ab.ts) differ by up to 3-4 % by how the JIT laid each out. Instruction
// counts under `node --predictable` repeat within about 0.3 %: each figure is the count of a run of
// MANY sessions less that of FEW, divided by the difference, so start-up and warm-up cancel.
// `npx tsx bench/protocol-instructions.ts <tree> [<tree>...] [--protocol ag-ui] [--fold]`; `--fold`
// counts the protocol's fold alone, on frames decoded once (no JSON.parse, no pipeline). Needs valgrind.
// Instructions are not time (a cache miss costs more than an add), so confirm a change with the bench:
// the AG-UI pipeline runs 1.46x JSON.parse's instructions where the bench times it at about 1.77x, the
// fold's many small objects and branches running slower per instruction than JSON.parse's loop.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { fixtureFrames, jsonPayload } from './protocols.bench';
import type { ProtocolId } from '../src/protocols/types';

const args = process.argv.slice(2);
const at = args.indexOf('--protocol');
const id = (at >= 0 ? args[at + 1] : 'ag-ui') as ProtocolId;
const foldOnly = args.includes('--fold');
const trees = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
if (trees.length === 0) throw new Error('usage: protocol-instructions.ts <tree> [<tree>...] [--protocol ag-ui] [--fold]');

const FEW = 4000;
const MANY = 12000;

// What each bundle runs: `node bundle.mjs <frames.json> <parse|sessions|fold> <count>`.
const ENTRY = `
import { readFileSync } from 'node:fs';
import { SessionPipeline } from './src/analysis/pipeline';
import { protocols } from './src/protocols/registry';
import { decodeFrame } from './src/model/decode';
const [file, mode, countArg] = process.argv.slice(2);
const { id, frames, payloads } = JSON.parse(readFileSync(file, 'utf8'));
const count = Number(countArg);
let sink = 0;
if (mode === 'parse') {
  // protocols.bench.ts's parseAll, over the same payloads (jsonPayload: no [DONE], the JSON after a code).
  for (let s = 0; s < count; s++) for (const p of payloads) { if (p === null) continue; try { sink += JSON.parse(p) === null ? 0 : 1; } catch { sink--; } }
} else if (mode === 'fold') {
  const definition = protocols.find((p) => p.id === id);
  const decoded = frames.map(decodeFrame);
  const findings = { report() { sink++; } };
  for (let s = 0; s < count; s++) {
    const fold = definition.createFold();
    for (const d of decoded) fold.apply(d, findings);
    fold.finish(findings);
  }
} else {
  for (let s = 0; s < count; s++) {
    const pipeline = new SessionPipeline(protocols, { protocol: id });
    for (const f of frames) pipeline.append(f);
    pipeline.finish();
    sink += pipeline.findings().length;
  }
}
if (sink === Number.MIN_SAFE_INTEGER) console.log(sink);`;

// Beside this checkout's packages, which the bundles leave to node_modules (as import-built.ts does).
const cache = path.resolve(import.meta.dirname, '../node_modules/.cache/agent-stream-inspector');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'protocol-instructions-'));
try {
  const framesFile = path.join(dir, 'frames.json');
  const frames = fixtureFrames(id);
  // The baseline the protocols bench parses: JSON has no undefined, so a payload with none is null here.
  writeFileSync(framesFile, JSON.stringify({ id, frames, payloads: frames.map((f) => jsonPayload(f.data) ?? null) }));
  const perSession = (bundle: string, mode: string): number => (instructions(bundle, framesFile, mode, MANY) - instructions(bundle, framesFile, mode, FEW)) / (MANY - FEW);
  let parse: number | undefined;
  for (const [i, tree] of trees.entries()) {
    const bundle = path.join(dir, `tree-${i}.mjs`);
    await build({
      stdin: { contents: ENTRY, resolveDir: path.resolve(tree), sourcefile: 'protocol-instructions-entry.js', loader: 'js' },
      nodePaths: [path.resolve(import.meta.dirname, '../node_modules')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: bundle,
      logLevel: 'error',
    });
    parse ??= perSession(bundle, 'parse');
    const own = perSession(bundle, foldOnly ? 'fold' : 'sessions');
    console.log(`${tree}: ${Math.round(own)} instructions a session (${foldOnly ? 'fold alone' : 'pipeline'}), ${(own / parse).toFixed(3)}x JSON.parse's ${Math.round(parse)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Instructions of one run, start-up included (callgrind's summary, on stderr). */
function instructions(bundle: string, framesFile: string, mode: string, count: number): number {
  const run = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all-non-file', process.execPath, '--predictable', bundle, framesFile, mode, String(count)],
    { encoding: 'utf8' },
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !refs?.[1]) throw new Error(`valgrind failed: ${run.error?.message ?? run.stderr}`);
  return Number(refs[1].replaceAll(',', ''));
}
