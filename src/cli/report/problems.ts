// What could not be checked, one line per file on stderr, whatever the output format.
import type { Output } from '../output';
import { totals, type CheckReport } from './check-report';

export function writeProblems(report: CheckReport, out: Output): void {
  for (const file of report.files) if (file.problem) out.stderr(`${file.file}: ${file.problem.message}\n`);
  const { warnings } = totals(report);
  if (report.maxWarnings !== undefined && warnings > report.maxWarnings) {
    out.stderr(`too many warnings: ${warnings}, --max-warnings allows ${report.maxWarnings}\n`);
  }
}
