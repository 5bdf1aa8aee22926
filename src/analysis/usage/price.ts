// What a request cost, from @pydantic/genai-prices (the maintained table of providers' prices, bundled
// in the package: nothing is fetched). The table is loaded on demand, since it is large and only
// `stats`, the panel's figures and the API's stats read it.
import type { TokenCounts } from './token-counts';

/** The price table's name and version, shown beside every cost. Held to the installed package by a test. */
export const PRICE_TABLE = '@pydantic/genai-prices 0.1.8';

export interface Cost {
  /** US dollars. */
  usd: number;
  inputUsd: number;
  outputUsd: number;
  /** The table's provider and model the price was read from. */
  provider: string;
  model: string;
  table: string;
  /** Set when the price is of counts the provider bills apart from the tokens shown (Cohere's `billed_units`). */
  billed?: { input: number; output: number };
}

/** Where the provider can be told: the protocol's own vendor, or the request's URL (the table matches API hosts). */
export interface ProviderHint {
  providerId?: string;
  apiUrl?: string;
}

export type Pricer = (tokens: TokenCounts, model: string, hint?: ProviderHint) => Cost | undefined;

/** Protocols spoken by one vendor's API; the others (OpenAI Chat's shape, the AI SDK, AG-UI) by many. */
const VENDOR: Readonly<Record<string, string>> = { anthropic: 'anthropic', 'openai-responses': 'openai', gemini: 'google', 'gemini-interactions': 'google', cohere: 'cohere' };

export function providerHint(protocol: string | undefined, url: string | undefined): ProviderHint {
  const providerId = protocol === undefined ? undefined : VENDOR[protocol];
  if (providerId) return { providerId };
  return url !== undefined && /^https?:\/\//i.test(url) ? { apiUrl: url } : {};
}

type CalcPrice = typeof import('@pydantic/genai-prices').calcPrice;

/** A pricer over the table; `calc` is the package's `calcPrice`. */
export function pricerOf(calc: CalcPrice): Pricer {
  return (tokens, model, hint = {}) => {
    // The table prices input and output; without both there is no honest total.
    if (tokens.input === undefined || tokens.output === undefined) return undefined;
    const usage: Record<string, number> = { input_tokens: tokens.input, output_tokens: tokens.output };
    if (tokens.cachedInput !== undefined) usage.cache_read_tokens = Math.min(tokens.cachedInput, tokens.input);
    if (tokens.cacheWrite !== undefined) usage.cache_write_tokens = Math.min(tokens.cacheWrite, tokens.input - (usage.cache_read_tokens ?? 0));
    const options: { providerId?: string; providerApiUrl?: string } = {};
    if (hint.providerId !== undefined) options.providerId = hint.providerId;
    else if (hint.apiUrl !== undefined) options.providerApiUrl = hint.apiUrl;
    let result: ReturnType<CalcPrice>;
    try {
      result = calc(usage, model, options);
      // A URL the table does not know names no provider: the model's name alone may still.
      if (!result && options.providerApiUrl !== undefined) result = calc(usage, model, {});
    } catch {
      return undefined;
    }
    if (!result || !Number.isFinite(result.total_price)) return undefined;
    return {
      usd: result.total_price,
      inputUsd: result.input_price,
      outputUsd: result.output_price,
      provider: result.provider.id,
      model: result.model.id,
      table: PRICE_TABLE,
    };
  };
}

let loading: Promise<Pricer> | undefined;

/** The pricer over the bundled table, loaded once. */
export function loadPricer(): Promise<Pricer> {
  loading ??= import('@pydantic/genai-prices').then((m) => pricerOf(m.calcPrice));
  return loading;
}

/** Costs added up; undefined when none is known. Parts without a cost are counted by the caller. */
export function addCosts(parts: readonly (Cost | undefined)[]): { usd: number; inputUsd: number; outputUsd: number; priced: number } | undefined {
  let out: { usd: number; inputUsd: number; outputUsd: number; priced: number } | undefined;
  for (const c of parts) {
    if (!c) continue;
    out ??= { usd: 0, inputUsd: 0, outputUsd: 0, priced: 0 };
    out.usd += c.usd;
    out.inputUsd += c.inputUsd;
    out.outputUsd += c.outputUsd;
    out.priced++;
  }
  return out;
}

/** `$0.00021`: two significant digits under a cent, two decimals from a cent up. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}
