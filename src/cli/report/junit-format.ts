// `--format junit`: JUnit XML as CI test reporters read it. A test suite per file, a test case per
// agent session; a session with error findings fails (the failure lists its findings), one with only
// warnings or info passes with them in its output; a file that could not be checked is an errored case.
import type { Output } from '../output';
import type { CheckedFile, CheckedSession, CheckReport } from './check-report';
import { writeProblems } from './problems';
import { xmlEscape as x } from './xml-text';

export function junitXml(report: CheckReport): string {
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites = report.files.map((file) => {
    const cases = file.sessions.map((s) => testCase(file, s));
    const failed = file.sessions.filter((s) => s.result.errorCount > 0).length;
    if (file.problem) cases.push(problemCase(file));
    const errored = file.problem ? 1 : 0;
    tests += cases.length;
    failures += failed;
    errors += errored;
    return `  <testsuite name="${x(file.file)}" tests="${cases.length}" failures="${failed}" errors="${errored}" skipped="0">\n${cases.join('')}  </testsuite>\n`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="agent-stream-inspector" tests="${tests}" failures="${failures}" errors="${errors}">\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}

function testCase(file: CheckedFile, { result }: CheckedSession): string {
  const name = `session ${result.session} (${result.protocol}, ${result.frames} frames)`;
  const open = `    <testcase classname="${x(file.file)}" name="${x(name)}" file="${x(file.file)}">`;
  const lines = result.findings.map((f) => `${file.file}:${f.location} ${f.severity} ${f.rule} ${f.message}`).join('\n');
  if (result.errorCount > 0) {
    const message = `${result.errorCount} error(s), ${result.warningCount} warning(s), ${result.infoCount} info`;
    return `${open}\n      <failure message="${x(message)}" type="protocol">${x(lines)}</failure>\n    </testcase>\n`;
  }
  if (lines) return `${open}\n      <system-out>${x(lines)}</system-out>\n    </testcase>\n`;
  return `${open}</testcase>\n`;
}

function problemCase(file: CheckedFile): string {
  const message = file.problem?.message ?? '';
  return `    <testcase classname="${x(file.file)}" name="read and recognise" file="${x(file.file)}">\n      <error message="${x(message)}" type="${file.problem?.kind ?? 'unreadable'}"/>\n    </testcase>\n`;
}

export function writeJunit(report: CheckReport, out: Output): void {
  out.stdout(junitXml(report));
  writeProblems(report, out);
}
