// The test data files: valid ones are clean, invalid ones yield the rule their breakage deserves.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { framesOfSse, run } from './testing';

const dir = path.resolve(__dirname, 'testdata');
const read = (name: string) => run(framesOfSse(readFileSync(path.join(dir, name), 'utf8')));

describe('aisdk-ui test data', () => {
  it('has valid and invalid files', () => {
    const files = readdirSync(dir);
    expect(files.some((f) => f.startsWith('valid-'))).toBe(true);
    expect(files.some((f) => f.startsWith('invalid-'))).toBe(true);
  });

  for (const file of readdirSync(dir).filter((f) => f.startsWith('valid-'))) {
    it(`${file} has no findings`, () => expect(read(file).findings).toEqual([]));
  }

  it('invalid-delta-without-start.sse: text-delta and text-end without text-start', () => {
    const { findings } = read('invalid-delta-without-start.sse');
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['aisdk/text-not-started', 'error', 2],
      ['aisdk/text-not-started', 'error', 3],
    ]);
  });

  it('invalid-orphan-tool-output.sse: orphan output, an unknown key, a bad finish reason', () => {
    const { findings } = read('invalid-orphan-tool-output.sse');
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      // The stream may continue a message whose call came in the previous response: without the request, info.
      ['aisdk/tool-call-not-in-capture', 'info', 2],
      ['aisdk/unknown-key', 'warning', 4],
      ['aisdk/invalid-chunk', 'error', 7],
      ['aisdk/missing-finish', 'warning', 8],
    ]);
  });
});
