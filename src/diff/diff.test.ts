import { describe, expect, it } from 'vitest';
import { align } from './align';
import { compareUnits } from './compare';
import { diffRuns } from './diff-runs';
import { diffText, wordDiffText } from './diff-text';
import type { RunUnit } from './run-units';
import type { SessionMetrics } from '../analysis/metrics-types';

function metrics(over: Partial<SessionMetrics> = {}): SessionMetrics {
  return { timing: 'real', outputChars: 0, gaps: [], gapThresholdMs: 2000, tools: [], waits: [], frames: 1, findings: { error: 0, warning: 0, info: 0 }, ...over };
}

function unit(prompt: string, step: number, over: Partial<RunUnit> = {}): RunUnit {
  return { key: `${prompt}\u0000${step}`, prompt, step, session: `${prompt}-${step}`, protocol: 'openai-chat', answer: '', toolCalls: [], findings: [], metrics: metrics(), ...over };
}

describe('aligning two runs', () => {
  it('pairs equal keys and leaves a turn added or dropped on its own', () => {
    const a = [unit('hi', 0), unit('hi', 1), unit('weather', 0)];
    const b = [unit('hi', 0), unit('weather', 0), unit('weather', 1)];
    const pairs = align(a, b).map((p) => `${p.a?.key.replace('\u0000', '#') ?? '-'}|${p.b?.key.replace('\u0000', '#') ?? '-'}`);
    expect(pairs).toEqual(['hi#0|hi#0', 'hi#1|-', 'weather#0|weather#0', '-|weather#1']);
  });
});

describe('comparing two turns', () => {
  it('diffs the answer by words', () => {
    const d = compareUnits(unit('q', 0, { answer: 'It is sunny in Paris today.' }), unit('q', 0, { answer: 'It is rainy in Paris today.' }));
    expect(d.text.changed).toBe(true);
    expect(wordDiffText(d.text.parts)).toBe('It is [-sunny-]{+rainy+} in Paris today.');
  });

  it('reports tool names, order and arguments as a JSON Patch', () => {
    const a = unit('q', 0, { toolCalls: [{ name: 'get_weather', args: { city: 'Paris', unit: 'C' } }, { name: 'search', args: { q: 'x' } }] });
    const reordered = unit('q', 0, { toolCalls: [{ name: 'search', args: { q: 'x' } }, { name: 'get_weather', args: { city: 'Paris', unit: 'C' } }] });
    expect(compareUnits(a, reordered).tools).toMatchObject({ changed: true, order: true, a: ['get_weather', 'search'], b: ['search', 'get_weather'] });
    const newArgs = unit('q', 0, { toolCalls: [{ name: 'get_weather', args: { city: 'Rome', unit: 'C' } }, { name: 'search', args: { q: 'x' } }] });
    const d = compareUnits(a, newArgs);
    expect(d.tools.changed).toBe(true);
    expect(d.tools.order).toBe(false);
    expect(d.tools.args).toEqual([{ index: 0, name: 'get_weather', patch: [{ op: 'replace', path: '/city', value: 'Rome' }] }]);
    expect(compareUnits(a, a).tools.changed).toBe(false);
  });

  it('lists findings new and gone, counting repeats', () => {
    const f = (rule: string) => ({ rule, severity: 'error' as const, message: `${rule} broke` });
    const d = compareUnits(unit('q', 0, { findings: [f('x/a'), f('x/b')] }), unit('q', 0, { findings: [f('x/b'), f('x/b'), f('x/c')] }));
    expect(d.findings.new.map((x) => x.rule)).toEqual(['x/b', 'x/c']);
    expect(d.findings.gone.map((x) => x.rule)).toEqual(['x/a']);
  });

  it('gives the figures and their changes', () => {
    const d = compareUnits(
      unit('q', 0, { metrics: metrics({ firstTokenMs: 200, durationMs: 1000, tokens: { input: 10, output: 20 } }) }),
      unit('q', 0, { metrics: metrics({ firstTokenMs: 300, durationMs: 900, tokens: { input: 10, output: 25 } }) }),
    );
    expect(d.firstTokenMs).toEqual({ a: 200, b: 300, delta: 100, change: 0.5 });
    expect(d.durationMs.change).toBeCloseTo(-0.1, 10);
    expect(d.outputTokens).toEqual({ a: 20, b: 25, delta: 5, change: 0.25 });
  });
});

describe('the verdict against thresholds', () => {
  const a = [unit('q', 0, { answer: 'same', metrics: metrics({ firstTokenMs: 100, durationMs: 1000 }) })];
  const slower = [unit('q', 0, { answer: 'same', metrics: metrics({ firstTokenMs: 130, durationMs: 1100 }) })];

  it('passes a run against itself', () => {
    expect(diffRuns(a, a, { failOn: ['text', 'tools', 'findings'], maxSlowdown: 0 }).failures).toEqual([]);
  });

  it('fails on a slowdown over the bound and not under it', () => {
    expect(diffRuns(a, slower, { failOn: [], maxSlowdown: 0.2 }).failures).toEqual(['"q" step 0: time to first token 30% slower (over 20%)']);
    expect(diffRuns(a, slower, { failOn: [], maxSlowdown: 0.35 }).failures).toEqual([]);
  });

  it('fails only on the kinds asked for', () => {
    const changed = [unit('q', 0, { answer: 'other' })];
    expect(diffRuns(a, changed, { failOn: ['tools'] }).failures).toEqual([]);
    expect(diffRuns(a, changed, { failOn: ['text'] }).failures).toEqual(['"q" step 0: the answer\'s text changed']);
    expect(diffRuns(a, [], { failOn: ['text'] }).failures).toEqual(['"q" step 0: only in A']);
  });
});

describe('the text report', () => {
  it('prints a finding message with a line break on one line, the break escaped', () => {
    const broken = unit('q', 0, { findings: [{ rule: 'x/forged', severity: 'error', message: 'first\nfs: 0 errors' }] });
    const report = diffText(diffRuns([unit('q', 0)], [broken], { failOn: ['findings'] }), { a: 'a.har', b: 'b.har' });
    const lines = report.split('\n');
    expect(lines).toContain('  new error x/forged: first\\u{a}fs: 0 errors');
    expect(lines.some((l) => l.startsWith('fs: 0 errors'))).toBe(false);
  });
});
