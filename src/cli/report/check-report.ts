// What `check` found in all its files, before it is written in one of the output formats.
import type { Finding } from '../../model/finding';
import type { InputFormat } from '../../readers/read-input';
import type { CheckResult } from '../../api/check';

export interface CheckedSession {
  result: CheckResult;
  /** The findings behind `result.findings`, in the same order, with their frame indexes and paths. */
  findings: Finding[];
}

/**
 * Why a file did not get a clean check: it could not be read or recognised, no agent protocol was
 * recognised in it, or the tool failed on it.
 */
export interface FileProblem {
  kind: 'unreadable' | 'unrecognised' | 'internal';
  message: string;
}

export const PROBLEM_TITLE: Record<FileProblem['kind'], string> = {
  unreadable: 'unreadable input',
  unrecognised: 'no agent protocol recognised',
  internal: 'internal failure',
};

export interface CheckedFile {
  file: string;
  format?: InputFormat;
  sessions: CheckedSession[];
  /** The 1-based line of a frame, where a frame is a line of the file (JSON Lines). */
  lineOfFrame?: (frameIndex: number) => number | undefined;
  problem?: FileProblem;
}

export interface CheckReport {
  files: CheckedFile[];
  /** --max-warnings, when given. */
  maxWarnings?: number;
}

export interface Totals {
  errors: number;
  warnings: number;
  infos: number;
  sessions: number;
  /** Files that could be read (whatever was found in them). */
  readFiles: number;
}

export function totals(report: CheckReport): Totals {
  const t: Totals = { errors: 0, warnings: 0, infos: 0, sessions: 0, readFiles: 0 };
  for (const f of report.files) {
    if (f.problem?.kind !== 'unreadable' && f.problem?.kind !== 'internal') t.readFiles++;
    for (const { result } of f.sessions) {
      t.errors += result.errorCount;
      t.warnings += result.warningCount;
      t.infos += result.infoCount;
      t.sessions++;
    }
  }
  return t;
}

export function tooManyWarnings(report: CheckReport): boolean {
  return report.maxWarnings !== undefined && totals(report).warnings > report.maxWarnings;
}

/** Every session of every file with its findings, for formats that list them flat. */
export function* allFindings(report: CheckReport): Generator<{ file: CheckedFile; session: CheckedSession; finding: Finding; index: number }> {
  for (const file of report.files)
    for (const session of file.sessions) {
      let index = 0;
      for (const finding of session.findings) yield { file, session, finding, index: index++ };
    }
}
