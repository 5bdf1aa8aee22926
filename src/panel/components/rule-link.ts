// Where a finding's rule is explained: the extension's rules page (rules.html, generated from the
// rule catalogues), at the rule's anchor. The anchor scheme is the one docs/rules.md uses.

/** `flat/tool-result-orphan` → `flat-tool-result-orphan`. */
export function ruleAnchor(ruleId: string): string {
  return ruleId.toLowerCase().replace(/\//g, '-');
}

export function rulePageHref(ruleId: string): string {
  return `rules.html#${encodeURIComponent(ruleAnchor(ruleId))}`;
}
