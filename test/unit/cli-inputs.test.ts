// What the command line reads and what it refuses at once: a named pipe with no writer, a directory, a
// device and a socket get exit 2 and one line; standard input, a shell's `<(…)` and a named pipe with a
// writer are read. Run as real processes: a regression here is a hang, which a kill timeout turns into a
// failure instead of a stuck suite.
// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The bin runs a bundle of the source (rebuilt when a source file is newer): tsx took seconds a start.
const CLI = ['bin/agent-stream-inspector.mjs'];
/** Far above a start of the CLI under load, far below "hangs". */
const KILL_AFTER_MS = 20_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `node …CLI args`, killed after KILL_AFTER_MS; `input` is written to its standard input. */
function runCli(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [...CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

let dir: string;
let socketServer: Server;
let socketPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'asi-cli-inputs-'));
  socketPath = join(dir, 'socket');
  socketServer = createServer();
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
});

afterAll(async () => {
  await new Promise((resolve) => socketServer.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function mkfifo(name: string): string {
  const path = join(dir, name);
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${String(made.stderr)}`);
  return path;
}

describe('inputs the CLI refuses at once', () => {
  it('a named pipe with no writer: exit 2 and one line, no wait', async () => {
    const fifo = mkfifo('no-writer');
    const r = await runCli(['check', fifo]);
    expect(r.signal, 'killed: the CLI waited for a writer').toBeNull();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${fifo}: is a named pipe with no writer\n`);
  }, 30_000);

  it('a directory, a device and a socket: exit 2, one line each', async () => {
    for (const [path, why] of [
      [dir, 'is a directory'],
      ['/dev/zero', 'is a device, not a file'],
      [socketPath, 'is a socket, not a file'],
    ] as const) {
      const r = await runCli(['check', path]);
      expect(r.signal, `killed on ${path}`).toBeNull();
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`${path}: ${why}\n`);
    }
  }, 60_000);

  it('render and stats refuse the same way', async () => {
    const fifo = mkfifo('no-writer-2');
    for (const command of ['render', 'stats']) {
      const r = await runCli([command, fifo]);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${fifo}: is a named pipe with no writer`);
    }
  }, 60_000);
});

describe('inputs the CLI reads', () => {
  it("standard input as '-'", async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile('examples/flat-block-broken.jsonl', 'utf8');
    const r = await runCli(['check', '-'], text);
    expect(r.code).toBe(1);
    // Lines of standard input are pointed at as such, like any file's (a second read of a copy).
    expect(r.stdout.split('\n')[0]).toBe('-:2 error flat/block-delta-without-start content_block_delta for index 0, which has no open block [session s1]');
  }, 30_000);

  it("a shell's process substitution <(cat file), whose writer may have finished before the read", async () => {
    const r = await new Promise<Run>((resolve, reject) => {
      const script = `exec node ${CLI.join(' ')} check --json <(cat examples/flat-block-broken.jsonl)`;
      const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(killer);
        resolve({ code, signal, stdout, stderr });
      });
    });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout) as Array<{ file: string; protocol: string; errorCount: number; warningCount: number }>;
    expect(result!.file).toMatch(/^\/dev\/fd\/\d+$/);
    expect(result).toMatchObject({ protocol: 'flat-block', errorCount: 4, warningCount: 3 });
  }, 30_000);

  it('a named pipe with a writer', async () => {
    const fifo = mkfifo('with-writer');
    // The writer waits in its open until a reader comes, and counts as a writer meanwhile.
    const writer = spawn('bash', ['-c', `cat examples/flat-block-turn.jsonl > '${fifo}'`], { stdio: 'ignore' });
    const r = await runCli(['check', fifo]);
    writer.kill();
    expect(r.signal).toBeNull();
    expect(r.stderr).toContain('0 error(s), 0 warning(s), 0 info in 1 session(s)');
    expect(r.code).toBe(0);
  }, 30_000);
});
