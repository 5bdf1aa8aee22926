// JUnit XML: a test suite per file, a test case per session, failures for sessions with errors, and
// text that stays well-formed XML whatever the page put in a message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, tempFile } from '../test-support';
import { junitXml } from './junit-format';

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

describe('check --format junit', () => {
  it('has a suite per file and a case per session; a session with errors fails and lists its findings', async () => {
    const r = await runCli(['check', '--format', 'junit', 'examples/flat-block-broken.jsonl', 'examples/flat-block-reload.har', 'missing.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="agent-stream-inspector" tests="3" failures="1" errors="1">')).toBe(true);
    const doc = parse(r.stdout);
    const suites = [...doc.querySelectorAll('testsuite')];
    expect(suites.map((s) => [s.getAttribute('name'), s.getAttribute('tests'), s.getAttribute('failures'), s.getAttribute('errors')])).toEqual([
      ['examples/flat-block-broken.jsonl', '1', '1', '0'],
      ['examples/flat-block-reload.har', '1', '0', '0'],
      ['missing.jsonl', '1', '0', '1'],
    ]);
    const broken = suites[0]?.querySelector('testcase');
    expect(broken?.getAttribute('name')).toBe('session s1 (flat-block, 15 frames)');
    const failure = broken?.querySelector('failure');
    expect(failure?.getAttribute('message')).toBe('4 error(s), 3 warning(s), 0 info');
    expect(failure?.textContent?.split('\n')).toHaveLength(7);
    expect(failure?.textContent?.split('\n')[0]).toBe('examples/flat-block-broken.jsonl:2 error flat/block-delta-without-start content_block_delta for index 0, which has no open block');
    expect(suites[1]?.querySelector('testcase')?.children).toHaveLength(0);
    expect(suites[2]?.querySelector('testcase error')?.getAttribute('message')).toBe('no such file');
  });

  it('keeps markup, quotes, control characters and lone surrogates in messages from breaking the XML', async () => {
    const text = readFileSync('examples/flat-block-broken.jsonl', 'utf8').replace('"t9"', '"t9 </failure><x a=\\"1\\"> & \\u0001 \\ud800"');
    const file = await tempFile('hostile.jsonl', text);
    const r = await runCli(['check', '--format', 'junit', file]);
    const doc = parse(r.stdout);
    expect(doc.querySelector('x')).toBeNull();
    expect(doc.querySelector('failure')?.textContent).toContain('tool_result for "t9 </failure><x a="1"> & \uFFFD \uFFFD" matches no tool_use');
  });

  it('an empty run is still a document', () => {
    expect(junitXml({ files: [] })).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="agent-stream-inspector" tests="0" failures="0" errors="0">\n</testsuites>\n');
  });
});
