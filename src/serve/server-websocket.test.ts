// @vitest-environment node
// The WebSocket choreography with a real `ws` client: the server waits for each message the page sent in
// the recording before the frames that followed it, and lists how the client's messages differ.
import { afterEach, describe, expect, it } from 'vitest';
import { startReplayServer } from './server';
import { openSocket } from './testing/clients';
import { socketCapture } from './testing/captures';
import type { ReplayServer } from './types';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const wsUrl = (s: ReplayServer, path: string) => `${s.url.replace(/^http/, 'ws')}${path}`;

describe('WebSocket replay', () => {
  it('waits for the page’s message before the frames that followed it in the recording', async () => {
    server = await startReplayServer({ captures: [socketCapture()], noDelay: true });
    const client = await openSocket(wsUrl(server, '/socket?x=1'));
    client.socket.send('{"type":"hello","session":"s-1"}');
    await client.waitFor(3);
    // Frames 6-7 follow the page's "bye": none of them may come before it is sent.
    await new Promise((r) => setTimeout(r, 200));
    expect(client.received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    client.socket.send('{"type":"bye"}');
    await client.waitFor(5);
    expect(client.received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}']);
    expect(server.differences).toEqual([]);
    client.socket.close();
  });

  it('reports messages that differ from the recording, with the JSON paths that differ, and goes on', async () => {
    const lines: string[] = [];
    server = await startReplayServer({ captures: [{ name: 'chat.json', capture: socketCapture() }], noDelay: true, log: (l) => lines.push(l) });
    const client = await openSocket(wsUrl(server, '/socket?x=2'));
    client.socket.send('{"type":"hello","session":"other"}');
    client.socket.send('not json');
    await client.waitFor(5);
    client.socket.send('{"extra":true}');
    await expect.poll(() => server!.differences.length).toBe(4);
    expect(server.differences).toEqual([
      { kind: 'query', route: 'WS /socket', source: 'chat.json', connectionId: 'ws-1', detail: 'recorded "?x=1", got "?x=2"' },
      { kind: 'message', route: 'WS /socket', source: 'chat.json', connectionId: 'ws-1', frame: 1, detail: 'session: recorded "s-1", got "other"' },
      { kind: 'message', route: 'WS /socket', source: 'chat.json', connectionId: 'ws-1', frame: 5, detail: 'recorded "{\\"type\\":\\"bye\\"}", got "not json"' },
      { kind: 'unexpected', route: 'WS /socket', source: 'chat.json', connectionId: 'ws-1', detail: 'a message the recording does not have: "{\\"extra\\":true}"' },
    ]);
    expect(lines.some((l) => l.includes('differs: WS /socket frame 1 (message): session: recorded "s-1", got "other"'))).toBe(true);
    client.socket.close();
  });

  it('reports a recorded message the client closed without sending', async () => {
    server = await startReplayServer({ captures: [socketCapture()], noDelay: true });
    const client = await openSocket(wsUrl(server, '/socket?x=1'));
    client.socket.send('{"type":"hello","session":"s-1"}');
    await client.waitFor(3);
    client.socket.close();
    await expect.poll(() => server!.differences.map((d) => [d.kind, d.frame])).toEqual([['missing', 5]]);
  });

  it('closes with the recorded close code where the recording closed', async () => {
    server = await startReplayServer({ captures: [socketCapture({ code: 4001, reason: 'done here' })], noDelay: true });
    const client = await openSocket(wsUrl(server, '/socket?x=1'));
    client.socket.send('{"type":"hello","session":"s-1"}');
    client.socket.send('{"type":"bye"}');
    expect(await client.closed).toEqual({ code: 4001, reason: 'done here' });
    expect(client.received).toHaveLength(5);
  });

  it('answers 404 to a socket at a path nothing was recorded at, and to a second socket unless --loop', async () => {
    server = await startReplayServer({ captures: [socketCapture()], noDelay: true });
    await expect(openSocket(wsUrl(server, '/elsewhere'))).rejects.toThrow(/404/);
    const first = await openSocket(wsUrl(server, '/socket?x=1'));
    await expect(openSocket(wsUrl(server, '/socket?x=1'))).rejects.toThrow(/404/);
    first.socket.close();
    await server.close();

    server = await startReplayServer({ captures: [socketCapture()], noDelay: true, loop: true });
    for (let round = 0; round < 2; round++) {
      const client = await openSocket(wsUrl(server, '/socket?x=1'));
      client.socket.send('{"type":"hello","session":"s-1"}');
      await client.waitFor(3);
      expect(client.received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
      client.socket.close();
    }
  });
});
