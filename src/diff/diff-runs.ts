// Two captures compared: units aligned by prompt and step, each pair compared, and the verdict against
// the thresholds the caller gives (`--fail-on`, `--max-slowdown`), so CI can gate a change on it.
import { align } from './align';
import { compareUnits, type UnitDifference } from './compare';
import type { RunUnit } from './run-units';

export type DifferenceKind = 'text' | 'tools' | 'findings';

export const DIFFERENCE_KINDS: readonly DifferenceKind[] = ['text', 'tools', 'findings'];

export interface DiffThresholds {
  /** Kinds of difference that fail the comparison; a turn present in one run only counts as text. */
  failOn: readonly DifferenceKind[];
  /** A turn whose time to first token or duration grew by more than this fraction (0.2 = 20%) fails. */
  maxSlowdown?: number;
}

export interface RunsDiff {
  turns: UnitDifference[];
  summary: {
    aligned: number;
    onlyA: number;
    onlyB: number;
    text: number;
    tools: number;
    findingsNew: number;
    findingsGone: number;
    /** The largest growth of time to first token or duration among aligned turns (0.2 = 20%). */
    worstSlowdown?: number;
  };
  /** Why the comparison fails the thresholds; empty when it passes. */
  failures: string[];
}

export function diffRuns(a: readonly RunUnit[], b: readonly RunUnit[], thresholds: DiffThresholds): RunsDiff {
  const turns = align(a, b).map((pair) => compareUnits(pair.a, pair.b));
  const summary: RunsDiff['summary'] = { aligned: 0, onlyA: 0, onlyB: 0, text: 0, tools: 0, findingsNew: 0, findingsGone: 0 };
  const failures: string[] = [];
  const fails = new Set(thresholds.failOn);
  for (const t of turns) {
    const where = t.prompt === '' ? `(no prompt) step ${t.step}` : `"${clip(t.prompt)}" step ${t.step}`;
    if (t.a && t.b) summary.aligned++;
    else if (t.a) summary.onlyA++;
    else summary.onlyB++;
    if (t.a && t.b && t.text.changed) summary.text++;
    if (t.a && t.b && t.tools.changed) summary.tools++;
    summary.findingsNew += t.findings.new.length;
    summary.findingsGone += t.findings.gone.length;
    if (!t.a || !t.b) {
      if (fails.has('text')) failures.push(`${where}: only in ${t.a ? 'A' : 'B'}`);
      continue;
    }
    if (fails.has('text') && t.text.changed) failures.push(`${where}: the answer's text changed`);
    if (fails.has('tools') && t.tools.changed) failures.push(`${where}: the tool calls changed`);
    if (fails.has('findings') && t.findings.new.length > 0) failures.push(`${where}: ${t.findings.new.length} new finding(s)`);
    for (const [name, f] of [['time to first token', t.firstTokenMs], ['duration', t.durationMs]] as const) {
      if (f.change === undefined) continue;
      if (summary.worstSlowdown === undefined || f.change > summary.worstSlowdown) summary.worstSlowdown = f.change;
      if (thresholds.maxSlowdown !== undefined && f.change > thresholds.maxSlowdown) {
        failures.push(`${where}: ${name} ${Math.round(f.change * 100)}% slower (over ${Math.round(thresholds.maxSlowdown * 100)}%)`);
      }
    }
  }
  return { turns, summary, failures };
}

function clip(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
