// A session's cost in words, or why there is none: `stats`, the panel's conversation turns and the
// waterfall's tooltips say it alike.
import type { SessionMetrics } from '../metrics-types';
import { formatUsd, PRICE_TABLE, type Cost } from './price';

/** `$0.00012 (openai gpt-4o-mini, @pydantic/genai-prices 0.1.8)`, or why there is no price. */
export function costText(m: Pick<SessionMetrics, 'cost' | 'tokens' | 'model'>): string {
  if (m.cost) return `${formatUsd(m.cost.usd)} (${m.cost.provider} ${m.cost.model}, ${m.cost.table}${billedText(m.cost)})`;
  if (!m.tokens) return '-';
  if (m.model === undefined) return 'unknown (no model named)';
  return `unknown (${m.model} not in ${PRICE_TABLE})`;
}

/** `; billed 20 in, 12 out` when the price is of billed units apart from the tokens shown, else ''. */
export function billedText(cost: Cost): string {
  return cost.billed ? `; billed ${cost.billed.input} in, ${cost.billed.output} out` : '';
}
