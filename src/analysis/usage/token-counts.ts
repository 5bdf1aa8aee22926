// Token counts as each protocol reports them, under one set of names. The folds keep the usage counters
// a stream carries by their own names (`view.usage`, one level of nesting flattened to dotted names);
// this reads them. A count the stream did not report stays undefined: nothing is estimated.

/** Tokens of one request, session or capture. `input` counts every input token, cached ones included. */
export interface TokenCounts {
  input?: number;
  output?: number;
  /** Of `output`, the tokens spent reasoning, where the protocol says. */
  reasoning?: number;
  /** Of `input`, the tokens read from the provider's prompt cache. */
  cachedInput?: number;
  /** Of `input`, the tokens written to the provider's prompt cache. */
  cacheWrite?: number;
  total?: number;
}

export type TokenKind = keyof TokenCounts;

/**
 * The counter names that carry each kind, by protocol family: OpenAI Chat (`prompt_tokens`…), OpenAI
 * Responses and Anthropic (`input_tokens`…), the AI SDK (`inputTokens`, v4 `promptTokens`, v6 nested
 * `inputTokens.total`), AG-UI (`inputTokens`), Gemini (`promptTokenCount`…), Gemini Interactions
 * (`total_input_tokens`…), Cohere (`tokens.input_tokens`, the tokens the model read and wrote, as the
 * AI SDK's Cohere provider reports them; else `billed_units.input_tokens`; `cached_tokens` the cached part) and LangChain's
 * `usage_metadata` in LangGraph streams (`input_tokens`, `input_token_details.cache_read`…, its input
 * already counting the cache). First match wins.
 */
const NAMES: Record<TokenKind, readonly string[]> = {
  input: ['prompt_tokens', 'input_tokens', 'inputTokens', 'inputTokens.total', 'promptTokens', 'promptTokenCount', 'total_input_tokens', 'tokens.input_tokens', 'billed_units.input_tokens'],
  output: ['completion_tokens', 'output_tokens', 'outputTokens', 'outputTokens.total', 'completionTokens', 'candidatesTokenCount', 'total_output_tokens', 'tokens.output_tokens', 'billed_units.output_tokens'],
  reasoning: [
    'completion_tokens_details.reasoning_tokens',
    'output_tokens_details.reasoning_tokens',
    'reasoningTokens',
    'outputTokens.reasoning',
    'outputTokenDetails.reasoningTokens',
    'thoughtsTokenCount',
    'total_thought_tokens',
    'output_token_details.reasoning',
  ],
  cachedInput: [
    'prompt_tokens_details.cached_tokens',
    'input_tokens_details.cached_tokens',
    'cache_read_input_tokens',
    'cachedInputTokens',
    'inputTokens.cacheRead',
    'inputTokenDetails.cacheReadTokens',
    'cachedContentTokenCount',
    'total_cached_tokens',
    'input_token_details.cache_read',
    // Cohere's (and some OpenAI-compatible APIs'): the prompt tokens that hit the cache, of the input.
    'cached_tokens',
  ],
  cacheWrite: ['cache_creation_input_tokens', 'inputTokens.cacheWrite', 'inputTokenDetails.cacheWriteTokens', 'input_token_details.cache_creation'],
  total: ['total_tokens', 'totalTokens', 'totalTokenCount'],
};

const KINDS = Object.keys(NAMES) as TokenKind[];

function counter(usage: Readonly<Record<string, number>>, names: readonly string[]): number | undefined {
  for (const name of names) {
    const value = usage[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * The counts a provider bills, where its usage reports them apart from the tokens the model read and
 * wrote: Cohere's `billed_units` ("the number of billed input tokens"; its `tokens` also count the
 * prompt template and the cached prompt, which are not charged: 46 billed input tokens against 1,445 in
 * one of its recordings). Else `counts` as they are. Only the price reads these; the figures shown as
 * tokens stay the model's.
 */
export function billedCounts(usage: Readonly<Record<string, number>> | undefined, counts: TokenCounts | undefined): TokenCounts | undefined {
  const input = usage?.['billed_units.input_tokens'];
  const output = usage?.['billed_units.output_tokens'];
  const count = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  return count(input) && count(output) ? { input, output, total: input + output } : counts;
}

/** The token counts in a view's usage counters; undefined when none is a token count we know. */
export function tokenCounts(usage: Readonly<Record<string, number>> | undefined, protocol?: string): TokenCounts | undefined {
  if (!usage) return undefined;
  const out: TokenCounts = {};
  for (const kind of KINDS) {
    const value = counter(usage, NAMES[kind]);
    if (value !== undefined) out[kind] = value;
  }
  // Anthropic's input_tokens leaves out the tokens read from and written to the cache; the others'
  // input counts include them. One meaning here: every input token.
  if (protocol === 'anthropic' && out.input !== undefined) out.input += (out.cachedInput ?? 0) + (out.cacheWrite ?? 0);
  googleApart(usage, out);
  if (out.total === undefined && out.input !== undefined && out.output !== undefined) out.total = out.input + out.output;
  return KINDS.some((k) => out[k] !== undefined) ? out : undefined;
}

/** Google's names for the counts it reports beside the output and the input (generateContent, Interactions). */
const THOUGHTS = ['thoughtsTokenCount', 'total_thought_tokens'];
const TOOL_USE_PROMPT = ['toolUsePromptTokenCount', 'total_tool_use_tokens'];

/**
 * Gemini (generateContent and Interactions) reports the thoughts beside the output (`candidatesTokenCount`,
 * `total_output_tokens`) and the tool-use prompts (search results read back) beside the input: the
 * reported total is their sum with the prompt and the output. Both are billed, the thoughts at the output's
 * price, so here the output includes the thoughts (its reasoning part) and the input the tool-use prompts,
 * as the price table's own Google reader counts them. Some deployments already count the thoughts in the
 * output: a reported total equal to prompt, tool-use prompts and output says so, and nothing is added.
 */
function googleApart(usage: Readonly<Record<string, number>>, out: TokenCounts): void {
  const thoughts = counter(usage, THOUGHTS);
  const toolUse = counter(usage, TOOL_USE_PROMPT);
  if (thoughts === undefined && toolUse === undefined) return;
  const alreadyCounted = thoughts !== undefined && thoughts > 0 && out.total !== undefined && out.total === (out.input ?? 0) + (toolUse ?? 0) + (out.output ?? 0);
  if (toolUse !== undefined && out.input !== undefined) out.input += toolUse;
  if (thoughts !== undefined && !alreadyCounted) out.output = (out.output ?? 0) + thoughts;
}

/** Counts of several requests added up; a kind no part reported stays unreported. */
export function addTokenCounts(parts: readonly (TokenCounts | undefined)[]): TokenCounts | undefined {
  let out: TokenCounts | undefined;
  for (const part of parts) {
    if (!part) continue;
    out ??= {};
    for (const kind of KINDS) {
      const value = part[kind];
      if (value !== undefined) out[kind] = (out[kind] ?? 0) + value;
    }
  }
  return out;
}
