// Sizes that broke the readers before they read in pieces: a HAR entry with a million WebSocket messages
// (every message once went to `push` as an argument: "Maximum call stack size exceeded").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseFile } from '../cli/analyse';
import { readInputStream } from './read-input';

const MESSAGES = 1_000_000;

/** A Chrome-style HAR with one WebSocket entry of `count` small messages, written piece by piece. */
function writeHar(file: string, count: number): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-01-01T00:00:00Z","_resourceType":"websocket",');
  fs.writeSync(fd, '"request":{"method":"GET","url":"wss://a.example/ws","headers":[]},"response":{"status":101,"headers":[]},"_webSocketMessages":[');
  const batch: string[] = [];
  for (let i = 0; i < count; i++) {
    batch.push(`${i === 0 ? '' : ','}{"type":"${i % 10 === 0 ? 'send' : 'receive'}","time":${1767225600 + i / 1000},"opcode":1,"data":"{\\"n\\":${i}}"}`);
    if (batch.length === 10_000) fs.writeSync(fd, batch.splice(0).join(''));
  }
  fs.writeSync(fd, `${batch.join('')}]}]}}`);
  fs.closeSync(fd);
}

describe('a HAR entry with 1,000,000 WebSocket messages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asi-large-'));
  const file = path.join(dir, 'large.har');
  writeHar(file, MESSAGES);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is imported as the panel reads a File (its stream), every message a frame, in order', async () => {
    const { format, capture } = await readInputStream(new Blob([fs.readFileSync(file)]).stream());
    expect(format).toBe('har');
    expect(capture.frames.length).toBe(MESSAGES);
    expect(capture.frames[0]).toMatchObject({ index: 0, direction: 'out', data: '{"n":0}' });
    expect(capture.frames[MESSAGES - 1]).toMatchObject({ index: MESSAGES - 1, direction: 'in', data: `{"n":${MESSAGES - 1}}` });
  }, 300_000);

  it('is checked on the command line path, every frame counted', async () => {
    const analysed = await analyseFile(file);
    expect(analysed.format).toBe('har');
    expect(analysed.sessions.reduce((n, s) => n + s.pipeline.frameCount, 0)).toBe(MESSAGES);
  }, 300_000);
});
