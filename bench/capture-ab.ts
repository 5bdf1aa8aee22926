// Two builds of the extension against each other on what `--only capture` found hardest to hold: the
// chat-like page receiving 50,000 frames with the panel open and live. Each round times the page
// without any extension once and then with each build (their order alternating), in fresh browsers, so
// that the machine's drift hits both builds alike; a change of a few percent, which separate runs of the
// capture bench cannot tell from their noise (±5% here), shows as a difference of the two medians.
// `npx tsx bench/capture-ab.ts <build A dir> <build B dir> [rounds] [control|large|binary]`, e.g.
// `.output/chrome-mv3` and a copy of it made before a change; `control`, `large` or `binary` compares them
// on that pathological flood instead (no panel open, as in `--only capture-control`). Prints each round
// and the medians, with the CPU the extension and the browser process spent in the timed part.
import os from 'node:os';
import { captureServer, median, receive, type PathologicalMode, type ReceiveRun } from './capture-throughput';

const [dirA, dirB, roundArg, modeArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: capture-ab.ts <build A dir> <build B dir> [rounds] [control|large|binary]');
const control = modeArg === 'control' || modeArg === 'large' || modeArg === 'binary';
const mode = control ? (modeArg as PathologicalMode) : 'chat';
const builds = { A: dirA, B: dirB };
const rounds = Number(roundArg ?? 9);
const ratios = { A: [] as number[], B: [] as number[] };
const cpu = { A: [] as number[], B: [] as number[] };
/** CPU of each kind of process (and the server) per run, the run without an extension as `none`. */
const byRole = { none: [] as ReceiveRun['processCpu'][], A: [] as ReceiveRun['processCpu'][], B: [] as ReceiveRun['processCpu'][] };
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`load average at the start: ${load()}`);
const server = await captureServer();
try {
  for (let r = 0; r < rounds; r++) {
    const without = await receive(server.origin, false, mode);
    byRole.none.push(without.processCpu);
    for (const name of r % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const run = await receive(server.origin, control ? true : 'with-panel', mode, builds[name]);
      ratios[name].push(run.ms / without.ms);
      cpu[name].push(run.processCpu.extension + run.processCpu.browser);
      byRole[name].push(run.processCpu);
    }
    console.log(`round ${r + 1}: without ${without.ms.toFixed(0)} ms; A ${(ratios.A.at(-1) as number).toFixed(2)}x, B ${(ratios.B.at(-1) as number).toFixed(2)}x; load ${load()}`);
  }
  for (const name of ['A', 'B'] as const)
    console.log(`${name} (${builds[name]}): median ${median(ratios[name]).toFixed(3)}x, extension + browser CPU ${median(cpu[name]).toFixed(0)} ms`);
  const roles = Object.keys(byRole.none[0] ?? {}) as (keyof ReceiveRun['processCpu'])[];
  console.log(`median CPU ms by process (none / A / B): ${roles.map((role) => `${role} ${(['none', 'A', 'B'] as const).map((k) => median(byRole[k].map((c) => c[role])).toFixed(0)).join('/')}`).join(', ')}`);
  console.log(`load average at the end: ${load()}`);
} finally {
  await server.close();
}
