// A reader that goes away early (`check … | head`): the command ends with its own exit code and says
// nothing about the closed pipe. Run as real processes whose standard output is closed before the
// command writes to it, so every write meets EPIPE.
// @vitest-environment node
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const KILL_AFTER_MS = 20_000;

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['bin/agent-stream-inspector.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr });
    });
  });
}

describe('output to a closed pipe', () => {
  it('a clean capture still exits 0, and stderr holds only the summary', async () => {
    const run = await runWithClosedStdout(['check', 'examples/openai-tool-loop.har']);
    expect(run.stderr).toBe('0 error(s), 0 warning(s), 0 info in 4 session(s)\n');
    expect(run.code).toBe(0);
  });

  it('a broken capture still exits 1: the verdict is kept', async () => {
    const run = await runWithClosedStdout(['check', 'examples/openai-tool-loop-broken.har']);
    expect(run.stderr).not.toMatch(/EPIPE/);
    expect(run.code).toBe(1);
  });
});
