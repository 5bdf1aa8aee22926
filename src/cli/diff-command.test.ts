// @vitest-environment node
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../model/frame';
import { toCaptureFile } from '../capture-format/capture-format';
import { diffCommand } from './diff-command';
import { corpusPath, HAS_CORPUS, needsShared } from '../../test/support/shared-dir';

const EXAMPLES = path.resolve(__dirname, '../../examples');

async function run(args: string[], values: Record<string, string | boolean> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await diffCommand.run({ values, positionals: args }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ id: 'x', object: 'chat.completion.chunk', model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] });

/** A one-request capture answering "Hello" with its first token `ttft` ms after the request. */
async function captureFile(name: string, ttft: number, text: string): Promise<string> {
  const body = JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Say hello' }] });
  const capture: Capture = {
    connections: [{ id: 'c1', transport: 'sse', method: 'POST', url: 'https://api.openai.com/v1/chat/completions', startedAt: 1000, requestBody: body }],
    frames: [
      [1000 + ttft, chunk({ role: 'assistant', content: text })],
      [1000 + ttft + 50, chunk({}, 'stop')],
      [1000 + ttft + 60, '[DONE]'],
    ].map(([time, data], index): Frame => ({ index, connectionId: 'c1', time: time as number, direction: 'in', kind: 'message', data: data as string })),
  };
  const dir = await mkdtemp(join(tmpdir(), 'asi-diff-'));
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(toCaptureFile(capture, { redact: false, exportedAt: '2026-01-01T00:00:00.000Z' })));
  return file;
}

describe('diff', () => {
  it('finds no difference between a capture and itself (exit 0)', async () => {
    const file = path.join(EXAMPLES, 'openai-tool-loop.har');
    const r = await run([file, file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 turn(s) aligned, 0 only in A, 0 only in B; text changed in 0, tools in 0; findings 0 new, 0 gone');
    expect(r.stdout).not.toContain('fails:');
  });

  it('aligns a broken tool loop with the clean one by prompt and step and names what broke (exit 1)', async () => {
    const r = await run([path.join(EXAMPLES, 'openai-tool-loop.har'), path.join(EXAMPLES, 'openai-tool-loop-broken.har')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('== "Weather in Paris and Rome?" step 1 (A har-1 ↔ B har-1) ==');
    expect(r.stdout).toContain('new error openai-chat/loop-missing-tool-result');
    expect(r.stdout).toContain('== "And Berlin?" step 1: only in A (session har-3) ==');
    expect(r.stdout).toMatch(/fails: .*2 new finding\(s\)/);
    const none = await run([path.join(EXAMPLES, 'openai-tool-loop.har'), path.join(EXAMPLES, 'openai-tool-loop-broken.har')], { 'fail-on': 'none' });
    expect(none.code).toBe(0);
  });

  it('gates on --max-slowdown and reports the word diff and the timing', async () => {
    const a = await captureFile('a.json', 200, 'Hello there!');
    const b = await captureFile('b.json', 300, 'Hello friend!');
    const r = await run([a, b], { 'fail-on': 'none', 'max-slowdown': '20%' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('== "Say hello" step 0 (A c1 ↔ B c1) ==');
    expect(r.stdout).toContain('text: Hello [-there-]{+friend+}!');
    expect(r.stdout).toContain('TTFT 200 ms → 300 ms (+50%)');
    expect(r.stdout).toContain('time to first token 50% slower (over 20%)');
    expect((await run([a, b], { 'fail-on': 'none', 'max-slowdown': '60%' })).code).toBe(0);
    const json = JSON.parse((await run([a, b], { json: true, 'fail-on': 'text' })).stdout) as { turns: { firstTokenMs: unknown; text: { changed: boolean } }[]; failures: string[] };
    expect(json.turns[0]?.firstTokenMs).toEqual({ a: 200, b: 300, delta: 100, change: 0.5 });
    expect(json.failures).toEqual(['"Say hello" step 0: the answer\'s text changed']);
  });

  it('refuses bad options', async () => {
    await expect(run(['a'], {})).rejects.toThrow('exactly two FILEs');
    await expect(run(['a', 'b'], { 'fail-on': 'speed' })).rejects.toThrow('unknown kind "speed"');
    await expect(run(['a', 'b'], { 'max-slowdown': 'fast' })).rejects.toThrow('percentage');
  });

  it.skipIf(!HAS_CORPUS)(needsShared('compares two real recordings of one prompt that differ: answer, findings, tokens and cost'), async () => {
    // The same request (invent a holiday) to OpenAI's gpt-4.1-nano and to Groq's llama-3.3-70b-versatile.
    const r = await run([corpusPath('vercel-ai/openai_chat_openai-text.jsonl'), corpusPath('vercel-ai/groq_groq-text.jsonl')], { json: true });
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { turns: { text: { changed: boolean }; outputTokens: { a?: number; b?: number }; costUsd: { a?: number; b?: number } }[] };
    expect(json.turns).toHaveLength(1);
    expect(json.turns[0]?.text.changed).toBe(true);
    expect(json.turns[0]?.outputTokens).toMatchObject({ a: 300, b: 662 });
    // gpt-4.1-nano is in the price table; the Groq model, named without its provider, is not priced.
    expect(json.turns[0]?.costUsd.a).toBeGreaterThan(0);
    expect(json.turns[0]?.costUsd.b).toBeUndefined();
    // The text gives both counts (prompt_tokens 16 and 45 in the recordings' usage).
    expect((await run([corpusPath('vercel-ai/openai_chat_openai-text.jsonl'), corpusPath('vercel-ai/groq_groq-text.jsonl')])).stdout).toContain('tokens in 16 → 45   tokens out 300 → 662');
  });
});
