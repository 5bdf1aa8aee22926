// One triggering input and one near-identical clean input per rule.
import { describe, expect, it } from 'vitest';
import { mcpRules } from './rules';
import type { Connection } from '../../model/frame';
import { accept, call, cancel, elicit, failure, POST_SSE, progress, result, runSteps, type Step } from './testing';

interface Case {
  rule: string;
  bad: Step[];
  good: Step[];
  frame: number;
  /** The metadata of the steps' connection, where the rule needs it. */
  connection?: Omit<Connection, 'id'>;
}

const CLOSE: Step = ['<', '', { kind: 'close' }];

const cases: Case[] = [
  { rule: 'mcp/invalid-json', bad: [['>', call(1)], ['<', '{"jsonrpc":"2.0","id":1,"result":']], good: [['>', call(1)], ['<', result(1)]], frame: 1 },
  { rule: 'mcp/invalid-message', bad: [['>', call(1)], ['<', { jsonrpc: '1.0', id: 1, result: { content: [] } }]], good: [['>', call(1)], ['<', { jsonrpc: '2.0', id: 1, result: { content: [] } }]], frame: 1 },
  { rule: 'mcp/invalid-result', bad: [['>', call(1)], ['<', { jsonrpc: '2.0', id: 1, result: { content: 'Sunny' } }]], good: [['>', call(1)], ['<', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Sunny' }] } }]], frame: 1 },
  { rule: 'mcp/error-response', bad: [['>', call(1)], ['<', failure(1)]], good: [['>', call(1)], ['<', result(1, 'boom', true)]], frame: 1 },
  { rule: 'mcp/response-unknown-id', bad: [['>', call(1)], ['<', result(1)], ['<', result(2)]], good: [['>', call(1)], ['>', call(2)], ['<', result(1)], ['<', result(2)]], frame: 2 },
  { rule: 'mcp/duplicate-response', bad: [['>', call(1)], ['>', call(2)], ['<', result(1)], ['<', result(1)]], good: [['>', call(1)], ['>', call(2)], ['<', result(1)], ['<', result(2)]], frame: 3 },
  { rule: 'mcp/request-unanswered', bad: [['>', call(1)], ['>', call(2)], ['<', result(1)]], good: [['>', call(1)], ['>', call(2)], ['<', result(1)], ['<', result(2)]], frame: 2 },
  { rule: 'mcp/response-after-cancel', bad: [['>', call(1)], ['>', cancel(1)], ['<', result(1)]], good: [['>', call(1)], ['<', result(1)], ['>', cancel(1)]], frame: 2 },
  { rule: 'mcp/progress-after-result', bad: [['>', call(1, 'slow', {}, 'p1')], ['<', result(1)], ['<', progress('p1', 1, 2)]], good: [['>', call(1, 'slow', {}, 'p1')], ['<', progress('p1', 1, 2)], ['<', result(1)]], frame: 2 },
  { rule: 'mcp/progress-unknown-token', bad: [['>', call(1, 'slow', {}, 'p1')], ['<', progress('p2', 1, 2)], ['<', result(1)]], good: [['>', call(1, 'slow', {}, 'p1')], ['<', progress('p1', 1, 2)], ['<', result(1)]], frame: 1 },
  { rule: 'mcp/progress-not-increasing', bad: [['>', call(1, 'slow', {}, 7)], ['<', progress(7, 2, 4)], ['<', progress(7, 2, 4)], ['<', result(1)]], good: [['>', call(1, 'slow', {}, 7)], ['<', progress(7, 2, 4)], ['<', progress(7, 3, 4)], ['<', result(1)]], frame: 2 },
  { rule: 'mcp/named-sse-event', bad: [['>', call(1)], ['<', result(1), { eventName: 'result' }]], good: [['>', call(1)], ['<', result(1), { eventName: 'message' }]], frame: 1 },
  { rule: 'mcp/stream-cut', bad: [['>', call(1)], ['<', progress(1, 1)], CLOSE], good: [['>', call(1)], ['<', result(1)], CLOSE], frame: 2, connection: POST_SSE },
  { rule: 'mcp/cancel-not-own-request', bad: [['>', call(1)], ['<', cancel(1)], ['<', result(1)]], good: [['>', call(1)], ['>', cancel(1)]], frame: 1 },
  { rule: 'mcp/id-coerced', bad: [['>', call(1)], ['<', result('01')]], good: [['>', call(1)], ['<', result(1)]], frame: 1 },
  { rule: 'mcp/request-id-reused', bad: [['<', elicit(7)], ['<', elicit(7)], ['>', accept(7)], ['>', accept(7)]], good: [['<', elicit(7)], ['>', accept(7)], ['<', elicit(8)], ['>', accept(8)]], frame: 1 },
  { rule: 'mcp/unknown-method', bad: [['>', { jsonrpc: '2.0', id: 1, method: 'tools/invoke', params: {} }], ['<', result(1)]], good: [['>', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }], ['<', { jsonrpc: '2.0', id: 1, result: { tools: [] } }]], frame: 0 },
];

describe('mcp rules', () => {
  it('has a test case for every rule, each with a fix', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual(mcpRules.map((r) => r.id).sort());
    for (const rule of mcpRules) expect(rule.fix?.length ?? 0, rule.id).toBeGreaterThan(10);
  });

  for (const c of cases) {
    const meta = mcpRules.find((r) => r.id === c.rule);
    it(`${c.rule} (${meta?.severity}) fires on the bad input`, () => {
      const { findings } = runSteps(c.bad, { connection: c.connection });
      const hit = findings.find((f) => f.rule === c.rule);
      expect(hit, JSON.stringify(findings)).toBeDefined();
      expect(hit?.severity).toBe(meta?.severity);
      expect(hit?.frames[0]).toBe(c.frame);
      expect(hit?.message.length).toBeGreaterThan(20);
    });
    it(`${c.rule} stays quiet on the near-identical good input`, () => {
      const { findings } = runSteps(c.good, { connection: c.connection });
      expect(findings.filter((f) => f.rule === c.rule)).toEqual([]);
      expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    });
  }
});
