// Start-up of the built CLI (`check` of a small file, and `--version`) against `node -e 0`, run in
// alternation so both see the same machine load; the medians' ratio is the figure.
import { execFileSync, spawnSync } from 'node:child_process';
import { figure } from './figures';

export interface CliStartup {
  rounds: number;
  nodeMs: number;
  versionMs: number;
  checkMs: number;
  versionRatio: number;
  checkRatio: number;
}

function timeRun(args: string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

export function benchCliStartup(rounds = 15): CliStartup {
  execFileSync(process.execPath, ['scripts/build-package.mjs', '--js-only'], { stdio: 'ignore' });
  // The built CLI as the installed bin runs it (bin/load-cli.mjs, with its code cache); in a clone the
  // bin runs the bundle of the tree instead.
  const bin = 'bench/run-built-cli.mjs';
  const node: number[] = [];
  const version: number[] = [];
  const check: number[] = [];
  // A bin that is not there also exits 1: the version it prints says it ran.
  const printed = execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim();
  if (!/^\d+\.\d+\.\d+/.test(printed)) throw new Error(`${bin} --version printed ${JSON.stringify(printed)}`);
  timeRun([bin, 'check', 'examples/flat-block-turn.jsonl']); // warm the file cache, write the code cache
  for (let i = 0; i < rounds; i++) {
    node.push(timeRun(['-e', '0']));
    version.push(timeRun([bin, '--version']));
    check.push(timeRun([bin, 'check', 'examples/flat-block-turn.jsonl']));
  }
  const nodeMs = median(node);
  return { rounds, nodeMs, versionMs: median(version), checkMs: median(check), versionRatio: median(version) / nodeMs, checkRatio: median(check) / nodeMs };
}

export function printCliStartup(): void {
  const c = benchCliStartup();
  const fmt = (n: number, digits = 2) => n.toFixed(digits);
  console.log(`\nCLI start-up, built package, median of ${c.rounds} alternating runs:`);
  console.log(`  node -e 0                     ${fmt(figure('cli-startup.node', c.nodeMs, 'ms'), 0)} ms`);
  console.log(`  --version                     ${fmt(figure('cli-startup.version', c.versionMs, 'ms'), 0)} ms   ${fmt(figure('cli-startup.version-ratio', c.versionRatio, 'x'))}x`);
  console.log(`  check flat-block-turn.jsonl   ${fmt(figure('cli-startup.check', c.checkMs, 'ms'), 0)} ms   ${fmt(figure('cli-startup.check-ratio', c.checkRatio, 'x', { max: 3 }))}x   (target < 3x)`);
}
