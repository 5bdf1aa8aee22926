// Runs a text (a real recording or its broken twin) through the readers and the session pipeline,
// as `check` reads a file, and summarises what it found.
import { readFileSync } from 'node:fs';
import type { Finding } from '../../src/model/finding';
import type { ViewModel } from '../../src/model/view';
import { readInput } from '../../src/readers/read-input';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';
import { corpusPath } from './shared-dir';

export interface Checked {
  protocol: string;
  findings: readonly Finding[];
  /** Error and warning findings as `[rule, severity, first frame]`. */
  serious: [string, string, number | undefined][];
  /** Every finding as `[rule, severity]`. */
  all: [string, string][];
  view: ViewModel;
}

export function checkText(text: string): Checked {
  const [session] = splitSessions(readInput(text).capture, protocols);
  if (!session) throw new Error('no session in the input');
  const findings = session.pipeline.findings();
  return {
    protocol: session.pipeline.protocol,
    findings,
    serious: findings.filter((f) => f.severity !== 'info').map((f) => [f.rule, f.severity, f.frames[0]]),
    all: findings.map((f) => [f.rule, f.severity]),
    view: session.pipeline.view(),
  };
}

/** A corpus recording's text (call only when the corpus is present). */
export function corpusText(file: string): string {
  return readFileSync(corpusPath(file), 'utf8');
}

/** JSON Lines of the given events, the shape of the corpus's data-only recordings. */
export function jsonl(events: readonly unknown[]): string {
  return events.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n');
}
