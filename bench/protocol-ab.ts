// Two source trees' pipelines against each other on one protocol's bench fixture (as `--only protocols`
// replays it: many fresh sessions), in one process: each tree's pipeline is bundled by esbuild as the
// bench's main column is, and each round times JSON.parse of the same payloads, one tree's pipeline and
// JSON.parse again, then the same for the other tree (their order alternating), in CPU time. A loaded
// machine sways separate runs of the protocols bench by ±10 %; here both trees see the same load, so a
// change of a few percent shows as a difference of the two medians.
// `npx tsx bench/protocol-ab.ts <tree A> <tree B> [protocol] [rounds]`, e.g. a `git worktree` or
// `git archive` of main beside this checkout (a tree without node_modules resolves its packages here).
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../src/model/frame';
import type { ProtocolId } from '../src/protocols/types';
import { importBundle } from './import-built';
import { fixtureFrames, jsonPayload, median, parseAll } from './protocols.bench';

const [dirA, dirB, protocolArg, roundArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: protocol-ab.ts <tree A> <tree B> [protocol] [rounds]');
const id = (protocolArg ?? 'ag-ui') as ProtocolId;
const rounds = Number(roundArg ?? 21);

/** What each tree's bundle gives: a loop of `sessions` fresh pipelines over the frames. */
interface Sessions {
  sessions(frames: readonly Frame[], id: string, count: number): number;
}

const ENTRY = `
import { SessionPipeline } from './src/analysis/pipeline';
import { protocols } from './src/protocols/registry';
export function sessions(frames, id, count) {
  let findings = 0;
  for (let s = 0; s < count; s++) {
    const pipeline = new SessionPipeline(protocols, { protocol: id });
    for (const f of frames) pipeline.append(f);
    pipeline.finish();
    findings += pipeline.findings().length;
  }
  return findings;
}`;

function bundle(dir: string, name: string): Promise<Sessions> {
  return importBundle<Sessions>(`protocol-ab-${name}`, {
    stdin: { contents: ENTRY, resolveDir: path.resolve(dir), sourcefile: 'protocol-ab-entry.js', loader: 'js' },
    nodePaths: [path.resolve(import.meta.dirname, '../node_modules')],
  });
}

const trees = { A: await bundle(dirA, 'A'), B: await bundle(dirB, 'B') };
const frames = fixtureFrames(id);
const payloads = frames.map((f) => jsonPayload(f.data));
// About 20,000 frames a loop: some tens of ms, long enough for CPU time to resolve.
const count = Math.max(1, Math.ceil(20_000 / Math.max(1, frames.length)));
let sink = 0;
const parse = (): void => {
  sink += parseAll(payloads, count);
};
const cpu = (run: () => void): number => {
  const since = process.cpuUsage();
  run();
  const used = process.cpuUsage(since);
  return used.user + used.system;
};
const load = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' ');

console.log(`${id}: ${frames.length} frames a session, ${count} sessions a loop; load average at the start: ${load()}`);
for (let i = 0; i < 3; i++) {
  parse();
  for (const tree of Object.values(trees)) sink += tree.sessions(frames, id, count);
}
const ratios = { A: [] as number[], B: [] as number[] };
for (let r = 0; r < rounds; r++) {
  for (const name of r % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
    const before = cpu(parse);
    const pipeline = cpu(() => (sink += trees[name].sessions(frames, id, count)));
    const after = cpu(parse);
    ratios[name].push(pipeline / ((before + after) / 2));
  }
}
// Keeps the loops from being optimised away.
if (sink === Number.MIN_SAFE_INTEGER) throw new Error('unreachable');
const a = median(ratios.A);
const b = median(ratios.B);
console.log(`A (${dirA}): ${a.toFixed(3)}x JSON.parse; B (${dirB}): ${b.toFixed(3)}x; B/A ${(b / a).toFixed(3)}; load average at the end: ${load()}`);
