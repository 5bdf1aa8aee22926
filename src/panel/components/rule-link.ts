// Where a finding's rule is explained: the extension's rules page (rules.html, rendered from the rule
// catalogues), at the same anchor docs/rules.md uses for the rule.
import { ruleDocAnchor } from '../../model/rule-anchor';

export function rulePageHref(ruleId: string): string {
  return `rules.html#${encodeURIComponent(ruleDocAnchor(ruleId))}`;
}
