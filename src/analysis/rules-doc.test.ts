import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleDocAnchor, ruleDocLink } from '../model/rule-anchor';
import { protocols } from '../protocols/registry';
import { rulesDocText } from './rules-doc';

const committed = resolve(__dirname, '../../docs/rules.md');
const readme = resolve(__dirname, '../../README.md');

describe('the README\'s table of protocols', () => {
  it('counts each protocol\'s rules as its catalogue has them (total, then error / warning / info)', () => {
    const rows = [...readFileSync(readme, 'utf8').matchAll(/^\| `([a-z0-9-]+)` \|.*\| (\d+ \(\d+ \/ \d+ \/ \d+\)) \|$/gm)].map((m) => [m[1], m[2]]);
    const count = (rules: readonly { severity: string }[], severity: string) => rules.filter((r) => r.severity === severity).length;
    expect(rows).toEqual(protocols.map((p) => [p.id, `${p.rules.length} (${count(p.rules, 'error')} / ${count(p.rules, 'warning')} / ${count(p.rules, 'info')})`]));
  });
});

describe('docs/rules.md', () => {
  it('is the document generated from the rule catalogues (run `npm run docs:rules` after changing a rule)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(rulesDocText());
  });

  it('has exactly one anchor per rule, with its severity and description', () => {
    const doc = rulesDocText();
    const anchors = [...doc.matchAll(/<a id="([^"]+)"><\/a>`/g)].map((m) => m[1]);
    const rules = protocols.flatMap((p) => p.rules);
    expect(anchors).toEqual(rules.map((r) => ruleDocAnchor(r.id)));
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const r of rules) expect(doc).toContain(`\`${r.id}\`\n\n**${r.severity}**: ${r.description.trim()}`);
  });

  it('says how to fix every rule, right after its description', () => {
    const doc = rulesDocText();
    const rules = protocols.flatMap((p) => p.rules);
    expect(rules.filter((r) => !r.fix?.trim()).map((r) => r.id)).toEqual([]);
    for (const r of rules) {
      const fix = r.fix?.trim() ?? '';
      expect(doc).toContain(`**${r.severity}**: ${r.description.trim()}${/[.!?)]$/.test(r.description.trim()) ? '' : '.'}\n\n**Fix**: ${fix}${/[.!?)]$/.test(fix) ? '' : '.'}\n`);
    }
  });

  it('shows the triggering stream of a rule whose catalogue has one, pointing at the blamed frame', () => {
    const doc = rulesDocText();
    const section = doc.slice(doc.indexOf('<a id="agui-invalid-json">'), doc.indexOf('<a id="agui-not-an-event">'));
    expect(section).toContain('Example: the finding points at frame 2.');
    expect(section).toContain(' 2 server → page: not json   ← finding');
  });
});

describe('ruleDocAnchor', () => {
  it('lower-cases the id and replaces / with -', () => {
    expect(ruleDocAnchor('flat/block-delta-without-start')).toBe('flat-block-delta-without-start');
    expect(ruleDocAnchor('agui/CRLF-framing')).toBe('agui-crlf-framing');
    expect(ruleDocLink('aisdk/v4-unknown-code')).toBe('docs/rules.md#aisdk-v4-unknown-code');
  });
});
