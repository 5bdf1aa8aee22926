// @vitest-environment node
// examples/flat-block-reload.har replayed: the History API request gets its recorded answer, and a client
// that sends the recorded subscription gets the recorded WebSocket frames, in order. Expected values are
// read from the HAR itself, not through the project's readers.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from './server';
import { openSocket } from './testing/clients';
import type { ReplayServer } from './types';

const HAR_FILE = path.resolve(__dirname, '../../examples/flat-block-reload.har');
interface HarEntry {
  request: { url: string };
  response: { content: { text?: string } };
  _webSocketMessages?: Array<{ type: 'send' | 'receive'; data: string }>;
}
const entries = (JSON.parse(fs.readFileSync(HAR_FILE, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;
const history = entries.find((e) => e._webSocketMessages === undefined)!;
const socket = entries.find((e) => e._webSocketMessages !== undefined)!;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ captures: [HAR_FILE], speed: 4 });
});
afterAll(() => server.close());

describe('serve examples/flat-block-reload.har', () => {
  it('answers its History API request with the recorded body', async () => {
    const res = await fetch(`${server.url}${pathOf(history.request.url)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe(history.response.content.text);
  });

  it('replays its WebSocket frames to a client that sends the recorded subscription', async () => {
    const messages = socket._webSocketMessages!;
    const sent = messages.filter((m) => m.type === 'send').map((m) => m.data);
    const received = messages.filter((m) => m.type === 'receive').map((m) => m.data);
    expect(sent).toHaveLength(1);
    const client = await openSocket(`${server.url.replace(/^http/, 'ws')}${pathOf(socket.request.url)}`);
    client.socket.send(sent[0]!);
    await client.waitFor(received.length);
    expect(client.received).toEqual(received);
    expect(server.differences).toEqual([]);
    client.socket.close();
  });
});
