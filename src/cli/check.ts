// `check FILE…`: one line per finding (`FILE:LOCATION SEVERITY RULE-ID message`), or with --json an
// ESLint-style array with one result per session. Exit 0 clean, 1 with errors, 2 when an input
// cannot be read or recognised.
import type { Finding } from '../model/finding';
import { countBySeverity } from '../model/finding';
import type { Session } from '../analysis/sessions';
import type { ProtocolId } from '../protocols/types';
import { analyseFile, UnreadableInput } from './analyse';
import type { Output } from './output';

export interface CheckResult {
  file: string;
  session: string;
  protocol: string;
  frames: number;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  findings: { location: string; severity: string; rule: string; message: string }[];
}

export async function runCheck(files: string[], options: { json: boolean; protocol?: ProtocolId }, out: Output): Promise<number> {
  const results: CheckResult[] = [];
  let unreadable = false;
  for (const file of files) {
    try {
      const analysed = await analyseFile(file, options.protocol);
      if (analysed.sessions.length === 0) {
        out.stderr(`${file}: no agent stream found in this ${analysed.format} input\n`);
      }
      for (const s of analysed.sessions) results.push(toResult(file, s));
    } catch (err) {
      if (!(err instanceof UnreadableInput)) throw err;
      unreadable = true;
      out.stderr(`${file}: ${err.message}\n`);
    }
  }
  if (options.json) out.stdout(`${JSON.stringify(results, null, 2)}\n`);
  else printText(results, out);
  if (unreadable) return 2;
  return results.some((r) => r.errorCount > 0) ? 1 : 0;
}

function toResult(file: string, session: Session): CheckResult {
  const findings = [...session.pipeline.findings()].sort(byLocation);
  const counts = countBySeverity(findings);
  return {
    file,
    session: session.key,
    protocol: session.pipeline.protocol,
    frames: session.pipeline.frames.length,
    errorCount: counts.error,
    warningCount: counts.warning,
    infoCount: counts.info,
    findings: findings.map((f) => ({ location: location(f), severity: f.severity, rule: f.rule, message: f.message })),
  };
}

/** 1-based frame number in the file, then the place inside that frame (e.g. a History API message). */
export function location(f: Finding): string {
  const frame = f.frames[0];
  const at = frame === undefined ? '-' : String(frame + 1);
  return f.path ? `${at}:${f.path}` : at;
}

function byLocation(a: Finding, b: Finding): number {
  return (a.frames[0] ?? -1) - (b.frames[0] ?? -1);
}

function printText(results: CheckResult[], out: Output): void {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const r of results) {
    for (const f of r.findings) out.stdout(`${r.file}:${f.location} ${f.severity} ${f.rule} ${f.message}\n`);
    if (r.protocol === 'unknown') out.stderr(`${r.file}: session ${r.session}: no agent protocol recognised in ${r.frames} frame(s)\n`);
    errors += r.errorCount;
    warnings += r.warningCount;
    infos += r.infoCount;
  }
  const sessions = results.length;
  out.stderr(`${errors} error(s), ${warnings} warning(s), ${infos} info in ${sessions} session(s)\n`);
}
