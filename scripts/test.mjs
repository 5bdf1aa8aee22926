// `npm test`: every test, the browser project beside the others. Vitest runs projects one after another
// when one of them runs its files one at a time (the browser project: one Chromium at a time) and gives
// the rest one worker on a two-core machine, so `vitest run` took the unit tests' 10 minutes and then the
// browser tests' 25. Here two Vitest processes run at once, each reporting whole lines (no terminal
// redraws to mix up), and the exit code is the worse of the two. With arguments, they go to one
// `vitest run` as they are (`npm test -- src/hub`).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);

/** Runs `vitest run` with `extra`, passing on its output a whole line at a time; resolves with its exit code. */
function run(extra, colour) {
  const child = spawn(process.execPath, [vitest, 'run', ...extra], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(colour && process.env.FORCE_COLOR === undefined ? { FORCE_COLOR: '1' } : {}) },
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`could not start vitest: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const colour = process.stdout.isTTY === true;
const runs =
  args.length > 0
    ? [{ name: 'vitest', done: run(args, colour) }]
    : [
        { name: 'unit and package', done: run(['--project', 'unit', '--project', 'package'], colour) },
        { name: 'browser', done: run(['--project', 'browser'], colour) },
      ];
const codes = await Promise.all(runs.map((r) => r.done));
if (runs.length > 1) console.log(`\n${runs.map((r, i) => `${r.name}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`).join('; ')}`);
process.exitCode = codes.find((c) => c !== 0) ?? 0;
