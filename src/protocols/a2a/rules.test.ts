// One triggering input and one near-identical clean input per rule of the fold (the across-request
// rules are tested in src/analysis/a2a-tasks.test.ts).
import { describe, expect, it } from 'vitest';
import { a2aRules } from './rules';
import { artifact03, msg03, runExchanges, send03, status03, task03, type Exchange } from './testing';

interface Case {
  rule: string;
  bad: Exchange[];
  good: Exchange[];
  frame: number;
}

const stream = (events: unknown[], extra: Partial<Exchange> = {}): Exchange[] => [{ method: 'message/stream', params: send03('Weather?'), events, ...extra }];
const done = status03('completed', true);

const cases: Case[] = [
  { rule: 'a2a/invalid-json', bad: stream([task03(), '{"jsonrpc":"2.0","id":1,"result":', done]), good: stream([task03(), status03('working', false), done]), frame: 1 },
  { rule: 'a2a/invalid-response', bad: stream([task03(), { jsonrpc: '1.0', id: 1, result: status03('working', false) }, done]), good: stream([task03(), { jsonrpc: '2.0', id: 1, result: status03('working', false) }, done]), frame: 1 },
  { rule: 'a2a/invalid-result', bad: stream([task03(), status03('thinking', false), done]), good: stream([task03(), status03('working', false), done]), frame: 1 },
  { rule: 'a2a/response-id-mismatch', bad: stream([task03(), { jsonrpc: '2.0', id: 2, result: done }]), good: stream([task03(), { jsonrpc: '2.0', id: 1, result: done }]), frame: 1 },
  { rule: 'a2a/error-response', bad: stream([{ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found' } }]), good: stream([{ jsonrpc: '2.0', id: 1, result: msg03('agent', 'Task not found') }]), frame: 0 },
  { rule: 'a2a/unknown-task', bad: stream([task03(), status03('working', false, undefined, 'task-2'), done]), good: stream([task03(), status03('working', false, undefined, 'task-1'), done]), frame: 1 },
  { rule: 'a2a/event-after-final', bad: stream([task03(), done, artifact03('late')]), good: stream([task03(), artifact03('late'), done]), frame: 2 },
  { rule: 'a2a/final-flag-mismatch', bad: stream([task03(), status03('working', true)]), good: stream([task03(), status03('completed', true)]), frame: 1 },
  { rule: 'a2a/terminal-state-changed', bad: stream([task03(), status03('canceled', false), status03('working', false), done]), good: stream([task03(), status03('working', false), status03('working', false), done]), frame: 2 },
  { rule: 'a2a/artifact-append-unknown', bad: stream([task03(), artifact03('Sunny', { id: 'a1' }), artifact03(', 21 °C', { id: 'a2', append: true }), done]), good: stream([task03(), artifact03('Sunny', { id: 'a1' }), artifact03(', 21 °C', { id: 'a1', append: true }), done]), frame: 2 },
  { rule: 'a2a/artifact-after-last-chunk', bad: stream([task03(), artifact03('Sunny', { lastChunk: true }), artifact03('!', { append: true }), done]), good: stream([task03(), artifact03('Sunny'), artifact03('!', { append: true, lastChunk: true }), done]), frame: 2 },
  { rule: 'a2a/stream-not-final', bad: stream([task03(), status03('working', false)]), good: stream([task03(), status03('working', false), done]), frame: 2 },
  { rule: 'a2a/task-failed', bad: stream([task03(), status03('failed', true, msg03('agent', 'No forecast'))]), good: stream([task03(), status03('completed', true, msg03('agent', 'No forecast'))]), frame: 1 },
  { rule: 'a2a/unknown-method', bad: stream([task03(), done], { method: 'message/sendStream' }), good: stream([task03(), done], { method: 'message/stream' }), frame: 0 },
];

describe('a2a rules', () => {
  it('has a test case for every rule of the fold, each rule with a fix', () => {
    // Tested in src/analysis/a2a-tasks.test.ts.
    const across: string[] = ['a2a/message-to-final-task', 'a2a/input-required-unanswered'];
    expect(cases.map((c) => c.rule).sort()).toEqual(a2aRules.map((r) => r.id).filter((id) => !across.includes(id)).sort());
    for (const rule of a2aRules) expect(rule.fix?.length ?? 0, rule.id).toBeGreaterThan(10);
  });

  for (const c of cases) {
    const meta = a2aRules.find((r) => r.id === c.rule);
    it(`${c.rule} (${meta?.severity}) fires on the bad input`, () => {
      const { findings } = runExchanges(c.bad);
      const hit = findings.find((f) => f.rule === c.rule);
      expect(hit, JSON.stringify(findings)).toBeDefined();
      expect(hit?.severity).toBe(meta?.severity);
      expect(hit?.frames[0]).toBe(c.frame);
      expect(hit?.message.length).toBeGreaterThan(20);
    });
    it(`${c.rule} stays quiet on the near-identical good input`, () => {
      const { findings } = runExchanges(c.good);
      expect(findings.filter((f) => f.rule === c.rule)).toEqual([]);
      expect(findings.filter((f) => f.severity !== 'info'), JSON.stringify(findings)).toEqual([]);
    });
  }
});
