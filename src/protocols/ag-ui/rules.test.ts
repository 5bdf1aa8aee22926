import { describe, expect, it } from 'vitest';
import { aguiRules } from './rules';
import { ruleCases } from './rule-cases';
import { run } from './test-support';

const severity = new Map(aguiRules.map((r) => [r.id, r.severity]));

describe('AG-UI rules', () => {
  it('has a triggering and a non-triggering case for every rule in the catalogue', () => {
    expect(new Set(ruleCases.map((c) => c.rule))).toEqual(new Set(aguiRules.map((r) => r.id)));
  });

  it('catalogues each rule once, with an agui/ id', () => {
    const ids = aguiRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^agui\/[a-z]+(-[a-z0-9]+)*$/);
  });

  for (const c of ruleCases) {
    describe(c.rule, () => {
      it(`fires on the breaking stream, at frame ${c.at}, with its catalogue severity`, () => {
        const hits = run(c.bad).findings.filter((f) => f.rule === c.rule);
        expect(hits.length).toBeGreaterThan(0);
        expect(hits[0]?.frames[0]).toBe(c.at);
        expect(hits[0]?.severity).toBe(severity.get(c.rule));
        expect(hits[0]?.message.length).toBeGreaterThan(20);
      });

      it('stays silent on the near-identical valid stream', () => {
        expect(run(c.good).findings.filter((f) => f.rule === c.rule)).toEqual([]);
      });
    });
  }
});

describe('graded as the reference grades them', () => {
  const expected: Record<string, string> = {
    // @ag-ui/client 1.0 drops an event type it does not know and reads on (isRecognizedEvent).
    'agui/unknown-event-type': 'info',
    // The run reports its own failure: the client's onRunFailed fires, nothing is malformed.
    'agui/run-error': 'warning',
    'agui/first-event-not-run-started': 'error',
    'agui/run-finished-with-open-items': 'error',
    'agui/state-patch-failed': 'warning',
    'agui/tool-result-unknown-call': 'warning',
    'agui/empty-delta': 'warning',
    'agui/crlf-framing': 'warning',
    'agui/deprecated-thinking-event': 'info',
    'agui/reasoning-chunk-empty-delta': 'info',
    'agui/closed-before-run-finished': 'error',
    // @ag-ui/client 1.0's verifyEvents throws "parentSubagentRunId '…' has not been started in this run".
    'agui/subagent-parent-not-announced': 'error',
  };
  for (const [id, sev] of Object.entries(expected)) {
    it(`${id} is ${sev}`, () => expect(severity.get(id)).toBe(sev));
  }
});
