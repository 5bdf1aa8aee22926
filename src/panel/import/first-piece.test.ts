import { describe, expect, it } from 'vitest';
import { toCaptureFile } from '../../capture-format/capture-format';
import { generateFlatSession } from '../../../bench/flat-session';
import type { WorkerToPanel } from './import-messages';
import { runImport } from './import-run';
import { afterFirstPiece, FirstPieceMismatch, readFirstPiece } from './first-piece';
import type { InputSink } from '../../readers/input-sink';
import type { PendingFrame } from '../../capture-format/build-capture';

const capture = (count: number) =>
  JSON.stringify(toCaptureFile({ connections: [{ id: 'ws', transport: 'websocket', url: 'ws://127.0.0.1/ws' }], frames: generateFlatSession(count).slice(0, count) }, { redact: false }));

/** A file that notes how many frames had been sent when its whole text was asked for. */
class WatchedFile extends Blob {
  framesSentBeforeText: number | undefined;
  constructor(text: string, private readonly sent: () => number) {
    super([text]);
  }
  override text(): Promise<string> {
    this.framesSentBeforeText ??= this.sent();
    return super.text();
  }
}

async function importWatched(text: string, firstPieceBytes: number): Promise<{ file: WatchedFile; messages: WorkerToPanel[] }> {
  const messages: WorkerToPanel[] = [];
  const sent = () => messages.reduce((n, m) => n + (m.type === 'frames' ? m.frames.length : 0), 0);
  const file = new WatchedFile(text, sent);
  await runImport(file, { post: (m) => messages.push(m), open: () => true, ready: async () => {} }, { firstPieceBytes });
  return { file, messages };
}

describe('the first piece of a file', () => {
  it('sends the first rows before the whole file is read, and every frame once', async () => {
    const text = capture(20_000);
    const withPiece = await importWatched(text, 64 * 1024);
    expect(withPiece.file.framesSentBeforeText).toBeGreaterThan(100);
    const without = await importWatched(text, 0);
    expect(without.file.framesSentBeforeText).toBe(0);
    const indexes = (messages: WorkerToPanel[]) => messages.flatMap((m) => (m.type === 'frames' ? m.frames.map((f) => f.index) : []));
    expect(indexes(withPiece.messages)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
    expect(withPiece.messages.some((m) => m.type === 'restart')).toBe(false);
    const frames = (messages: WorkerToPanel[]) => messages.flatMap((m) => (m.type === 'frames' ? m.frames : []));
    expect(frames(withPiece.messages)).toEqual(frames(without.messages));
  });

  it('the whole read skips what the first piece gave and stops at a frame that differs', async () => {
    const text = 'data: {"type":"a"}\n\ndata: {"type":"b"}\n\ndata: {"type":"c"}\n\n';
    const got: PendingFrame[] = [];
    const sink: InputSink = { connection: () => {}, frame: (f) => got.push(f) };
    const first = await readFirstPiece(new Blob([text]), 42, sink);
    expect(first.frames.map((f) => f.data)).toEqual(['{"type":"a"}', '{"type":"b"}']);
    const rest: PendingFrame[] = [];
    const after = afterFirstPiece(first, { connection: () => {}, frame: (f) => rest.push(f) });
    for (const f of first.frames) after.frame({ ...f });
    after.frame({ ...first.frames[0]!, data: '{"type":"c"}' });
    expect(rest.map((f) => f.data)).toEqual(['{"type":"c"}']);
    const differing = afterFirstPiece(first, { connection: () => {}, frame: () => {} });
    expect(() => differing.frame({ ...first.frames[0]!, data: '{"type":"z"}' })).toThrow(FirstPieceMismatch);
  });
});
