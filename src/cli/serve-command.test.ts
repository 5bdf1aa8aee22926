// @vitest-environment node
// The `serve` command: its options in parseArgs form, what it prints, and a clean stop on SIGINT/SIGTERM
// in a real process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runServe, serveCommand } from './serve-command';

const ROOT = path.resolve(__dirname, '../..');
const HAR = path.join(ROOT, 'examples/flat-block-reload.har');

function parse(args: string[]) {
  return parseArgs({ args, options: serveCommand.options, allowPositionals: true, strict: true });
}

function capture() {
  const out = { stdout: '', stderr: '' };
  return { out, sink: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) } };
}

describe('serve options', () => {
  it.each([
    [['--cut-after', 'x', HAR], '--cut-after takes a frame number (1, 2, …, as check prints them), not "x"'],
    [['--drop', '3,0', HAR], '--drop takes a frame number (1, 2, …, as check prints them), not "0"'],
    [['--delay', '4', HAR], '--delay takes FRAME:MS, e.g. --delay 4:1500, not "4"'],
    [['--close-code', '1006', HAR], '--close-code takes a code a server may send (1000-1003, 1007-1014, 3000-4999), not "1006"'],
    [['--speed', '2', '--no-delay', HAR], '--speed and --no-delay exclude each other'],
    [['--speed=-1', HAR], '--speed takes a positive number, not "-1"'],
    [['--port', '70000', HAR], '--port takes 0-65535, not "70000"'],
    [[], 'serve needs at least one FILE'],
  ])('%j is refused with exit code 2', async (args, message) => {
    const { out, sink } = capture();
    expect(await runServe(parse(args), sink, Promise.resolve())).toBe(2);
    expect(out.stderr).toBe(`agent-stream-inspector serve: ${message}\n`);
  });

  it('refuses an input it cannot read, naming it', async () => {
    const { out, sink } = capture();
    expect(await runServe(parse(['no-such-file.har']), sink, Promise.resolve())).toBe(2);
    expect(out.stderr).toBe('no-such-file.har: no such file\n');
  });
});

describe('serve', () => {
  it('prints the URL map when ready, logs each request, and stops when told', async () => {
    const { out, sink } = capture();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const done = runServe(parse(['--no-delay', '--drop=1', HAR]), sink, stopped);
    await expect.poll(() => out.stdout).toContain('Ready.');
    const url = /Replaying 2 recorded answer\(s\) at (http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout)?.[1];
    expect(url).toBeDefined();
    expect(out.stdout).toContain(`GET  ${url}/history?session_id=abc-123  json       1 frame   ${HAR} (har-0)`);
    expect(out.stdout).toContain(`WS   ${url!.replace('http', 'ws')}/ws?session_id=abc-123         websocket  8 frames  ${HAR} (har-1)`);
    expect(out.stdout).toContain('faults: drop 1');
    const res = await fetch(`${url}/history?session_id=abc-123`);
    expect(res.status).toBe(200);
    // Frame 1 is the History API answer, dropped: headers, then an empty body.
    expect(await res.text()).toBe('');
    stop();
    expect(await done).toBe(0);
    expect(out.stdout).toContain(`GET /history?session_id=abc-123 → ${HAR} (har-0, json) 200\n`);
    expect(out.stdout).toMatch(/Stopped\. 0 difference\(s\)/);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops cleanly on %s in its own process', async (signal) => {
    const script = `
      import { serveCommand } from './src/cli/serve-command.ts';
      const out = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
      process.exitCode = await serveCommand.run({ values: { 'no-delay': true }, positionals: [${JSON.stringify(HAR)}] }, out);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => stdout, { timeout: 30_000 }).toContain('Ready.');
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1];
    expect((await fetch(`${url}/history?session_id=abc-123`)).status).toBe(200);
    child.kill(signal);
    expect(await exited).toBe(0);
    expect(stdout).toContain('Stopped. 0 difference(s)');
    await expect(fetch(`${url}/history?session_id=abc-123`)).rejects.toThrow();
  }, 40_000);
});
