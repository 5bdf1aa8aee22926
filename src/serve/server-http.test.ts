// @vitest-environment node
// Streaming and JSON answers over HTTP with real clients: Node's fetch (+ eventsource-parser for SSE) and
// a raw socket where the chunk boundaries themselves are the point.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer } from './server';
import { captureOf, sseCapture } from './testing/captures';
import { readSse } from './testing/clients';
import { encodeFrame } from './wire';
import type { ReplayServer } from './types';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The raw HTTP/1.1 response: status line, headers and the body's chunks as the server wrote them. */
async function rawChunks(port: number, path: string): Promise<{ head: string; chunks: string[] }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const parts: Buffer[] = [];
  for await (const part of socket) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  let body = text.slice(split + 4);
  const chunks: string[] = [];
  for (;;) {
    const lineEnd = body.indexOf('\r\n');
    const size = parseInt(body.slice(0, lineEnd), 16);
    if (!size) break;
    chunks.push(body.slice(lineEnd + 2, lineEnd + 2 + size));
    body = body.slice(lineEnd + 2 + size + 2);
  }
  return { head: text.slice(0, split), chunks };
}

describe('streaming HTTP replay', () => {
  it('writes each SSE frame as its own chunk, re-framed with its event name and id', async () => {
    const capture = sseCapture({ eventNames: true });
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const { head, chunks } = await rawChunks(server.port, '/stream');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(chunks).toEqual(capture.frames.map((f) => encodeFrame(f, 'sse')));
    expect(chunks[0]).toBe('event: tick\nid: 1\ndata: {"n":1}\n\n');
  });

  it('gives a fetch client the recorded events, status and headers, without the original transfer headers', async () => {
    server = await startReplayServer({ captures: [sseCapture({ eventNames: true })], noDelay: true });
    const read = await readSse(`${server.url}/stream`);
    expect(read.ended).toBe('done');
    expect(read.events.map((e) => [e.event, e.id, e.data])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i % 2 === 0 ? 'tick' : 'tock', String(i + 1), JSON.stringify({ n: i + 1 })]),
    );
    expect(read.response.headers.get('x-recorded')).toBe('yes');
    expect(read.response.headers.get('content-type')).toBe('text/event-stream');
    expect(read.response.headers.get('content-encoding')).toBeNull();
    expect(read.response.headers.get('content-length')).toBeNull();
  });

  it('writes multi-line SSE data so a parser joins it back as recorded', async () => {
    const capture = captureOf({ id: 'c', transport: 'sse', url: 'http://x/multi', frames: [{ data: 'one\ntwo\n\nfour' }, { data: '' }, { data: ' leading space' }] });
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const read = await readSse(`${server.url}/multi`);
    expect(read.events.map((e) => e.data)).toEqual(['one\ntwo\n\nfour', '', ' leading space']);
  });

  it('writes NDJSON and AI SDK data stream lines one per frame', async () => {
    const lines = ['0:"Hel"', '0:"lo"', 'e:{"finishReason":"stop"}'];
    const capture = captureOf({
      id: 'ai',
      transport: 'fetch-stream',
      url: 'http://x/api/chat',
      method: 'POST',
      requestBody: '{"messages":[]}',
      responseHeaders: { 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1' },
      frames: [{ direction: 'out', data: '{"messages":[]}' }, ...lines.map((data) => ({ data }))],
    });
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const res = await fetch(`${server.url}/api/chat`, { method: 'POST', body: '{"messages":[]}' });
    expect(res.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(await res.text()).toBe(lines.map((l) => `${l}\n`).join(''));
    expect(server.differences).toEqual([]);
  });

  it('serves a recording without URL (a raw SSE body file) at /<connection id>, for any method', async () => {
    const file = path.join(os.tmpdir(), `asi-serve-${process.pid}.sse`);
    fs.writeFileSync(file, 'event: a\ndata: {"x":1}\n\ndata: {"x":2}\n\n');
    try {
      server = await startReplayServer({ captures: [file], noDelay: true });
      expect(server.routes).toEqual([{ kind: 'sse', method: '*', path: '/sse', source: file, connectionId: 'sse', frames: 2 }]);
      const read = await readSse(`${server.url}/sse`, { method: 'POST', body: '{}' });
      expect(read.events.map((e) => [e.event, e.data])).toEqual([
        ['a', '{"x":1}'],
        [undefined, '{"x":2}'],
      ]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('keeps the recorded gaps, scaled by speed', async () => {
    // Recorded gaps of 150 and 300 ms, played at speed 1 and at speed 10.
    const capture = captureOf({ id: 'slow', transport: 'sse', url: 'http://x/slow', startedAt: 1000, frames: [0, 150, 450].map((t, i) => ({ data: `e${i}`, time: 1000 + t })) });
    server = await startReplayServer({ captures: [capture], loop: true });
    const normal = await readSse(`${server.url}/slow`);
    await server.close();
    server = await startReplayServer({ captures: [capture], speed: 10 });
    const fast = await readSse(`${server.url}/slow`);
    for (const read of [normal, fast]) expect(read.events.map((e) => e.data)).toEqual(['e0', 'e1', 'e2']);
    // Each frame is due at its recorded offset from the request; a loaded machine can only make it later.
    const offsets = (read: typeof normal) => read.times.map((t) => t - read.started);
    const [, second, third] = offsets(normal);
    expect(second).toBeGreaterThanOrEqual(140);
    expect(third).toBeGreaterThanOrEqual(440);
    expect(offsets(fast)[2]).toBeLessThan(third!);
  });
});

describe('JSON answers', () => {
  const history = (n: number, body?: string, session = 's1') => ({
    id: `h${n}`,
    transport: 'http-json' as const,
    url: `http://x/history?session_id=${session}`,
    method: body ? 'POST' : 'GET',
    status: n === 3 ? 201 : 200,
    responseHeaders: { 'content-type': 'application/json' },
    ...(body ? { requestBody: body } : {}),
    frames: [{ data: JSON.stringify({ messages: [], n }) }],
  });

  it('answers several requests to one path in recorded order, then 404 unless --loop', async () => {
    const capture = captureOf(history(1), history(2), history(3));
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const get = async () => {
      const res = await fetch(`${server!.url}/history?session_id=s1`);
      return [res.status, res.status === 404 ? undefined : ((await res.json()) as { n: number }).n];
    };
    expect([await get(), await get(), await get(), (await get())[0]]).toEqual([[200, 1], [200, 2], [201, 3], 404]);
    await server.close();
    server = await startReplayServer({ captures: [capture], noDelay: true, loop: true });
    expect([await get(), await get(), await get(), await get()]).toEqual([[200, 1], [200, 2], [201, 3], [200, 1]]);
  });

  it('prefers the recording whose query matches, and notes the query when none does', async () => {
    server = await startReplayServer({ captures: [captureOf(history(1), history(2, undefined, 's0'))], noDelay: true });
    const res = await fetch(`${server.url}/history?session_id=s0`);
    expect(((await res.json()) as { n: number }).n).toBe(2);
    expect(server.differences).toEqual([]);
    await fetch(`${server.url}/history?session_id=zzz`).then((r) => r.text());
    expect(server.differences.map((d) => [d.kind, d.detail])).toEqual([['query', 'recorded "?session_id=s1", got "?session_id=zzz"']]);
  });

  it('matches by request body where the recorded bodies differ', async () => {
    const capture = captureOf(history(1, '{"q":"a"}', 's0'), history(2, '{"q":"b"}', 's0'));
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const post = (body: string) => fetch(`${server!.url}/history?session_id=s0`, { method: 'POST', body }).then(async (r) => ((await r.json()) as { n: number }).n);
    expect(await post('{"q":"b"}')).toBe(2);
    expect(await post('{"q":"c"}')).toBe(1);
    expect(server.differences.map((d) => [d.kind, d.detail])).toEqual([
      ['request-body', 'q: recorded "a", got "c"'],
    ]);
  });

  it('answers a request the page sent on its own (an approval reply) with its recorded status, and compares its body', async () => {
    const reply = '{"type":"approval","approval_key":"s_1","decision":"approve"}';
    const capture = captureOf({
      id: 'approval',
      transport: 'http-json',
      url: 'http://x/approval',
      method: 'POST',
      status: 202,
      requestBody: reply,
      frames: [{ direction: 'out', data: reply }],
    });
    server = await startReplayServer({ captures: [capture], noDelay: true });
    const res = await fetch(`${server.url}/approval`, { method: 'POST', body: reply.replace('approve', 'reject') });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(server.differences).toEqual([
      { kind: 'request-body', route: 'POST /approval', source: 'capture 1', connectionId: 'approval', frame: 1, detail: 'decision: recorded "approve", got "reject"' },
    ]);
  });

  it('fails a request the page sent on its own again where the recording shows it failing (an error frame after it)', async () => {
    const reply = '{"type":"approval","approval_key":"s_1","decision":"approve"}';
    const capture = captureOf({
      id: 'approval',
      transport: 'http-json',
      url: 'http://x/approval',
      method: 'POST',
      requestBody: reply,
      frames: [
        { direction: 'out', data: reply },
        { kind: 'error', data: 'TypeError: Failed to fetch' },
      ],
    });
    server = await startReplayServer({ captures: [capture], noDelay: true });
    await expect(fetch(`${server.url}/approval`, { method: 'POST', body: reply })).rejects.toThrow(TypeError);
  });

  it('lets a page on another origin call it (CORS), preflight included', async () => {
    server = await startReplayServer({ captures: [captureOf(history(1))], noDelay: true });
    const origin = 'http://127.0.0.1:5173';
    const preflight = await fetch(`${server.url}/history`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-token' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-token');
    const res = await fetch(`${server.url}/history?session_id=s1`, { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers 404 with a reason where nothing was recorded', async () => {
    const lines: string[] = [];
    server = await startReplayServer({ captures: [captureOf(history(1))], noDelay: true, log: (l) => lines.push(l) });
    const res = await fetch(`${server.url}/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'nothing recorded for GET /nothing' });
    expect(lines).toContain('GET /nothing → 404, nothing recorded at this method and path');
  });
});
