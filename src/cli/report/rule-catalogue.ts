// Every rule the protocols can report, with where its documentation lives. The documentation's
// anchors are rule ids lower-cased with `/` replaced by `-` (`flat/tool-without-result` →
// `#flat-tool-without-result`), so a link never depends on how a Markdown renderer slugs headings.
import type { RuleMeta } from '../../model/finding';
import { ruleDocAnchor } from '../../model/rule-anchor';
import { protocols } from '../../protocols/registry';
import { packageInfo } from '../../model/package-info';

export interface CatalogueRule extends RuleMeta {
  /** The protocol whose rules list it, when one does. */
  protocol?: string;
}

let catalogue: Map<string, CatalogueRule> | undefined;

export function ruleCatalogue(): ReadonlyMap<string, CatalogueRule> {
  catalogue ??= new Map(protocols.flatMap((p) => p.rules.map((r): [string, CatalogueRule] => [r.id, { ...r, protocol: p.id }])));
  return catalogue;
}

/** The rule's anchor in docs/rules.md. */
export const ruleAnchor = ruleDocAnchor;

export function ruleHelpUri(ruleId: string): string {
  return `${packageInfo.rulesDocUrl}#${ruleAnchor(ruleId)}`;
}
