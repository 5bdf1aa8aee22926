// `--format github`: GitHub Actions workflow commands, one annotation per finding
// (`::error file=F,line=L,title=T::message`). A frame number is not a line of the file: `line` is given
// only where a frame is a line (JSON Lines); otherwise the frame goes in the title.
import type { Severity } from '../../model/finding';
import { frameNumber } from '../../api/check';
import type { Output } from '../output';
import { allFindings, PROBLEM_TITLE, type CheckReport } from './check-report';
import { writeProblems } from './problems';
import { writeSummary } from './text-format';

const COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = { error: 'error', warning: 'warning', info: 'notice' };

// The escaping of @actions/core: a message or property value can never end the command or start another.
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(kind: string, properties: Record<string, string | number | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${kind} ${props}::${escapeData(message)}\n`;
}

export function githubAnnotations(report: CheckReport): string {
  let text = '';
  for (const { file, finding } of allFindings(report)) {
    const frame = frameNumber(finding);
    const line = finding.frames[0] === undefined ? undefined : file.lineOfFrame?.(finding.frames[0]);
    const where = line !== undefined || frame === undefined ? '' : ` (frame ${frame}${finding.path ? `:${finding.path}` : ''})`;
    text += command(COMMAND[finding.severity], { file: file.file, line, title: `${finding.rule}${where}` }, finding.message);
  }
  for (const file of report.files) {
    if (file.problem) text += command('error', { file: file.file, title: `agent-stream-inspector: ${PROBLEM_TITLE[file.problem.kind]}` }, file.problem.message);
  }
  return text;
}

export function writeGithub(report: CheckReport, out: Output): void {
  out.stdout(githubAnnotations(report));
  writeProblems(report, out);
  writeSummary(report, out);
}
