import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../readers/read-input';
import { stats } from '../stats';
import { billedCounts, tokenCounts, addTokenCounts } from './token-counts';
import { loadPricer, PRICE_TABLE, providerHint, formatUsd } from './price';
import { modelOfEvent, modelOfRequest } from './model-name';
import { corpusPath, HAS_CORPUS, HAS_PENDING, needsShared, PENDING_DIR } from '../../../test/support/shared-dir';

describe('token counts as each protocol reports them', () => {
  it('reads OpenAI Chat usage with its details', () => {
    const usage = { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160, 'prompt_tokens_details.cached_tokens': 100, 'completion_tokens_details.reasoning_tokens': 16 };
    expect(tokenCounts(usage, 'openai-chat')).toEqual({ input: 120, output: 40, total: 160, cachedInput: 100, reasoning: 16 });
  });

  it('adds Anthropic cache reads and writes to its input, which leaves them out', () => {
    const usage = { input_tokens: 12, output_tokens: 30, cache_read_input_tokens: 1000, cache_creation_input_tokens: 50 };
    expect(tokenCounts(usage, 'anthropic')).toEqual({ input: 1062, output: 30, cachedInput: 1000, cacheWrite: 50, total: 1092 });
  });

  it('reads OpenAI Responses, AI SDK (v4, v5, v6 nested) and Gemini names', () => {
    expect(tokenCounts({ input_tokens: 5, output_tokens: 7, 'output_tokens_details.reasoning_tokens': 3 }, 'openai-responses')).toEqual({ input: 5, output: 7, reasoning: 3, total: 12 });
    expect(tokenCounts({ promptTokens: 30, completionTokens: 12 }, 'aisdk-data')).toEqual({ input: 30, output: 12, total: 42 });
    expect(tokenCounts({ inputTokens: 3, outputTokens: 4, totalTokens: 9, cachedInputTokens: 1 }, 'aisdk-ui')).toEqual({ input: 3, output: 4, total: 9, cachedInput: 1 });
    expect(tokenCounts({ 'inputTokens.total': 8, 'inputTokens.cacheRead': 2, 'outputTokens.total': 6, 'outputTokens.reasoning': 1 }, 'aisdk-ui')).toEqual({ input: 8, cachedInput: 2, output: 6, reasoning: 1, total: 14 });
  });

  // Figures from real recordings (vercel-ai's google fixtures): the reported total is prompt + tool-use
  // prompts + output + thoughts, so the thoughts are not part of the output Google names.
  it('counts Gemini thoughts in the output and tool-use prompts in the input, as Google bills them', () => {
    expect(tokenCounts({ promptTokenCount: 9, candidatesTokenCount: 29, thoughtsTokenCount: 256, totalTokenCount: 294 }, 'gemini')).toEqual({ input: 9, output: 285, reasoning: 256, total: 294 });
    expect(tokenCounts({ promptTokenCount: 22, toolUsePromptTokenCount: 198, candidatesTokenCount: 590, thoughtsTokenCount: 1173, totalTokenCount: 1983 }, 'gemini')).toEqual({ input: 220, output: 1763, reasoning: 1173, total: 1983 });
    // A deployment that already counts the thoughts in candidatesTokenCount: its total says so.
    expect(tokenCounts({ promptTokenCount: 10, candidatesTokenCount: 25, thoughtsTokenCount: 5, totalTokenCount: 35 }, 'gemini')).toEqual({ input: 10, output: 25, reasoning: 5, total: 35 });
    // No total to tell by: Google's documented meaning (thoughts beside the output).
    expect(tokenCounts({ promptTokenCount: 10, candidatesTokenCount: 20, thoughtsTokenCount: 5 }, 'gemini')).toEqual({ input: 10, output: 25, reasoning: 5, total: 35 });
  });

  it('reads Gemini Interactions usage, thoughts and tool-use prompts counted as for Gemini', () => {
    const usage = { total_tokens: 1983, total_input_tokens: 22, total_cached_tokens: 0, total_output_tokens: 590, total_tool_use_tokens: 198, total_thought_tokens: 1173 };
    expect(tokenCounts(usage, 'gemini-interactions')).toEqual({ input: 220, cachedInput: 0, output: 1763, reasoning: 1173, total: 1983 });
    expect(tokenCounts({ total_tokens: 120, total_input_tokens: 50, total_output_tokens: 20 }, 'gemini-interactions')).toEqual({ input: 50, output: 20, total: 120 });
  });

  it('reads LangChain usage_metadata (LangGraph), whose input already counts the cache', () => {
    const usage = { input_tokens: 350, output_tokens: 240, total_tokens: 590, 'input_token_details.cache_read': 100, 'input_token_details.cache_creation': 200, 'output_token_details.reasoning': 200 };
    expect(tokenCounts(usage, 'langgraph')).toEqual({ input: 350, output: 240, total: 590, cachedInput: 100, cacheWrite: 200, reasoning: 200 });
  });

  it('reads Cohere usage: the tokens the model read and wrote, else the billed units', () => {
    const both = { 'billed_units.input_tokens': 5, 'billed_units.output_tokens': 418, 'tokens.input_tokens': 71, 'tokens.output_tokens': 420 };
    expect(tokenCounts(both, 'cohere')).toEqual({ input: 71, output: 420, total: 491 });
    expect(tokenCounts({ 'billed_units.input_tokens': 5, 'billed_units.output_tokens': 418 }, 'cohere')).toEqual({ input: 5, output: 418, total: 423 });
    // Its `cached_tokens` are the part of the input read from the cache.
    expect(tokenCounts({ ...both, cached_tokens: 64 }, 'cohere')).toEqual({ input: 71, output: 420, cachedInput: 64, total: 491 });
    // The price reads the billed units where they are given, the tokens otherwise.
    expect(billedCounts(both, tokenCounts(both, 'cohere'))).toEqual({ input: 5, output: 418, total: 423 });
    expect(billedCounts({ prompt_tokens: 3, completion_tokens: 4 }, { input: 3, output: 4 })).toEqual({ input: 3, output: 4 });
    expect(billedCounts({ 'billed_units.input_tokens': 5 }, { input: 71, output: 420 })).toEqual({ input: 71, output: 420 });
  });

  it('reports nothing where the stream reported no token count (never guessed)', () => {
    expect(tokenCounts(undefined)).toBeUndefined();
    expect(tokenCounts({ cost: 3, 'cache_creation.ephemeral_5m_input_tokens': 0 })).toBeUndefined();
    expect(tokenCounts({ output_tokens: 9 })).toEqual({ output: 9 });
    expect(tokenCounts({ prompt_tokens: -1, completion_tokens: Number.NaN })).toBeUndefined();
  });

  it('adds counts up, leaving unreported kinds unreported', () => {
    expect(addTokenCounts([{ input: 1, output: 2 }, undefined, { output: 3, reasoning: 1 }])).toEqual({ input: 1, output: 5, reasoning: 1 });
    expect(addTokenCounts([undefined])).toBeUndefined();
  });
});

