import { describe, expect, it } from 'vitest';
import { InputReader } from './input-reader';
import type { InputSink } from './input-sink';

const head = '"format":"agent-stream-inspector.capture","version":1,"exportedAt":"2026-01-01T00:00:00Z","tool":{"name":"t","version":"1"}';
const connections = '"connections":[{"id":"ws","transport":"websocket","url":"ws://127.0.0.1/ws"}]';
const frames = '"frames":[{"index":0,"connectionId":"ws","time":1,"direction":"in","kind":"message","data":"a"},{"index":1,"connectionId":"ws","time":2,"direction":"in","kind":"message","data":"b"}]';

/** The sink calls a streamed read of `text` makes, in order; or the error it ends with. */
function calls(text: string): string[] {
  const out: string[] = [];
  const sink: InputSink = { connection: (c) => out.push(`connection ${c.id}`), frame: (f) => out.push(`frame ${f.data}`) };
  const reader = new InputReader(sink);
  try {
    // In small pieces, as a file is read.
    for (let at = 0; at < text.length; at += 7) reader.write(text.slice(at, at + 7));
    reader.end();
  } catch (err) {
    out.push(`error ${(err as Error).message}`);
  }
  return out;
}

describe('capture file connections', () => {
  it('written before the frames, come before the frames', () => {
    expect(calls(`{${head},${connections},${frames},"dropped":0,"redaction":{"applied":false,"items":[]}}`)).toEqual(['connection ws', 'frame a', 'frame b']);
  });

  it('written after the frames, come at the end', () => {
    expect(calls(`{${head},${frames},${connections},"dropped":0,"redaction":{"applied":false,"items":[]}}`)).toEqual(['frame a', 'frame b', 'connection ws']);
  });

  it('invalid before the frames, are reported as before (and nothing is handed on early)', () => {
    const bad = '"connections":[{"id":"ws","transport":"pigeon"}]';
    const out = calls(`{${head},${bad},${frames},"dropped":0,"redaction":{"applied":false,"items":[]}}`);
    expect(out.at(-1)).toMatch(/^error capture file: connections\[0\]\.transport/);
    expect(out.some((c) => c.startsWith('connection'))).toBe(false);
  });

  it('named twice, once before the frames, fail the file', () => {
    const other = '"connections":[{"id":"sse","transport":"sse"}]';
    expect(calls(`{${head},${connections},${frames},${other},"dropped":0,"redaction":{"applied":false,"items":[]}}`).at(-1)).toBe('error capture file: connections: given twice');
  });
});
