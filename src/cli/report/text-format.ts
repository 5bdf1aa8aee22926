// The default output: one line per finding on stdout, `FILE:LOCATION SEVERITY RULE-ID message [session
// KEY]` (a file may hold several sessions, and frame numbers alone do not say which request a finding
// is about); what could not be checked and the totals on stderr.
import type { Output } from '../output';
import { totals, type CheckReport } from './check-report';
import { writeProblems } from './problems';
import { printable } from '../../model/printable';

export function writeText(report: CheckReport, out: Output): void {
  for (const file of report.files) {
    for (const { result } of file.sessions) {
      for (const f of result.findings) out.stdout(`${result.file}:${f.location} ${f.severity} ${f.rule} ${f.message} [session ${printable(result.session)}]\n`);
      // A file with an agent stream may hold other connections too; say which were not checked.
      if (result.protocol === 'unknown' && !file.problem) out.stderr(`${file.file}: session ${result.session}: no agent protocol recognised in ${result.frames} frame(s)\n`);
      // A fixture the capture left holes in is checked as it is: say so, beside the findings.
      if (result.cut !== undefined || result.notKept !== undefined) out.stderr(`${file.file}: session ${printable(result.session)}: ${captureGapText(result.cut ?? 0, result.notKept ?? 0)}\n`);
    }
  }
  writeProblems(report, out);
  writeSummary(report, out);
}

function captureGapText(cut: number, notKept: number): string {
  const parts = [...(cut > 0 ? [`cut ${cut} payload(s) short`] : []), ...(notKept > 0 ? [`did not keep ${notKept} frame(s)`] : [])];
  return `the capture ${parts.join(' and ')} (its size bound or budget); findings near them may come from the capture, not the stream`;
}

/** The totals line, when any file could be read: a run where nothing was read has only the reasons. */
export function writeSummary(report: CheckReport, out: Output): void {
  const t = totals(report);
  if (t.readFiles === 0) return;
  out.stderr(`${t.errors} error(s), ${t.warnings} warning(s), ${t.infos} info in ${t.sessions} session(s)\n`);
}
