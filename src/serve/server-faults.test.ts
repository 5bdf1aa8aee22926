// @vitest-environment node
// Each fault flag against a real client: `ws` for WebSocket, fetch + eventsource-parser for SSE. Frame
// numbers are the capture's 1-based ones: in sseCapture frame N carries {"n": N}; in socketCapture the
// page sends frames 1 and 5, and the server frames 2-4 ({"n":1..3}) and 6-7 ({"n":4..5}).
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer } from './server';
import { openSocket } from './testing/clients';
import { readSse } from './testing/clients';
import { socketCapture, sseCapture } from './testing/captures';
import type { ReplayFaults, ReplayServer } from './types';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function sse(faults: ReplayFaults, stopAfter?: number) {
  server = await startReplayServer({ captures: [sseCapture()], noDelay: true, faults });
  const read = await readSse(`${server.url}/stream`, {}, stopAfter);
  return { ...read, numbers: read.events.map((e) => (JSON.parse(e.data) as { n: number }).n) };
}

async function socket(faults: ReplayFaults) {
  server = await startReplayServer({ captures: [socketCapture()], noDelay: true, faults });
  const client = await openSocket(`${server.url.replace(/^http/, 'ws')}/socket?x=1`);
  client.socket.send('{"type":"hello","session":"s-1"}');
  client.socket.send('{"type":"bye"}');
  return client;
}

describe('--cut-after N', () => {
  it('cuts an SSE response right after frame N: the client sees the body fail', async () => {
    const read = await sse({ cutAfter: 4 });
    expect(read.numbers).toEqual([1, 2, 3, 4]);
    expect(read.ended).toBe('error');
  });

  it('drops a WebSocket without a close frame (1006) after frame N', async () => {
    const client = await socket({ cutAfter: 3 });
    expect((await client.closed).code).toBe(1006);
    expect(client.received).toEqual(['{"n":1}', '{"n":2}']);
  });
});

describe('--drop N', () => {
  it('never sends the frames named', async () => {
    expect((await sse({ drop: [2, 7] })).numbers).toEqual([1, 3, 4, 5, 6, 8, 9, 10]);
    await server!.close();
    const client = await socket({ drop: [3] });
    await client.waitFor(4);
    expect(client.received).toEqual(['{"n":1}', '{"n":3}', '{"n":4}', '{"n":5}']);
    client.socket.close();
  });
});

describe('--duplicate N', () => {
  it('sends the frames named twice', async () => {
    expect((await sse({ duplicate: [1, 10] })).numbers).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
    await server!.close();
    const client = await socket({ duplicate: [6] });
    await client.waitFor(6);
    expect(client.received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":4}', '{"n":5}']);
    client.socket.close();
  });
});

describe('--delay N:MS', () => {
  it('holds frame N back by MS, also with --no-delay', async () => {
    const read = await sse({ delay: [{ frame: 6, ms: 1500 }] });
    expect(read.numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Frame 6 is due 1500 ms after the request at the earliest; a loaded machine can only make it later.
    expect(read.times[5]! - read.started).toBeGreaterThanOrEqual(1490);
    // Frame 1 was not held back: it came long before frame 6 (the margin leaves room for a slow machine).
    expect(read.times[5]! - read.times[0]!).toBeGreaterThanOrEqual(750);
  });
});

describe('--close-code CODE', () => {
  it('closes the WebSocket with CODE after the last frame, and at --cut-after', async () => {
    const atEnd = await socket({ closeCode: 4000 });
    expect((await atEnd.closed).code).toBe(4000);
    expect(atEnd.received).toHaveLength(5);
    await server!.close();
    const cut = await socket({ closeCode: 1011, cutAfter: 2 });
    expect((await cut.closed).code).toBe(1011);
    expect(cut.received).toEqual(['{"n":1}']);
  });
});

describe('--stall-after N', () => {
  it('sends nothing after frame N and keeps the SSE response open', async () => {
    const read = await sse({ stallAfter: 3 }, 3);
    expect(read.numbers).toEqual([1, 2, 3]);
    // The body neither ends nor fails while the server is up; closing the server ends it.
    const next = read.reader.read().then(
      (r) => (r.done ? 'ended' : 'more'),
      () => 'failed',
    );
    const state = await Promise.race([next, new Promise((r) => setTimeout(() => r('open'), 300))]);
    expect(state).toBe('open');
    await server!.close();
    expect(await next).not.toBe('more');
  });

  it('keeps a stalled WebSocket open', async () => {
    const client = await socket({ stallAfter: 6 });
    await client.waitFor(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(client.received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}']);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.socket.close();
  });
});
