// `--format sarif`: a SARIF 2.1.0 log for GitHub code scanning and other SARIF viewers. One result per
// finding, located in its file (with the line where a frame is a line, JSON Lines) and by a logical
// location naming the session, the 1-based frame number and the place inside the frame. Rules carry
// their description, default level and a link to their documentation. Files that could not be checked
// are tool execution notifications.
import { createHash } from 'node:crypto';
import type { Severity } from '../../model/finding';
import { frameNumber } from '../../api/check';
import type { Output } from '../output';
import { packageInfo } from '../../model/package-info';
import { artifactUri } from './artifact-uri';
import { allFindings, type CheckReport } from './check-report';
import { ruleCatalogue, ruleHelpUri } from './rule-catalogue';
import { writeProblems } from './problems';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function sarifLog(report: CheckReport): Record<string, unknown> {
  const catalogue = ruleCatalogue();
  const rules: Record<string, unknown>[] = [];
  const ruleIndex = new Map<string, number>();
  const indexOf = (ruleId: string): number => {
    let index = ruleIndex.get(ruleId);
    if (index === undefined) {
      index = rules.length;
      ruleIndex.set(ruleId, index);
      const meta = catalogue.get(ruleId);
      rules.push({
        id: ruleId,
        shortDescription: { text: meta?.description ?? ruleId },
        defaultConfiguration: { level: LEVEL[meta?.severity ?? 'error'] },
        helpUri: ruleHelpUri(ruleId),
        // How to fix it, which code scanning shows with the alert (backticks are Markdown code there too).
        ...(meta?.fix !== undefined ? { help: { text: meta.fix.replace(/`/g, ''), markdown: meta.fix } } : {}),
        ...(meta?.protocol ? { properties: { tags: [meta.protocol] } } : {}),
      });
    }
    return index;
  };

  const results = [...allFindings(report)].map(({ file, session, finding }) => {
    const frame = frameNumber(finding);
    const line = finding.frames[0] === undefined ? undefined : file.lineOfFrame?.(finding.frames[0]);
    const place = [`session ${session.result.session}`, frame === undefined ? 'whole session' : `frame ${frame}`, finding.path].filter(Boolean).join(' / ');
    return {
      ruleId: finding.rule,
      ruleIndex: indexOf(finding.rule),
      level: LEVEL[finding.severity],
      // Code scanning shows the message, not the logical location: it names the frame where no line can.
      message: { text: frame === undefined || line !== undefined ? finding.message : `frame ${frame}${finding.path ? `:${finding.path}` : ''}: ${finding.message}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: artifactUri(file.file) },
            ...(line !== undefined ? { region: { startLine: line } } : {}),
          },
          logicalLocations: [{ name: frame === undefined ? 'session' : `frame ${frame}`, fullyQualifiedName: place, kind: 'element' }],
        },
      ],
      // Code scanning matches alerts across runs by fingerprint; it cannot compute one without a line.
      partialFingerprints: { 'agentStreamInspector/v1': fingerprint(finding.rule, place, finding.message) },
      properties: { session: session.result.session, protocol: session.result.protocol, ...(frame !== undefined ? { frame } : {}) },
    };
  });

  const notifications = report.files
    .filter((f) => f.problem)
    .map((f) => ({
      level: 'error',
      message: { text: `${f.file}: ${f.problem?.message ?? ''}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(f.file) } } }],
    }));

  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: packageInfo.name, version: packageInfo.version, informationUri: packageInfo.homepage, rules } },
        invocations: [
          {
            executionSuccessful: !report.files.some((f) => f.problem?.kind === 'internal'),
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        results,
      },
    ],
  };
}

function fingerprint(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

export function writeSarif(report: CheckReport, out: Output): void {
  out.stdout(`${JSON.stringify(sarifLog(report), null, 2)}\n`);
  writeProblems(report, out);
}
