// SARIF output: valid against the SARIF 2.1.0 JSON Schema, one result per finding, rule metadata from
// the protocols' catalogues, and locations that name the file, the line where a frame is a line, and
// the frame.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../protocols/registry';
import { runCli, tempFile } from '../test-support';

const schema = JSON.parse(readFileSync('test/package/sarif/sarif-2.1.0-rtm.5.schema.json', 'utf8')) as object;
// The schema's `language` pattern has a stray `]`, which only non-Unicode regular expressions accept.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  partialFingerprints: Record<string, string>;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } }; logicalLocations: { name: string; fullyQualifiedName: string }[] }[];
}
interface SarifRule {
  id: string;
  shortDescription: { text: string };
  defaultConfiguration: { level: string };
  helpUri: string;
  help?: { text: string; markdown: string };
}
interface SarifLog {
  version: string;
  runs: { tool: { driver: { name: string; version: string; rules: SarifRule[] } }; results: SarifResult[]; invocations: { executionSuccessful: boolean; toolExecutionNotifications?: { message: { text: string } }[] }[] }[];
}

async function sarif(...files: string[]): Promise<{ log: SarifLog; code: number; json: unknown[] }> {
  const r = await runCli(['check', '--format', 'sarif', ...files]);
  const json = await runCli(['check', '--json', ...files]);
  return { log: JSON.parse(r.stdout) as SarifLog, code: r.code, json: JSON.parse(json.stdout) as unknown[] };
}

function expectValid(log: unknown): void {
  const valid = validate(log);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('check --format sarif', () => {
  it('is a valid SARIF 2.1.0 log with one result per finding, each with its rule described', async () => {
    const { log, code } = await sarif('examples/flat-block-broken.jsonl', 'examples/flat-block-reload.har');
    expectValid(log);
    expect(code).toBe(1);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    expect(run?.tool.driver.name).toBe('agent-stream-inspector');
    // The broken example breaks seven rules, once each (see test/unit/cli.test.ts).
    expect(run?.results).toHaveLength(7);
    const catalogue = new Map(protocols.flatMap((p) => p.rules.map((r) => [r.id, r])));
    const level = { error: 'error', warning: 'warning', info: 'note' };
    for (const result of run?.results ?? []) {
      const rule = run?.tool.driver.rules[result.ruleIndex];
      expect(rule?.id).toBe(result.ruleId);
      const meta = catalogue.get(result.ruleId);
      expect(rule?.shortDescription.text).toBe(meta?.description);
      expect(rule?.defaultConfiguration.level).toBe(level[meta?.severity ?? 'info']);
      expect(rule?.helpUri).toMatch(new RegExp(`/docs/rules\\.md#${result.ruleId.replace('/', '-')}$`));
      expect(rule?.help).toEqual({ text: meta?.fix?.replace(/`/g, ''), markdown: meta?.fix });
      expect(result.level).toBe(level[meta?.severity ?? 'info']);
    }
    expect(new Set(run?.tool.driver.rules.map((r) => r.id)).size).toBe(run?.tool.driver.rules.length);
    // A fingerprint per result, the same in the next run, so code scanning keeps one alert per finding.
    const prints = (l: SarifLog) => l.runs[0]?.results.map((r) => r.partialFingerprints['agentStreamInspector/v1']);
    expect(new Set(prints(log)).size).toBe(7);
    expect(prints((await sarif('examples/flat-block-broken.jsonl', 'examples/flat-block-reload.har')).log)).toEqual(prints(log));
  });

  it('locates a finding in JSON Lines by its line, and always by its frame', async () => {
    // Two blank lines on top: frame 2 is line 4.
    const text = `\n\n${readFileSync('examples/flat-block-broken.jsonl', 'utf8')}`;
    const file = await tempFile('shifted.jsonl', text);
    const { log } = await sarif(file);
    expectValid(log);
    const first = log.runs[0]?.results[0];
    expect(first?.ruleId).toBe('flat/block-delta-without-start');
    expect(first?.message.text).toBe('content_block_delta for index 0, which has no open block');
    const location = first?.locations[0];
    expect(location?.physicalLocation.artifactLocation.uri).toBe(`file://${file}`);
    expect(location?.physicalLocation.region).toEqual({ startLine: 4 });
    expect(location?.logicalLocations[0]).toEqual({ name: 'frame 2', fullyQualifiedName: 'session s1 / frame 2', kind: 'element' });
  });

  it('names the frame where a frame is not a line (HAR), with no made-up region', async () => {
    const har = readFileSync('examples/flat-block-reload.har', 'utf8');
    const overlap = await tempFile('overlap.har', har.replace('\\"event_id\\":13', '\\"event_id\\":12'));
    const { log } = await sarif(overlap);
    expectValid(log);
    const result = log.runs[0]?.results.find((r) => r.ruleId === 'flat/replay-overlap');
    expect(result?.message.text).toMatch(/^frame 3: replayed event "12" is not after last_event_id "12"/);
    expect(result?.locations[0]?.physicalLocation.region).toBeUndefined();
    expect(result?.locations[0]?.logicalLocations[0]?.name).toBe('frame 3');
  });

  it('reports files that could not be checked as tool notifications, still a valid log', async () => {
    const garbage = await tempFile('garbage.txt', 'hello\n');
    const { log, code } = await sarif('examples/flat-block-turn.jsonl', 'no such dir/missing file.jsonl', garbage);
    expectValid(log);
    expect(code).toBe(2);
    const notes = log.runs[0]?.invocations[0]?.toolExecutionNotifications?.map((n) => n.message.text);
    expect(notes).toEqual(['no such dir/missing file.jsonl: no such file', expect.stringMatching(/garbage\.txt: not a recognised input/)]);
    expect(log.runs[0]?.results).toEqual([]);
  });

  it('relative paths stay relative and are URI-encoded', async () => {
    const { log } = await sarif('examples/flat-block-broken.jsonl');
    expect(log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('examples/flat-block-broken.jsonl');
  });
});
