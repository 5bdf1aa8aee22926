// Findings: what a rule says about a stream, and the frames it points at.

export type Severity = 'error' | 'warning' | 'info';

export interface RuleMeta {
  /** Stable id, e.g. `flat/block-delta-without-start`. */
  id: string;
  severity: Severity;
  /** One sentence: when the rule fires. */
  description: string;
  /** How to fix what the rule reports, said to whoever owns the stream or the page (backticks mark code). */
  fix?: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  /** Says what is wrong and what was expected. */
  message: string;
  /** Indexes of the frames the finding points at, the most relevant first. Empty only for whole-session findings. */
  frames: number[];
  /** A place inside the first frame's JSON, e.g. `messages[3]` for a History API message. */
  path?: string;
  /** Index of the frame whose arrival produced the finding (for scrubbing): findings as of frame N are those with `at <= N`. */
  at: number;
}

/** Where a protocol's fold reports findings. Severity comes from the rule's catalogue entry. */
export interface FindingSink {
  report(rule: string, message: string, frames: number[], path?: string): void;
}

/**
 * A sink that stamps each finding with the rule's severity and with `at`, the frame being folded,
 * which its owner sets before each frame. A class with a field rather than a closure: a session is
 * often a few frames, and a sink is made for each.
 */
export class StampingSink implements FindingSink {
  at = -1;
  /** Frames of the session the capture counted and did not keep so far (Frame.notKeptBefore), and the frame after the last such gap. */
  private notKept = 0;
  private gapAt = -1;

  constructor(
    private readonly rules: ReadonlyMap<string, RuleMeta>,
    private readonly out: Finding[],
  ) {}

  report(rule: string, message: string, frames: number[], path?: string): void {
    // An unregistered rule id is a bug in the fold; keep the finding rather than lose it.
    const severity = this.rules.get(rule)?.severity ?? 'error';
    // The fold saw the stream with holes the capture made: say so where the finding is read.
    if (this.notKept > 0) message += ` (The capture did not keep ${this.notKept} frame${this.notKept === 1 ? '' : 's'} of this session, the last ones before frame ${this.gapAt + 1}: this may come from them.)`;
    const finding: Finding = { rule, severity, message, frames, at: this.at };
    if (path !== undefined) finding.path = path;
    this.out.push(finding);
  }

  /** The frame about to be folded follows frames of its connection that the capture did not keep. */
  gapBefore(frame: number, count: number): void {
    this.notKept += count;
    this.gapAt = frame;
  }
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  return addSeverityCounts({ error: 0, warning: 0, info: 0 }, findings);
}

/** Adds the findings' severities to `counts` (several lists counted without joining them); returns `counts`. */
export function addSeverityCounts(counts: Record<Severity, number>, findings: readonly Finding[]): Record<Severity, number> {
  for (let i = 0; i < findings.length; i++) counts[(findings[i] as Finding).severity]++;
  return counts;
}
