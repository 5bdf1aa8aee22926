// Reads a protocol test data file into the message frames the demo replays, with the project's own
// reader, so the demo sends exactly what the file holds (SSE event names included).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInput } from '../../src/readers/read-input';

export interface ReplayFrame {
  data: string;
  eventName?: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cache = new Map<string, Promise<ReplayFrame[]>>();

/** `fixture` is relative to the project root, as in `protocolSessions`. */
export function fixtureFrames(fixture: string): Promise<ReplayFrame[]> {
  let frames = cache.get(fixture);
  if (!frames) {
    frames = load(fixture);
    cache.set(fixture, frames);
    // A failed read is not cached, so a fixed file is picked up without a restart.
    frames.catch(() => cache.delete(fixture));
  }
  return frames;
}

async function load(fixture: string): Promise<ReplayFrame[]> {
  const text = await readFile(path.join(ROOT, fixture), 'utf8');
  return readInput(text)
    .capture.frames.filter((f) => f.kind === 'message' && f.direction === 'in')
    .map((f) => (f.eventName === undefined ? { data: f.data } : { data: f.data, eventName: f.eventName }));
}
