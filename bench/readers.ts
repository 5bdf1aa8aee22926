// The command line on large inputs, as whole processes: `check` of a generated JSON Lines file (an AG-UI
// run) with its peak resident memory (VmHWM) against the file's size, against the same check collecting
// the whole capture before analysing it, and against a node process that only reads the same file line
// by line; `check` of an OpenAI Chat answer of the same size (another protocol's fold, its text cut
// short too); and `check` of a HAR with 1,000,000 messages in one WebSocket entry.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI_SESSIONS, writeCliSession } from './cli-sessions';

export interface ProcessRun {
  ms: number;
  peakRssMb: number;
  exitCode: number | null;
  stdout: string;
}

export interface ReadersBench {
  jsonlMb: number;
  jsonlLines: number;
  check: ProcessRun;
  /** The same check with the whole capture collected first (as before analysis while reading). */
  collectedCheck: ProcessRun;
  lineReader: ProcessRun;
  /** `check` of an OpenAI Chat answer streamed as JSON Lines of about `jsonlMb`. */
  chatMb: number;
  chatCheck: ProcessRun;
  harMb: number;
  harMessages: number;
  harCheck: ProcessRun;
}

const BIN = path.resolve(import.meta.dirname, '../bin/agent-stream-inspector.mjs');
const COLLECTED = path.resolve(import.meta.dirname, 'check-collected.ts');

/** Runs a node process to its end, sampling /proc/<pid>/status for VmHWM (the kernel's own peak). */
function run(args: string[]): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let peakKb = 0;
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const sample = () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        if (kb > peakKb) peakKb = kb;
      } catch {
        // The process has ended between samples.
      }
    };
    const timer = setInterval(sample, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ ms: performance.now() - start, peakRssMb: peakKb / 1024, exitCode: code, stdout });
    });
  });
}

/** An AG-UI run of `bytes` or a little more as JSON Lines: one text message streamed in many small deltas. */
function writeJsonLines(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let lines = 0;
  const put = (event: object) => {
    const line = `${JSON.stringify(event)}\n`;
    written += line.length;
    lines++;
    return line;
  };
  fs.writeSync(fd, put({ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' }) + put({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }));
  let batch = '';
  for (let i = 0; written < bytes; i++) {
    batch += put({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `word ${i} of a long answer, ` });
    if (batch.length > 1 << 20) {
      fs.writeSync(fd, batch);
      batch = '';
    }
  }
  fs.writeSync(fd, batch + put({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }) + put({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }));
  fs.closeSync(fd);
  return lines;
}

/** A Chrome-style HAR with one WebSocket entry of `count` small messages. */
export function writeHar(file: string, count: number): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-01-01T00:00:00Z","_resourceType":"websocket",');
  fs.writeSync(fd, '"request":{"method":"GET","url":"wss://a.example/ws","headers":[]},"response":{"status":101,"headers":[]},"_webSocketMessages":[');
  let batch = '';
  for (let i = 0; i < count; i++) {
    batch += `${i === 0 ? '' : ','}{"type":"${i % 10 === 0 ? 'send' : 'receive'}","time":${1767225600 + i / 1000},"opcode":1,"data":"{\\"n\\":${i}}"}`;
    if (batch.length > 1 << 20) {
      fs.writeSync(fd, batch);
      batch = '';
    }
  }
  fs.writeSync(fd, `${batch}]}]}}`);
  fs.closeSync(fd);
}

const LINE_READER = `
const rl = require('node:readline').createInterface({ input: require('node:fs').createReadStream(process.argv[1]), crlfDelay: Infinity });
let n = 0;
rl.on('line', () => n++);
rl.on('close', () => console.log(n));
`;

export async function benchReaders(jsonlBytes = Number(process.env.ASI_BENCH_JSONL_MB ?? 200) * 1024 * 1024, harMessages = 1_000_000): Promise<ReadersBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-readers-'));
  try {
    const jsonl = path.join(dir, 'run.jsonl');
    const jsonlLines = writeJsonLines(jsonl, jsonlBytes);
    const check = await run([BIN, 'check', '--json', jsonl]);
    const collectedCheck = await run(['--import', 'tsx', COLLECTED, jsonl]);
    const lineReader = await run(['-e', LINE_READER, jsonl]);
    fs.rmSync(jsonl);
    const chat = path.join(dir, 'chat.jsonl');
    // Lines grow with the delta's number: one from the middle of the run estimates them all.
    const chatLine = JSON.stringify(CLI_SESSIONS['openai-chat'].delta(jsonlLines / 2)).length + 1;
    writeCliSession(chat, 'openai-chat', Math.ceil(jsonlBytes / chatLine));
    const chatMb = fs.statSync(chat).size / 1024 / 1024;
    const chatCheck = await run([BIN, 'check', '--json', chat]);
    fs.rmSync(chat);
    const har = path.join(dir, 'large.har');
    writeHar(har, harMessages);
    const harCheck = await run([BIN, 'check', '--json', har]);
    return { jsonlMb: jsonlBytes / 1024 / 1024, jsonlLines, check, collectedCheck, lineReader, chatMb, chatCheck, harMb: fs.statSync(har).size / 1024 / 1024, harMessages, harCheck };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
