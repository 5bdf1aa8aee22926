// How to fix what a rule reports. Each catalogue (`<protocol>/rules.ts`) keeps its rules' fix texts in
// one block below the rules, keyed by rule id, so a rule's own line says when it fires and the block
// what to change; the rules page and docs/rules.md show both (a rule without one fails their test).
import type { RuleMeta } from '../../model/finding';

/** Gives each rule of the catalogue its fix text. */
export function addFixes(rules: readonly RuleMeta[], fixes: Readonly<Record<string, string>>): void {
  for (const rule of rules) {
    const fix = fixes[rule.id];
    if (fix !== undefined) rule.fix = fix;
  }
}