describe('model names', () => {
  it('reads the request body and the events where the protocols name the model', () => {
    expect(modelOfRequest({ model: 'gpt-4o-mini', messages: [] })).toBe('gpt-4o-mini');
    expect(modelOfEvent({ type: 'message_start', message: { model: 'claude-x' } })).toBe('claude-x');
    expect(modelOfEvent({ type: 'response.created', response: { model: 'gpt-5' } })).toBe('gpt-5');
    expect(modelOfEvent({ modelVersion: 'gemini-2.5-flash' })).toBe('gemini-2.5-flash');
    expect(modelOfEvent({ event_type: 'interaction.created', interaction: { id: 'v1_a', model: 'gemini-2.5-flash' } })).toBe('gemini-2.5-flash');
    expect(modelOfEvent({ object: 'chat.completion.chunk', model: 'mistral-small' })).toBe('mistral-small');
  });

  it('keeps no control characters, overlong or non-string names', () => {
    expect(modelOfRequest({ model: 'gpt\u001b[31m' })).toBeUndefined();
    expect(modelOfRequest({ model: 'x'.repeat(500) })).toBeUndefined();
    expect(modelOfRequest({ model: { toString: 0 } })).toBeUndefined();
    expect(modelOfEvent(['model'])).toBeUndefined();
  });
});

