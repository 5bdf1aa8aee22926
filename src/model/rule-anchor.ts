// Where a rule is documented: docs/rules.md has one anchor per rule id, the id lower-cased with `/`
// replaced by `-` (`flat/block-delta-without-start` → `flat-block-delta-without-start`). The panel's
// findings and the SARIF `helpUri` link there.

export const RULES_DOC_PATH = 'docs/rules.md';

export function ruleDocAnchor(id: string): string {
  return id.toLowerCase().replaceAll('/', '-');
}

/** `docs/rules.md#<anchor>`, relative to the repository root. */
export function ruleDocLink(id: string): string {
  return `${RULES_DOC_PATH}#${ruleDocAnchor(id)}`;
}
