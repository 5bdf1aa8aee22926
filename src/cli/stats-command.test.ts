// @vitest-environment node
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../model/frame';
import { toCaptureFile } from '../capture-format/capture-format';
import { statsCommand, type StatsResult } from './stats-command';
import { runCli } from './test-support';

async function run(args: string[], values: Record<string, string | boolean> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await statsCommand.run({ values, positionals: args }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

async function tempFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asi-stats-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

const chunk = (delta: object) => JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] });
// Request at 1,000 ms; first byte at 1,300; first text at 1,600; a 2.5 s gap; a tool call; the end at 4,300.
const timeline: [number, string][] = [
  [1300, chunk({ role: 'assistant', content: '' })],
  [1600, chunk({ content: 'Hi there' })],
  [4100, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] })],
  [4200, JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })],
  [4300, '[DONE]'],
];
const capture: Capture = {
  connections: [{ id: 'c1', transport: 'sse', method: 'POST', url: 'https://api.openai.com/v1/chat/completions', startedAt: 1000 }],
  frames: timeline.map(([time, data], index): Frame => ({ index, connectionId: 'c1', time, direction: 'in', kind: 'message', data })),
};
const captureText = JSON.stringify(toCaptureFile(capture, { redact: false, exportedAt: '2026-01-01T00:00:00.000Z' }));

describe('stats', () => {
  it('prints one block per session with the figures measured from the request start', async () => {
    const file = await tempFile('chat.json', captureText);
    const r = await run([file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        `${file}: openai-chat session c1`,
        '  connections: POST https://api.openai.com/v1/chat/completions',
        '  frames: 5   findings: 0 error(s), 0 warning(s), 0 info',
        '  tokens: not reported   model: -   cost: -',
        '  first byte: 300 ms   first token: 600 ms   duration: 3.3 s',
        '  output: 8 chars   rate: -',
        '  longest gap: 2.5 s (#2 → #3)   gaps over 2.0 s: 1',
        '    gap 2.5 s (#2 → #3)',
        '  tool get_weather call_1: no result',
        '',
        '',
      ].join('\n'),
    );
  });

  it('--json gives the figures with frame numbers counted from 1', async () => {
    const file = await tempFile('chat.json', captureText);
    const r = await run([file], { json: true, gap: '100' });
    const [result] = JSON.parse(r.stdout) as StatsResult[];
    expect(result).toMatchObject({ file, session: 'c1', protocol: 'openai-chat' });
    expect(result?.metrics).toMatchObject({
      timing: 'real',
      requestAt: 1000,
      firstByteMs: 300,
      firstTokenMs: 600,
      durationMs: 3300,
      gapThresholdMs: 100,
      longestGap: { ms: 2500, afterFrame: 2, beforeFrame: 3 },
      gaps: [
        { ms: 300, afterFrame: 1, beforeFrame: 2 },
        { ms: 2500, afterFrame: 2, beforeFrame: 3 },
      ],
      tools: [{ id: 'call_1', name: 'get_weather', callFrame: 3 }],
    });
  });

  it('says "no timing" for an input without a clock', async () => {
    const r = await run([path.resolve(__dirname, '../protocols/openai-chat/testdata/valid-reasoning-tools.sse')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  timing: no timing (the input recorded no clock)\n');
    expect(r.stdout).not.toMatch(/first token|gap/);
  });

  it('says a call its stream was cut off before is cut off, with the call and the cut', async () => {
    const r = await run([path.resolve(__dirname, '../protocols/cohere/testdata/invalid-cut-short.sse')]);
    expect(r.stdout).toContain('  tool weather weather_1: cut off before its result (#4 → #5)\n');
  });

  it('says a call whose arguments never finished before its stream ended so, with the call and the end', async () => {
    const r = await run([path.resolve(__dirname, '../protocols/gemini/testdata/invalid-unfinished-call.sse')]);
    expect(r.stdout).toContain('its arguments never finished (#2 → #4)\n');
  });

  it('exits 2 for an unreadable input or a bad option, and shows control characters from the page escaped', async () => {
    expect((await run(['/no/such/file'])).code).toBe(2);
    const noFile = await runCli(['stats']);
    expect([noFile.code, noFile.stderr]).toEqual([2, expect.stringContaining('needs at least one FILE')]);
    const badGap = await runCli(['stats', '--gap', 'soon', 'x']);
    expect([badGap.code, badGap.stderr]).toEqual([2, expect.stringContaining('--gap needs a number')]);
    const sneaky: Capture = { ...capture, connections: [{ ...capture.connections[0], id: 'c1\u001b[2J' } as Capture['connections'][number]], frames: capture.frames.map((f) => ({ ...f, connectionId: 'c1\u001b[2J' })) };
    const file = await tempFile('sneaky.json', JSON.stringify(toCaptureFile(sneaky, { redact: false })));
    const r = await run([file]);
    expect(r.stdout).toContain('session c1\\u{1b}[2J');
    expect(r.stdout).not.toContain('\u001b');
  });
});
