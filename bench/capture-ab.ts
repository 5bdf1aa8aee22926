// Two builds of the extension against each other on what `--only capture` found hardest to hold: the
// chat-like page receiving 50,000 frames with the panel open and live. Each round times the page
// without any extension once and then with each build (their order alternating), in fresh browsers, so
// that the machine's drift hits both builds alike; a change of a few percent, which separate runs of the
// capture bench cannot tell from their noise (±5% here), shows as a difference of the two medians.
// `npx tsx bench/capture-ab.ts <build A dir> <build B dir> [rounds] [control]`, e.g. `.output/chrome-mv3`
// and a copy of it made before a change; `control` compares them on the control-character flood
// instead (no panel open, as in `--only capture-control`). Prints each round and the medians, with the
// CPU the extension and the browser process spent in the timed part.
import { captureServer, median, receive } from './capture-throughput';

const [dirA, dirB, roundArg, modeArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: capture-ab.ts <build A dir> <build B dir> [rounds] [control]');
const control = modeArg === 'control';
const mode = control ? 'control' : 'chat';
const builds = { A: dirA, B: dirB };
const rounds = Number(roundArg ?? 9);
const ratios = { A: [] as number[], B: [] as number[] };
const cpu = { A: [] as number[], B: [] as number[] };
const server = await captureServer();
try {
  for (let r = 0; r < rounds; r++) {
    const without = await receive(server.origin, false, mode);
    for (const name of r % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const run = await receive(server.origin, control ? true : 'with-panel', mode, builds[name]);
      ratios[name].push(run.ms / without.ms);
      cpu[name].push(run.processCpu.extension + run.processCpu.browser);
    }
    console.log(`round ${r + 1}: without ${without.ms.toFixed(0)} ms; A ${(ratios.A.at(-1) as number).toFixed(2)}x, B ${(ratios.B.at(-1) as number).toFixed(2)}x`);
  }
  for (const name of ['A', 'B'] as const)
    console.log(`${name} (${builds[name]}): median ${median(ratios[name]).toFixed(3)}x, extension + browser CPU ${median(cpu[name]).toFixed(0)} ms`);
} finally {
  await server.close();
}
