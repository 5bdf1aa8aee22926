// @vitest-environment node
// `stats` prints each session's tokens and cost, each conversation's and the capture's totals.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statsCommand, type StatsResult } from './stats-command';
import { corpusPath, HAS_CORPUS, needsShared } from '../../test/support/shared-dir';

const EXAMPLES = path.resolve(__dirname, '../../examples');

async function run(args: string[], values: Record<string, string | boolean> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await statsCommand.run({ values, positionals: args }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('stats: tokens and cost', () => {
  it('gives tokens per request and per conversation, and says why a model has no price', async () => {
    const { code, stdout } = await run([path.join(EXAMPLES, 'anthropic-tool-loop.har')]);
    expect(code).toBe(0);
    // Each of the four requests reports 20 input and 30 output tokens for the made-up model "claude-x".
    expect(stdout.match(/tokens: 20 in, 30 out {3}model: claude-x {3}cost: unknown \(claude-x not in @pydantic\/genai-prices [\d.]+\)/g)).toHaveLength(4);
    expect(stdout).toContain('conversation har-0, 4 requests\n  tokens: 80 in, 120 out');
    expect(stdout).toContain('total: 4 sessions, 4 reporting tokens\n  tokens: 80 in, 120 out');
  });

  it('says "not reported" where a stream carries no usage', async () => {
    const { stdout } = await run([path.join(EXAMPLES, 'openai-tool-loop.har')]);
    expect(stdout).toContain('tokens: not reported   model: gpt-x   cost: -');
  });

  it('puts the tokens, model and conversation into --json', async () => {
    const { stdout } = await run([path.join(EXAMPLES, 'anthropic-tool-loop.har')], { json: true });
    const results = JSON.parse(stdout) as StatsResult[];
    expect(results.map((r) => r.conversation)).toEqual(['har-0', 'har-0', 'har-0', 'har-0']);
    expect(results[0]?.metrics).toMatchObject({ tokens: { input: 20, output: 30, total: 50 }, model: 'claude-x' });
    expect(results[0]?.metrics.cost).toBeUndefined();
  });

  it.skipIf(!HAS_CORPUS)(needsShared('prices a real recording at its model’s price (claude-sonnet-4-5: $3 and $15 per million)'), async () => {
    const { stdout } = await run([corpusPath('vercel-ai/anthropic_anthropic-text.jsonl')], { json: true });
    const [result] = JSON.parse(stdout) as StatsResult[];
    expect(result?.metrics.cost?.usd).toBeCloseTo((12 * 3 + 30 * 15) / 1e6, 12);
    expect(result?.metrics.cost?.model).toBe('claude-sonnet-4-5');
  });
});
