// Test support for the frame describers: a test data file read as the CLI reads it, each frame described.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeFrame } from '../../model/decode';
import type { FrameDescription } from '../types';
import { readInput } from '../../readers/read-input';

export function describeFile(dir: string, name: string, describeFrame: (decoded: ReturnType<typeof decodeFrame>) => FrameDescription): FrameDescription[] {
  const { capture } = readInput(readFileSync(path.join(dir, name), 'utf8'));
  return capture.frames.map((f) => describeFrame(decodeFrame(f)));
}

/** `event` of each description. */
export const events = (list: readonly FrameDescription[]): string[] => list.map((d) => d.event);
