// One triggering input and one near-identical clean input per rule.
import { describe, expect, it } from 'vitest';
import { aisdkDataRules } from './rules';
import { runLines } from './testing';

const D = 'd:{"finishReason":"stop"}';
const E = 'e:{"finishReason":"stop","isContinued":false}';
const F = 'f:{"messageId":"m"}';
const call = (id = 't', args = '{"a":1}') => `9:{"toolCallId":"${id}","toolName":"calc","args":${args}}`;
const start = (id = 't') => `b:{"toolCallId":"${id}","toolName":"calc"}`;
const delta = (text: string, id = 't') => `c:${JSON.stringify({ toolCallId: id, argsTextDelta: text })}`;
const result = (id = 't') => `a:{"toolCallId":"${id}","result":2}`;

interface Case {
  rule: string;
  bad: string[];
  good: string[];
  frame: number;
}

const cases: Case[] = [
  { rule: 'aisdk/v4-no-separator', bad: ['0"hello"', D], good: ['0:"hello"', D], frame: 0 },
  { rule: 'aisdk/v4-unknown-code', bad: ['l:"hello"', D], good: ['g:"hello"', D], frame: 0 },
  { rule: 'aisdk/v4-invalid-json', bad: ['0:hello', D], good: ['0:"hello"', D], frame: 0 },
  { rule: 'aisdk/v4-invalid-value', bad: ['9:{"toolCallId":"t","toolName":"calc"}', D], good: [call(), D], frame: 0 },
  { rule: 'aisdk/v4-tool-result-without-call', bad: [call('t1'), result('t2'), D], good: [call('t2'), result('t2'), D], frame: 1 },
  { rule: 'aisdk/v4-tool-delta-without-start', bad: [delta('{}'), start(), call('t', '{}'), D], good: [start(), delta('{}'), call('t', '{}'), D], frame: 0 },
  { rule: 'aisdk/v4-error-part', bad: ['0:"x"', '3:"boom"'], good: ['0:"x"', '0:"boom"', D], frame: 1 },
  { rule: 'aisdk/v4-after-error', bad: ['3:"boom"', '0:"x"'], good: ['0:"x"', '3:"boom"'], frame: 1 },
  { rule: 'aisdk/v4-missing-finish', bad: ['0:"x"', E], good: ['0:"x"', E, D], frame: 1 },
  { rule: 'aisdk/v4-after-finish', bad: ['0:"x"', D, '0:"y"'], good: ['0:"x"', '0:"y"', D], frame: 2 },
  { rule: 'aisdk/v4-step-mismatch', bad: [F, E, E, D], good: [F, E, F, E, D], frame: 2 },
  { rule: 'aisdk/v4-tool-call-incomplete', bad: [start(), delta('{"a":1}'), E, D], good: [start(), delta('{"a":1}'), call(), E, D], frame: 0 },
  { rule: 'aisdk/v4-tool-args-invalid-json', bad: [start(), delta('{"a":'), call(), D], good: [start(), delta('{"a":1}'), call(), D], frame: 2 },
  { rule: 'aisdk/v4-tool-args-mismatch', bad: [start(), delta('{"a":2}'), call(), D], good: [start(), delta('{ "a": 1 }'), call(), D], frame: 2 },
];

describe('aisdk-data rules', () => {
  it('has a test case for every rule', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual(aisdkDataRules.map((r) => r.id).sort());
  });

  for (const c of cases) {
    const meta = aisdkDataRules.find((r) => r.id === c.rule);
    it(`${c.rule} (${meta?.severity}) fires on the bad input`, () => {
      const { findings } = runLines(c.bad);
      const hit = findings.find((f) => f.rule === c.rule);
      expect(hit, JSON.stringify(findings)).toBeDefined();
      expect(hit?.severity).toBe(meta?.severity);
      expect(hit?.frames[0]).toBe(c.frame);
      expect(hit?.message.length).toBeGreaterThan(20);
    });
    it(`${c.rule} stays quiet on the near-identical good input`, () => {
      expect(runLines(c.good).findings.filter((f) => f.rule === c.rule)).toEqual([]);
    });
  }
});

describe('aisdk-data rules: the v4 client texts', () => {
  const message = (lines: string[]) => runLines([...lines, D]).findings[0]?.message ?? '';
  it('quotes the client parse errors', () => {
    expect(message(['0"x"'])).toContain('Failed to parse stream string. No separator found.');
    expect(message(['z:1'])).toContain('Failed to parse stream string. Invalid code z.');
    expect(message(['4:{"id":"x"}'])).toContain('OpenAI Assistants');
    expect(message(['0:42'])).toContain('"text" parts expect a string value.');
    expect(message(['f:{"id":"x"}'])).toContain('"start_step" parts expect an object with an "id" property.');
    expect(message(['a:{"toolCallId":"t"}'])).toContain('"tool_result" parts expect an object with a "toolCallId" and a "result" property.');
  });
  it('tells a result with no tool call at all from one with another id', () => {
    expect(message([result()])).toContain('"tool_result must be preceded by a tool_call"');
    expect(message([call('x'), result()])).toContain('with the same toolCallId');
  });
  it('accepts null args, as the v4 client does', () => {
    expect(runLines([call('t', 'null'), D]).findings).toEqual([]);
  });
  it('does not ask older servers without f: for steps', () => {
    expect(runLines(['0:"x"', E, E, D]).findings).toEqual([]);
  });
});
