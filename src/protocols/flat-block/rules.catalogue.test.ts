// The rule catalogue is the contract: the protocol registers exactly the rules of
// flat-block-protocol.md section 7 with their severities (besides the checks across requests, which
// the spec does not list), and every one has its own tests.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../readers/read-input';
import { flatBlockProtocol } from './index';
import { flatBlockHistoryLiveRules } from '../../analysis/history-live/rules';
import { run } from './test-support';
import { HAS_SPEC, needsShared, sharedPath } from '../../../test/support/shared-dir';

const SPEC = sharedPath('spec/flat-block-protocol.md');

/** `| \`flat/x\` | severity | when |` rows of the spec's tables. */
function catalogue(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(SPEC, 'utf8').split('\n')) {
    if (!line.startsWith('| `flat/')) continue;
    const cells = line.split('|').map((c) => c.trim());
    const id = (cells[1] ?? '').replace(/`/g, '');
    rows.set(id, cells[2] ?? '');
  }
  return rows;
}

/** Rule ids that have a `describe('flat/…')` block in the rules.*.test.ts files beside this one. */
function testedRules(): Set<string> {
  const ids = new Set<string>();
  for (const file of readdirSync(__dirname)) {
    if (!/^rules\..+\.test\.ts$/.test(file)) continue;
    const source = readFileSync(path.join(__dirname, file), 'utf8');
    for (const m of source.matchAll(/describe\(\s*'(flat\/[a-z0-9-]+)'/g)) ids.add(m[1] as string);
  }
  return ids;
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

const ACROSS_REQUESTS = new Set(flatBlockHistoryLiveRules.map((r) => r.id));
/** The rules of the protocol's own stream and history, as section 7 lists them. */
const sectionSeven = () => flatBlockProtocol.rules.filter((r) => !ACROSS_REQUESTS.has(r.id));

describe.skipIf(!HAS_SPEC)(needsShared('flat-block rule catalogue', HAS_SPEC, 'spec'), () => {
  const spec = HAS_SPEC ? catalogue() : new Map<string, string>();

  it('parses the 46 rules of section 7', () => {
    expect(spec.size).toBe(46);
    for (const severity of spec.values()) expect(['error', 'warning', 'info']).toContain(severity);
  });

  it('registers exactly the catalogue rules', () => {
    const registered = sectionSeven().map((r) => r.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect(sorted(registered)).toEqual(sorted(spec.keys()));
  });

  it('registers each rule with the catalogue severity and a description', () => {
    for (const rule of sectionSeven()) {
      expect(rule.severity, rule.id).toBe(spec.get(rule.id));
      expect(rule.description.trim().length, rule.id).toBeGreaterThan(0);
    }
  });

  it('has tests for every registered rule and no tests for unknown ones', () => {
    expect(sorted(testedRules())).toEqual(sorted(flatBlockProtocol.rules.map((r) => r.id)));
  });
});

describe('flat-block fixtures read as event files', () => {
  const read = (name: string) => readInput(readFileSync(path.join(__dirname, 'testdata', name), 'utf8'));

  it('finds nothing wrong in the valid question turn', () => {
    const { format, capture } = read('valid-question-turn.json');
    expect(format).toBe('json-events');
    expect(run(capture.frames).rules).toEqual([]);
  });

  it('finds each break of the invalid turn at its frame', () => {
    const { capture } = read('invalid-broken-turn.json');
    const found = run(capture.frames).findings.map((f) => [f.rule, f.frames[0]]);
    // The frames: 1 orphan delta, 3 todos with two in progress, 5 a question inside the open group,
    // 8 the reply with decisions, 9 a result for an unknown tool, 11 group_end without summary.
    expect(found).toEqual(
      expect.arrayContaining([
        ['flat/block-delta-without-start', 1],
        ['flat/todos-multiple-in-progress', 3],
        ['flat/question-answered-with-decisions', 8],
        ['flat/tool-result-orphan', 9],
        ['flat/group-end-missing-summary', 11],
      ]),
    );
    expect(found.some(([rule, frame]) => rule === 'flat/question-inside-group' && (frame === 5 || frame === 6))).toBe(true);
    expect(new Set(found.map(([rule]) => rule)).size).toBe(6);
  });
});
