// A session's tokens and cost in the metrics strip: the counts its stream reported ("not reported"
// otherwise: never estimated) and their cost at the model's price, with the price table named.
import type { SessionMetrics } from '../../analysis/metrics-types';
import { formatUsd, PRICE_TABLE } from '../../analysis/usage/price';
import { billedText } from '../../analysis/usage/cost-text';
import { tokensText } from '../../analysis/usage/tokens-text';

export function TokenFigures({ metrics: m }: { metrics: SessionMetrics }) {
  const t = m.tokens;
  const tokens = t ? `${t.input ?? '—'} in · ${t.output ?? '—'} out` : 'not reported';
  const model = m.model ?? 'no model named';
  const cost = m.cost ? formatUsd(m.cost.usd) : t ? '—' : undefined;
  const costTitle = m.cost
    ? `${formatUsd(m.cost.inputUsd)} input + ${formatUsd(m.cost.outputUsd)} output at ${m.cost.provider} ${m.cost.model}'s price (${m.cost.table}${billedText(m.cost)})`
    : m.model === undefined
      ? 'No model named by the request or the stream, so no price'
      : `${m.model} is not in ${PRICE_TABLE}`;
  return (
    <>
      <span class="metric" title={`Tokens as the stream reported them: ${tokensText(t)} · model ${model}`} data-testid="metric-tokens" data-value={tokens}>
        <span class="metric-label">Tokens</span> <span class="metric-value">{tokens}</span>
      </span>
      {cost !== undefined && (
        <span class="metric" title={costTitle} data-testid="metric-cost" data-value={m.cost ? String(m.cost.usd) : ''}>
          <span class="metric-label">Cost</span> <span class="metric-value">{cost}</span>
        </span>
      )}
    </>
  );
}
