// @vitest-environment node
// The demo server's edges: what it serves and what it refuses, malformed client frames, a second start
// of a session, and an SSE reconnect that has seen the whole run.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openWs, playWs, server, useDemoServer, type Ev } from '../support/demo-runs';

useDemoServer();

describe('demo server edges', () => {
  it('serves the page, its scripts and the SSE parser, and nothing outside public/', async () => {
    const page = await fetch(server.url);
    expect(await page.text()).toContain('<script type="module" src="/app.js">');
    for (const file of ['app.js', 'blocks.js', 'render.js', 'forms.js', 'transport.js', 'style.css', 'vendor/eventsource-parser.js']) {
      expect((await fetch(`${server.url}${file}`)).status, file).toBe(200);
    }
    expect((await fetch(`${server.url}..%2Fserver-core.ts`)).status).toBe(404);
    expect((await fetch(`${server.url}server-core.ts`)).status).toBe(404);
    const listed = await (await fetch(`${server.url}api/scenarios`)).json();
    expect(listed.map((s: Ev) => s.id)).toEqual(['normal', 'todos', 'approval', 'question', 'reload', 'history']);
  });

  it('answers malformed client frames with an error event and keeps the socket open', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}ws`);
    await new Promise((resolve) => socket.on('open', resolve));
    const replies: Ev[] = [];
    socket.on('message', (raw) => replies.push(JSON.parse(String(raw))));
    socket.send('{not json');
    socket.send(JSON.stringify({ type: 'approval', session_id: 'nope', approval_key: 'nope_1', decisions: ['approve'] }));
    socket.send(JSON.stringify({ type: 'user_message', session_id: randomUUID(), scenario: 'no-such-scenario' }));
    await expect.poll(() => replies.length).toBe(3);
    expect(replies.map((r) => r.type)).toEqual(['error', 'error', 'error']);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses a second start with the same id, and tells a caught-up SSE reconnect to stop', async () => {
    const session = randomUUID();
    const events = await playWs('normal', false, 'approve', session);
    const again = await openWs({ type: 'user_message', session_id: session, scenario: 'normal' }, undefined).socket;
    const refusal = await new Promise<Ev>((resolve) => again.on('message', (raw) => resolve(JSON.parse(String(raw)))));
    expect(refusal).toMatchObject({ type: 'error', error: { message: expect.stringContaining('already exists') } });
    again.close();
    // EventSource reconnects with Last-Event-ID; a finished run it has fully seen answers 204 so it stops.
    const caughtUp = await fetch(`${server.url}sse?session=${session}`, { headers: { 'last-event-id': String(events.length) } });
    expect(caughtUp.status).toBe(204);
    const behind = await fetch(`${server.url}sse?session=${session}`, { headers: { 'last-event-id': String(events.length - 2) } });
    expect((await behind.text()).match(/^id: \d+$/gm)).toEqual([`id: ${events.length - 1}`, `id: ${events.length}`]);
  });
});
