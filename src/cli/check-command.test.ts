// When the tool itself fails on one file, `check` says so in one line naming that file, exits 3, and
// still checks the other files.
// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { runCli, tempFile } from './test-support';

vi.mock('../analysis/session-split', async (importOriginal) => {
  const real = await importOriginal<typeof import('../analysis/session-split')>();
  // The CLI analyses frames as the reader reads them; one carrying this text makes the analysis fail.
  class FailingSplitter extends real.SessionSplitter {
    override frame(frame: Parameters<typeof real.SessionSplitter.prototype.frame>[0]): void {
      if (frame.data.includes('explode')) throw new RangeError('Maximum call stack size exceeded');
      super.frame(frame);
    }
  }
  return { ...real, SessionSplitter: FailingSplitter };
});

describe('check: an internal failure', () => {
  it('is exit 3 and one line naming the file; the other files are still checked', async () => {
    const bad = await tempFile('bad.jsonl', '{"type":"explode"}\n');
    const r = await runCli(['check', '--format', 'json', bad, 'examples/flat-block-broken.jsonl']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`${bad}: internal failure: RangeError: Maximum call stack size exceeded (--debug prints the stack)\n`);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ file: 'examples/flat-block-broken.jsonl', errorCount: 4 })]);
  });

  it('--debug prints the stack before the line', async () => {
    const bad = await tempFile('bad.jsonl', '{"type":"explode"}\n');
    const r = await runCli(['check', '--debug', bad]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^RangeError: Maximum call stack size exceeded\n\s+at [^\n]+\n[\s\S]*\n.*bad\.jsonl: internal failure: RangeError: Maximum call stack size exceeded\n$/);
  });
});
