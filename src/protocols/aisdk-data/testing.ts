// Test helpers for the v4 data stream: one frame per non-empty line, as the capture layer splits bodies.
import type { Frame } from '../../model/frame';
import { run, type RunResult } from '../aisdk-ui/testing';
import { aisdkDataProtocol } from './index';

export function lineFrames(body: string): Frame[] {
  return body
    .split('\n')
    // Only empty lines are skipped, as the v4 client does; a blank line holding spaces is a (broken) line.
    .filter((line) => line !== '')
    .map((data, index) => ({ index, connectionId: 'c1', time: index, direction: 'in', kind: 'message', data }));
}

export function runLines(lines: readonly string[], options: { finish?: boolean } = {}): RunResult {
  return run(lineFrames(lines.join('\n')), aisdkDataProtocol, options);
}

export function runBody(body: string): RunResult {
  return run(lineFrames(body), aisdkDataProtocol);
}
