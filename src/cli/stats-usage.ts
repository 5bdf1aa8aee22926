// The tokens-and-cost lines of `stats`: each session's counts as its stream reported them and their cost,
// and the capture's totals. Counts a stream did not report say so; nothing is estimated.
import type { SessionMetrics } from '../analysis/metrics-types';
import { addCosts, formatUsd, PRICE_TABLE } from '../analysis/usage/price';
import { addTokenCounts } from '../analysis/usage/token-counts';
import { tokensText } from '../analysis/usage/tokens-text';
import { costText } from '../analysis/usage/cost-text';
import { printable } from '../model/printable';

/** One session's line. Model names come from the page: control characters were refused when read. */
export function usageLine(m: SessionMetrics): string {
  return `tokens: ${tokensText(m.tokens)}   model: ${m.model ?? '-'}   cost: ${costText(m)}`;
}

/** The capture's totals over several sessions. */
export function totalsText(all: readonly SessionMetrics[]): string {
  const tokens = addTokenCounts(all.map((m) => m.tokens));
  const cost = addCosts(all.map((m) => m.cost));
  const reported = all.filter((m) => m.tokens).length;
  const lines = [`total: ${all.length} sessions, ${reported} reporting tokens`, `  tokens: ${tokensText(tokens)}`];
  if (cost) lines.push(`  cost: ${formatUsd(cost.usd)} for the ${cost.priced} priced session(s) (${PRICE_TABLE})`);
  return `${lines.join('\n')}\n\n`;
}

/** Each conversation of one file that spans several requests: its requests' tokens and cost added up. */
export function conversationsText(file: string, results: readonly { conversation?: string; metrics: SessionMetrics }[]): string {
  const byConversation = new Map<string, SessionMetrics[]>();
  for (const r of results) {
    if (r.conversation === undefined) continue;
    const list = byConversation.get(r.conversation) ?? [];
    list.push(r.metrics);
    byConversation.set(r.conversation, list);
  }
  let text = '';
  for (const [id, all] of byConversation) {
    if (all.length < 2) continue;
    const cost = addCosts(all.map((m) => m.cost));
    const priced = cost ? `   cost: ${formatUsd(cost.usd)}${cost.priced < all.length ? ` (${cost.priced} of ${all.length} requests priced)` : ''}` : '';
    text += `${printable(file)}: conversation ${printable(id)}, ${all.length} requests\n  tokens: ${tokensText(addTokenCounts(all.map((m) => m.tokens)))}${priced}\n\n`;
  }
  return text;
}
