// One numbering: a capture file's frames keep the numbers the panel gave them, so `check` on an export
// of one session (gaps where other sessions' frames were) or of a capture past a buffer bound (starting
// above 0) prints the frame numbers the panel showed, on the streaming path and the collecting one alike.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toCaptureFile } from '../capture-format/capture-format';
import { readInput } from '../readers/read-input';
import { runCli, tempFile } from '../cli/test-support';
import { check } from './check';

const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/openai-tool-loop-broken.har');

/** Each finding as `location rule`, from the CLI's JSON output. */
function places(json: string): string[] {
  return (JSON.parse(json) as Array<{ findings: Array<{ location: string; rule: string }> }>).flatMap((r) => r.findings.map((f) => `${f.location} ${f.rule}`));
}

describe('frame numbers of an exported capture', () => {
  it('are the numbers the frames carry in the file, in check and through the API', async () => {
    const capture = readInput(readFileSync(EXAMPLE, 'utf8')).capture;
    const numbered = places(JSON.stringify(check(capture)));
    expect(numbered.length).toBeGreaterThan(0);
    // Numbered from 40 (as after the hub's bound let 40 frames go) with a gap after every frame (as in an
    // export of the selected session only, where other sessions' frames were).
    const shift = 40;
    const file = toCaptureFile({ ...capture, frames: capture.frames.map((f) => ({ ...f, index: f.index * 2 + shift })) });
    const expected = numbered.map((place) => place.replace(/^(\d+)/, (n) => String((Number(n) - 1) * 2 + shift + 1)));
    const text = JSON.stringify(file);
    expect(places(JSON.stringify(check(text)))).toEqual(expected);
    const run = await runCli(['check', '--format', 'json', await tempFile('export.json', text)]);
    expect(places(run.stdout)).toEqual(expected);
  });
});