describe('cost from the price table', () => {
  it('names the installed table', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../node_modules/@pydantic/genai-prices/package.json'), 'utf8')) as { version: string };
    expect(PRICE_TABLE).toBe(`@pydantic/genai-prices ${pkg.version}`);
  });

  it('prices tokens at the model’s published price (gpt-4o-mini: $0.15 and $0.60 per million)', async () => {
    const price = await loadPricer();
    const cost = price({ input: 1_000_000, output: 100_000 }, 'gpt-4o-mini', { providerId: 'openai' });
    expect(cost?.usd).toBeCloseTo(0.15 + 0.06, 10);
    expect(cost?.inputUsd).toBeCloseTo(0.15, 10);
    expect(cost).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', table: PRICE_TABLE });
  });

  it('prices cache reads lower than fresh input (claude-sonnet-4-5 under 200k: $3 in, $0.30 cache read per million)', async () => {
    const price = await loadPricer();
    const cached = price({ input: 100_000, cachedInput: 100_000, output: 0 }, 'claude-sonnet-4-5', { providerId: 'anthropic' });
    expect(cached?.usd).toBeCloseTo(0.03, 10);
    const fresh = price({ input: 100_000, output: 0 }, 'claude-sonnet-4-5', { providerId: 'anthropic' });
    expect(fresh?.usd).toBeCloseTo(0.3, 10);
  });

  it('prices a Cohere stream by its protocol’s provider (command-a-03-2025: $2.50 in, $10 out per million)', async () => {
    const price = await loadPricer();
    const cost = price({ input: 71, output: 420 }, 'command-a-03-2025', providerHint('cohere', '/v2/chat'));
    expect(cost?.usd).toBeCloseTo((71 * 2.5 + 420 * 10) / 1e6, 12);
    expect(cost?.provider).toBe('cohere');
  });

  it('gives no cost for an unknown model or without both counts', async () => {
    const price = await loadPricer();
    expect(price({ input: 10, output: 10 }, 'our-own-model-7')).toBeUndefined();
    expect(price({ output: 10 }, 'gpt-4o-mini')).toBeUndefined();
  });

  it('tells the provider by protocol, else by an absolute request URL', () => {
    expect(providerHint('anthropic', '/api/chat')).toEqual({ providerId: 'anthropic' });
    expect(providerHint('openai-chat', 'https://api.mistral.ai/v1/chat/completions')).toEqual({ apiUrl: 'https://api.mistral.ai/v1/chat/completions' });
    expect(providerHint('openai-chat', '/v1/chat/completions')).toEqual({});
    expect(providerHint('gemini-interactions', '/v1beta/interactions')).toEqual({ providerId: 'google' });
    expect(providerHint('cohere', '/v2/chat')).toEqual({ providerId: 'cohere' });
  });

  it('formats dollars readably', () => {
    expect(formatUsd(0.000486)).toBe('$0.00049');
    expect(formatUsd(1.234)).toBe('$1.23');
    expect(formatUsd(0)).toBe('$0');
  });
});

describe('a real recording priced', () => {
  // gemini-3-pro-preview up to 200k input tokens: $2 in, $12 out per million; thoughts are billed as output.
  it.skipIf(!HAS_PENDING)(needsShared('google-reasoning (9 in, 29 out + 256 thoughts) costs 9×$2 + 285×$12 per million', HAS_PENDING, 'corpus-pending'), async () => {
    const text = fs.readFileSync(path.join(PENDING_DIR, 'vercel-ai/google_google-reasoning.jsonl'), 'utf8');
    const [session] = stats(readInput(text).capture, { pricer: await loadPricer() });
    expect(session?.metrics.tokens).toEqual({ input: 9, output: 285, reasoning: 256, total: 294 });
    expect(session?.metrics.cost?.usd).toBeCloseTo((9 * 2 + 285 * 12) / 1e6, 12);
  });

  // Every Google recording: input and output as read here add up to the total the stream reported.
  it.skipIf(!HAS_PENDING)(needsShared('Gemini and Gemini Interactions recordings: input + output is the reported total', HAS_PENDING, 'corpus-pending'), () => {
    const files = fs.readdirSync(path.join(PENDING_DIR, 'vercel-ai')).filter((f) => f.startsWith('google_'));
    let checked = 0;
    for (const file of files) {
      for (const session of stats(readInput(fs.readFileSync(path.join(PENDING_DIR, 'vercel-ai', file), 'utf8')).capture)) {
        const t = session.metrics.tokens;
        if (t?.input === undefined || t.output === undefined || t.total === undefined) continue;
        expect({ file, sum: t.input + t.output }).toEqual({ file, sum: t.total });
        checked++;
      }
    }
    // Each of the 17 recordings reports its usage.
    expect(files.length).toBeGreaterThanOrEqual(17);
    expect(checked).toBe(files.length);
  });

  it.skipIf(!HAS_CORPUS)(needsShared('anthropic-text (claude-sonnet-4-5, 12 in, 30 out) costs 12×$3 + 30×$15 per million', HAS_CORPUS), async () => {
    const text = fs.readFileSync(corpusPath('vercel-ai/anthropic_anthropic-text.jsonl'), 'utf8');
    const [session] = stats(readInput(text).capture, { pricer: await loadPricer() });
    expect(session?.metrics.model).toBe('claude-sonnet-4-5-20250929');
    expect(session?.metrics.tokens).toMatchObject({ input: 12, output: 30 });
    expect(session?.metrics.cost?.usd).toBeCloseTo((12 * 3 + 30 * 15) / 1e6, 12);
  });
});
