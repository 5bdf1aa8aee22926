// The test data files: valid ones are clean, invalid ones yield the rule their breakage deserves.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBody } from './testing';

const dir = path.resolve(__dirname, 'testdata');
const read = (name: string) => runBody(readFileSync(path.join(dir, name), 'utf8'));

describe('aisdk-data test data', () => {
  for (const file of readdirSync(dir).filter((f) => f.startsWith('valid-'))) {
    it(`${file} has no findings`, () => expect(read(file).findings).toEqual([]));
  }

  it('invalid-tool-result-orphan.txt: a result for an unknown tool call', () => {
    const { findings, view } = read('invalid-tool-result-orphan.txt');
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['aisdk/v4-tool-result-without-call', 'error', 2]]);
    expect(view.items[0]).toMatchObject({ kind: 'group' });
  });

  it('invalid-bad-lines.txt: every broken line is an error', () => {
    const { findings } = read('invalid-bad-lines.txt');
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['aisdk/v4-invalid-value', 'error', 1],
      ['aisdk/v4-unknown-code', 'error', 2],
      ['aisdk/v4-no-separator', 'error', 3],
      ['aisdk/v4-tool-delta-without-start', 'error', 4],
      ['aisdk/v4-invalid-json', 'error', 5],
      ['aisdk/v4-missing-finish', 'warning', 5],
    ]);
  });
});
