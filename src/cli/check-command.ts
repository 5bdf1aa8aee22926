// `check FILE…`: checks captures against their protocols and reports the findings in one of several
// formats. Exit 0 clean, 1 error findings (or more warnings than --max-warnings), 2 an input that
// cannot be read or in which no agent protocol is recognised, 3 an internal failure.
import { checkedFindings, pageFindings, toCheckResult } from '../api/check';
import { recognised } from '../api/inspect';
import { InputError } from '../readers/read-input';
import type { ProtocolId } from '../protocols/types';
import { analyseFile } from './analyse';
import { EXIT, type Command } from './command';
import { COMMON_HELP, PROTOCOL_HELP, protocolOption, UsageError } from './common-options';
import { InternalFailure, oneLine, stackOf } from './failure';
import type { Output } from './output';
import type { CheckedFile, CheckReport } from './report/check-report';
import { tooManyWarnings } from './report/check-report';
import { checkFormats, isCheckFormat, type CheckFormat } from './report/formats';

export const checkCommand: Command = {
  name: 'check',
  summary: 'check captures against their protocols; text, JSON, SARIF, JUnit or GitHub annotations',
  usage: `Usage: agent-stream-inspector check [options] FILE...

Output:
      --format NAME   text (default): FILE:LOCATION SEVERITY RULE-ID message [session KEY],
                        one line per finding (LOCATION is the 1-based frame number, then a place
                        inside the frame; KEY the agent session it belongs to)
                      json: an array with one result per session
                      sarif: SARIF 2.1.0, for GitHub code scanning
                      junit: JUnit XML, a test suite per file and a test case per session
                      github: GitHub Actions annotations (::error file=…::…)
      --json          the same as --format json

Checking:
${PROTOCOL_HELP}
      --allow-unknown accept a file in which no agent protocol is recognised (exit 0, not 2)
      --max-warnings N
                      exit 1 when there are more than N warnings in all

Other:
${COMMON_HELP}

Exit 0: no error findings; 1: error findings, or more warnings than --max-warnings allows;
2: an input cannot be read, or no agent protocol is recognised in it; 3: the tool failed.`,
  options: {
    format: { type: 'string' },
    json: { type: 'boolean' },
    protocol: { type: 'string' },
    'allow-unknown': { type: 'boolean' },
    'max-warnings': { type: 'string' },
  },
  async run({ values, positionals }, out) {
    const format = formatOption(values.format, values.json === true);
    const protocol = protocolOption(values.protocol);
    const maxWarnings = maxWarningsOption(values['max-warnings']);
    if (positionals.length === 0) throw new UsageError('check needs at least one FILE');
    const files: CheckedFile[] = [];
    // Only the SARIF and GitHub reports point at lines.
    const lines = format === 'sarif' || format === 'github';
    for (const file of positionals) files.push(await checkFile(file, protocol, lines, values['allow-unknown'] === true, values.debug === true, out));
    const report: CheckReport = { files, ...(maxWarnings !== undefined ? { maxWarnings } : {}) };
    checkFormats[format](report, out);
    return exitCode(report);
  },
};

async function checkFile(file: string, protocol: ProtocolId | undefined, lines: boolean, allowUnknown: boolean, debug: boolean, out: Output): Promise<CheckedFile> {
  try {
    const analysed = await analyseFile(file, protocol, { lines, digestTexts: true });
    const findingsOf = checkedFindings(analysed.sessions);
    const sessions = analysed.sessions.map((s) => {
      const all = findingsOf(s);
      // Messages sent from the inspector's panel are not the page's: findings on them alone are left out.
      const inspector = s.pipeline.sentByInspector;
      const findings = inspector.length === 0 ? all : pageFindings(all, new Set(inspector));
      return { result: toCheckResult(file, s, all), findings };
    });
    const checked: CheckedFile = { file, format: analysed.format, sessions };
    if (analysed.lineOfFrame) checked.lineOfFrame = analysed.lineOfFrame;
    if (!allowUnknown && !recognised(analysed)) {
      const frames = sessions.reduce((n, s) => n + s.result.frames, 0);
      const message =
        sessions.length === 0
          ? `no agent stream found in this ${analysed.format} input`
          : `no agent protocol recognised in ${frames} frame(s) (--allow-unknown accepts this file)`;
      checked.problem = { kind: 'unrecognised', message };
    }
    return checked;
  } catch (err) {
    if (err instanceof InputError) return { file, sessions: [], problem: { kind: 'unreadable', message: err.message } };
    // One file the tool fails on does not stop the others from being checked.
    const failure = err instanceof InternalFailure ? err : new InternalFailure(file, err);
    if (debug) out.stderr(`${stackOf(failure)}\n`);
    return { file, sessions: [], problem: { kind: 'internal', message: `internal failure: ${oneLine(failure.cause)}${debug ? '' : ' (--debug prints the stack)'}` } };
  }
}

function exitCode(report: CheckReport): number {
  const kinds = new Set(report.files.map((f) => f.problem?.kind));
  if (kinds.has('internal')) return EXIT.internal;
  if (kinds.has('unreadable') || kinds.has('unrecognised')) return EXIT.unreadable;
  const errors = report.files.some((f) => f.sessions.some((s) => s.result.errorCount > 0));
  return errors || tooManyWarnings(report) ? EXIT.findings : EXIT.ok;
}

function formatOption(value: unknown, json: boolean): CheckFormat {
  if (value === undefined) return json ? 'json' : 'text';
  if (typeof value !== 'string' || !isCheckFormat(value)) throw new UsageError(`unknown format "${String(value)}"; formats: ${Object.keys(checkFormats).join(', ')}`);
  if (json && value !== 'json') throw new UsageError(`--json and --format ${value} contradict each other`);
  return value;
}

function maxWarningsOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`--max-warnings needs a whole number of 0 or more, not "${String(value)}"`);
  return n;
}
