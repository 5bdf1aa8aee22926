// `--format json`: only JSON on stdout, an array with one result per session (ESLint's JSON formatter's shape).
import type { Output } from '../output';
import type { CheckReport } from './check-report';
import { writeProblems } from './problems';

export function writeJson(report: CheckReport, out: Output): void {
  const results = report.files.flatMap((f) => f.sessions.map((s) => s.result));
  out.stdout(`${JSON.stringify(results, null, 2)}\n`);
  writeProblems(report, out);
}
