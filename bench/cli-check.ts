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

function timed(args: string[]): { ms: number; status: number | null; stdout: string } {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: r.status, stdout: r.stdout };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function benchCliCheck(events = 200_000, rounds = 5): CliCheckRun[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-cli-check-'));
  try {
    timed([BIN, '--version']); // builds the clone's bundle when the source is newer
    return (Object.keys(CLI_SESSIONS) as (keyof typeof CLI_SESSIONS)[]).map((protocol) => {
      const file = path.join(dir, `${protocol}.jsonl`);
      writeCliSession(file, protocol, events);
      const base: number[] = [];
      const check: number[] = [];
      let last = timed([BIN, 'check', '--json', file]); // warms the file cache
      for (let i = 0; i < rounds; i++) {
        base.push(timed(['-e', READ_AND_PARSE, file]).ms);
        last = timed([BIN, 'check', '--json', file]);
        check.push(last.ms);
      }
      const results = JSON.parse(last.stdout || '[]') as { findings: unknown[] }[];
      const run = { protocol, events, mb: fs.statSync(file).size / 1e6, readAndParseMs: median(base), checkMs: median(check) };
      fs.rmSync(file);
      return { ...run, ratio: run.checkMs / run.readAndParseMs, exitCode: last.status, findings: results.reduce((n, r) => n + r.findings.length, 0) };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
