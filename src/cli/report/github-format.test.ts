// GitHub Actions annotations: a line only where a frame is a line of the file, the frame in the title
// otherwise, and message text that can never start another workflow command.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, tempFile } from '../test-support';

describe('check --format github', () => {
  it('gives the line of a JSON Lines frame (which is not its frame number when lines are blank)', async () => {
    const file = await tempFile('shifted.jsonl', `\n\n${readFileSync('examples/flat-block-broken.jsonl', 'utf8')}`);
    const r = await runCli(['check', '--format', 'github', file]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(`::error file=${file},line=4,title=flat/block-delta-without-start::content_block_delta for index 0, which has no open block`);
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(3);
    expect(r.stderr).toContain('4 error(s), 3 warning(s), 0 info in 1 session(s)');
  });

  it('puts the frame in the title where a frame is not a line (HAR)', async () => {
    const har = readFileSync('examples/flat-block-reload.har', 'utf8');
    const file = await tempFile('gap.har', har.replace('\\"event_id\\":13', '\\"event_id\\":15'));
    const r = await runCli(['check', '--format', 'github', file]);
    expect(r.stdout.split('\n')[0]).toBe(`::warning file=${file},title=flat/replay-gap (frame 3)::the replay starts at event 15 but last_event_id is 12: 2 event(s) missing`);
    expect(r.stdout).not.toContain('line=');
  });

  it('escapes newlines, % and property separators so page text cannot inject a command', async () => {
    const text = readFileSync('examples/flat-block-broken.jsonl', 'utf8').replace('"t9"', '"t9\\n::error::forged 100%"');
    const file = await tempFile('a,b:c.jsonl', text);
    const r = await runCli(['check', '--format', 'github', file]);
    const lines = r.stdout.trim().split('\n');
    expect(lines.every((l) => /^::(error|warning|notice) file=/.test(l))).toBe(true);
    expect(lines.find((l) => l.includes('tool_result'))).toContain('file=' + file.replace(/,/g, '%2C').replace(/:/g, '%3A'));
    expect(r.stdout).toContain('tool_result for "t9%0A::error::forged 100%25" matches no tool_use');
  });

  it('annotates files that could not be read', async () => {
    const r = await runCli(['check', '--format', 'github', 'missing.jsonl']);
    expect(r).toEqual({ code: 2, stdout: '::error file=missing.jsonl,title=agent-stream-inspector%3A unreadable input::no such file\n', stderr: 'missing.jsonl: no such file\n' });
  });
});
