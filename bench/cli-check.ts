// `check --json` of a 200,000-event session as a whole process (the command as a user runs it: the bin,
// which in a clone runs its cached bundle), against a node process that only reads the same file and
// JSON.parses each line. Run in alternation so both see the same machine load; medians per protocol.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_SESSIONS, writeCliSession } from './cli-sessions';

export interface CliCheckRun {
  protocol: string;
  events: number;
  mb: number;
  readAndParseMs: number;
  checkMs: number;
  ratio: number;
  readAndParseCpuMs: number;
  checkCpuMs: number;
  cpuRatio: number;
  exitCode: number | null;
  findings: number;
}

const BIN = path.resolve(import.meta.dirname, '../bin/agent-stream-inspector.mjs');

const READ_AND_PARSE = `
const rl = require('node:readline').createInterface({ input: require('node:fs').createReadStream(process.argv[1]), crlfDelay: Infinity });
let n = 0;
rl.on('line', (line) => { try { JSON.parse(line); n++; } catch {} });
rl.on('close', () => console.log(n));
`;

/** CPU time of this process's waited-for children so far (Linux: cutime + cstime), 0 elsewhere. */
function childrenCpuMs(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/** Wall time, and CPU time (less swayed by a loaded machine; in 10 ms ticks). */
function timed(args: string[]): { ms: number; cpuMs: number; status: number | null; stdout: string } {
  const cpu = childrenCpuMs();
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: childrenCpuMs() - cpu, status: r.status, stdout: r.stdout };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function benchCliCheck(events = 200_000, rounds = 5, only?: readonly string[]): CliCheckRun[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-cli-check-'));
  try {
    timed([BIN, '--version']); // builds the clone's bundle when the source is newer
    return (Object.keys(CLI_SESSIONS) as (keyof typeof CLI_SESSIONS)[]).filter((p) => !only || only.includes(p)).map((protocol) => {
      const file = path.join(dir, `${protocol}.jsonl`);
      writeCliSession(file, protocol, events);
      const base: ReturnType<typeof timed>[] = [];
      const check: ReturnType<typeof timed>[] = [];
      let last = timed([BIN, 'check', '--json', file]); // warms the file cache
      for (let i = 0; i < rounds; i++) {
        base.push(timed(['-e', READ_AND_PARSE, file]));
        last = timed([BIN, 'check', '--json', file]);
        check.push(last);
      }
      const results = JSON.parse(last.stdout || '[]') as { findings: unknown[] }[];
      const run = {
        protocol,
        events,
        mb: fs.statSync(file).size / 1e6,
        readAndParseMs: median(base.map((r) => r.ms)),
        checkMs: median(check.map((r) => r.ms)),
        readAndParseCpuMs: median(base.map((r) => r.cpuMs)),
        checkCpuMs: median(check.map((r) => r.cpuMs)),
      };
      fs.rmSync(file);
      return {
        ...run,
        ratio: run.checkMs / run.readAndParseMs,
        cpuRatio: run.checkCpuMs / run.readAndParseCpuMs,
        exitCode: last.status,
        findings: results.reduce((n, r) => n + r.findings.length, 0),
      };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
