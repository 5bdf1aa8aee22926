// `check`: one result per agent session, in the shape of the CLI's `--json` output (after ESLint's
// JSON formatter), with the findings sorted by where they occur.
import type { Session } from '../analysis/sessions';
import { acrossSessionFindings } from '../analysis/across-sessions';
import { countBySeverity, type Finding, type Severity } from '../model/finding';
import { inspect, type CaptureSource, type InspectOptions } from './inspect';

export interface CheckFinding {
  /** 1-based frame number, then a place inside the frame where it matters (`5:messages[3]`); `-` for the whole session. */
  location: string;
  severity: Severity;
  rule: string;
  message: string;
}

export interface CheckResult {
  file: string;
  /** The agent session key (session, thread or run id), or the connection id when there is none. */
  session: string;
  /** The detected protocol's id, or `unknown`. */
  protocol: string;
  frames: number;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  findings: CheckFinding[];
  /**
   * Messages the user sent from the inspector's panel on the page's socket (frames with `sentBy:
   * "inspector"`), when there are any. They are not the page's: a finding that points only at them is
   * left out, since it would judge the inspector, not the page.
   */
  sentFromInspector?: number;
  /** Frames of the session whose payload the capture cut short, when there are any. */
  cut?: number;
  /**
   * Payloads of the session the capture counted and did not keep (past its budget), when there are
   * any: findings after them may come from the hole, not from the stream.
   */
  notKept?: number;
}

export interface CheckOptions extends InspectOptions {
  /** The name results carry in `file`; `<input>` when absent. */
  file?: string;
}

/** Checks an input; throws InputError when text cannot be read or recognised. */
export function check(source: CaptureSource, options: CheckOptions = {}): CheckResult[] {
  const { sessions } = inspect(source, options);
  const findings = checkedFindings(sessions);
  return sessions.map((s) => toCheckResult(options.file ?? '<input>', s, findings(s)));
}

export function sortedFindings(session: Session, extra: readonly Finding[] = []): Finding[] {
  return [...session.pipeline.findings(), ...extra].sort((a, b) => (a.frames[0] ?? -1) - (b.frames[0] ?? -1));
}

/** Each session's findings, sorted, with those the checks across requests (the tool loop, history) report on it. */
export function checkedFindings(sessions: readonly Session[]): (session: Session) => Finding[] {
  const across = acrossSessionFindings(sessions);
  return (session) => sortedFindings(session, across.get(session));
}

export function toCheckResult(file: string, session: Session, all = sortedFindings(session)): CheckResult {
  const inspector = session.pipeline.sentByInspector;
  const findings = inspector.length === 0 ? all : pageFindings(all, new Set(inspector));
  const counts = countBySeverity(findings);
  const gaps = session.pipeline.captureGaps;
  return {
    ...(inspector.length > 0 && { sentFromInspector: inspector.length }),
    ...(gaps.cut > 0 && { cut: gaps.cut }),
    ...(gaps.notKept > 0 && { notKept: gaps.notKept }),
    file,
    session: session.key,
    protocol: session.pipeline.protocol,
    frames: session.pipeline.frameCount,
    errorCount: counts.error,
    warningCount: counts.warning,
    infoCount: counts.info,
    findings: findings.map((f) => ({ location: location(f), severity: f.severity, rule: f.rule, message: f.message })),
  };
}

/** The findings that point at some frame of the page's own (those on inspector-sent frames alone are not the page's). */
export function pageFindings(findings: readonly Finding[], inspector: ReadonlySet<number>): Finding[] {
  return findings.filter((f) => f.frames.length === 0 || f.frames.some((i) => !inspector.has(i)));
}

/** The 1-based frame number a finding points at first, if any. */
export function frameNumber(f: Finding): number | undefined {
  const frame = f.frames[0];
  return frame === undefined ? undefined : frame + 1;
}

/** 1-based frame number in the input, then the place inside that frame (e.g. a History API message). */
export function location(f: Finding): string {
  const at = frameNumber(f)?.toString() ?? '-';
  return f.path ? `${at}:${f.path}` : at;
}
