// The AI SDK detectors never claim frames of the other protocols: every frame of their test data and
// of the shared corpus scores below 1 (and the v4 data stream detector, which reads text lines, 0).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../model/decode';
import { readInput } from '../../readers/read-input';
import { aisdkDataProtocol } from '../aisdk-data/index';
import { aisdkUiProtocol } from './index';
import { CORPUS_DIR } from '../../../test/support/shared-dir';

const protocolsDir = path.resolve(__dirname, '..');
const corpusDir = CORPUS_DIR;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

const others = [
  ...readdirSync(protocolsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('aisdk-'))
    .flatMap((e) => filesUnder(path.join(protocolsDir, e.name, 'testdata'))),
  ...filesUnder(corpusDir).filter((f) => !f.endsWith('README.md')),
];

describe('AI SDK detectors on other protocols', () => {
  it('finds other protocols to check against', () => {
    expect(others.length).toBeGreaterThan(0);
  });

  for (const file of others) {
    it(path.relative(path.resolve(protocolsDir, '../..'), file), () => {
      let frames;
      try {
        frames = readInput(readFileSync(file, 'utf8')).capture.frames;
      } catch {
        return; // Not an input format the readers know (e.g. a README-like file): nothing to detect.
      }
      for (const f of frames) {
        const d = decodeFrame(f);
        expect(aisdkUiProtocol.detectFrame(d), f.data).toBeLessThan(1);
        expect(aisdkDataProtocol.detectFrame(d), f.data).toBe(0);
      }
    });
  }
});
