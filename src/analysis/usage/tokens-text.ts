// Token counts in words, for `stats`, `diff` and the panel's tooltips.
import type { TokenCounts } from './token-counts';

/** `12 in (0 cached), 30 out (4 reasoning)`, or `not reported`. */
export function tokensText(t: TokenCounts | undefined): string {
  if (!t) return 'not reported';
  const input = t.input === undefined ? 'in not reported' : `${t.input} in${t.cachedInput !== undefined ? ` (${t.cachedInput} cached)` : ''}`;
  const output = t.output === undefined ? 'out not reported' : `${t.output} out${t.reasoning !== undefined ? ` (${t.reasoning} reasoning)` : ''}`;
  return `${input}, ${output}`;
}
