// Test support shared by protocol folders: frames of a raw SSE body, read by the project's own reader.
import { readInput } from '../../readers/read-input';
import type { Frame } from '../../model/frame';

/** Frames of a raw SSE body, renumbered from `from` on `connectionId`. */
export function sseFrames(body: string, connectionId = 'c1', from = 0): Frame[] {
  if (body.trim() === '') return [];
  return readInput(body).capture.frames.map((f, i) => ({ ...f, index: from + i, time: from + i, connectionId }));
}
