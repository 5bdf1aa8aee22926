import { describe, expect, it } from 'vitest';
import type { Connection } from '../model/frame';
import { AnswerRoutes, type AnswerPort } from './answer-route';

const REPLY = '{"type":"approval","approval_key":"k","decisions":[{"type":"approve"}]}';
const port = (): AnswerPort & { sent: unknown[] } => {
  const sent: unknown[] = [];
  return { sent, post: (m) => (sent.push(m), true) };
};

describe('routing an answer from the panel', () => {
  const connections = new Map<string, Connection>([
    ['3.tok-1', { id: '3.tok-1', transport: 'websocket' }],
    ['3.tok-2', { id: '3.tok-2', transport: 'sse' }],
    ['3.tok-3', { id: '3.tok-3', transport: 'websocket', closed: { code: 1000 } }],
    ['4.tok-1', { id: '4.tok-1', transport: 'websocket' }],
  ]);
  const answer = (connectionId: string) => ({ type: 'answer' as const, answerId: 1, connectionId, data: REPLY });

  it('goes to the relay of the document that captured the socket, with the hook’s own id', () => {
    const routes = new AnswerRoutes();
    const p = port();
    routes.note(7, 3, p);
    const routed = routes.route(7, connections, answer('3.tok-1'));
    expect(routed).toEqual({ port: p, message: { type: 'answer', connectionId: 'tok-1', data: REPLY } });
  });

  it('is refused for an HTTP stream, a closed socket, an unknown connection, another tab or a gone document', () => {
    const routes = new AnswerRoutes();
    const p = port();
    routes.note(7, 3, p);
    expect(routes.route(7, connections, answer('3.tok-2'))).toEqual({ refused: expect.stringContaining('own client must make the follow-up request') });
    expect(routes.route(7, connections, answer('3.tok-3'))).toEqual({ refused: expect.stringContaining('closed') });
    expect(routes.route(7, connections, answer('3.nope'))).toHaveProperty('refused');
    expect(routes.route(8, connections, answer('3.tok-1'))).toHaveProperty('refused');
    expect(routes.route(7, connections, answer('4.tok-1'))).toHaveProperty('refused');
    routes.forget(p);
    expect(routes.route(7, connections, answer('3.tok-1'))).toHaveProperty('refused');
  });

  it('says which document only lacks its relay port, and tells who waits when that port comes', async () => {
    const routes = new AnswerRoutes();
    expect(routes.route(7, connections, answer('3.tok-1'))).toEqual({ refused: expect.stringContaining('not connected'), relayGone: 3 });
    // A closed socket is refused for itself, however the relay stands.
    expect(routes.route(7, connections, answer('3.tok-3'))).not.toHaveProperty('relayGone');
    const waited = routes.noted(7, 3, 1_000);
    const elsewhere = routes.noted(7, 4, 20);
    const p = port();
    routes.note(7, 3, p);
    await expect(waited).resolves.toBe(true);
    await expect(elsewhere).resolves.toBe(false);
    await expect(routes.noted(7, 3, 0)).resolves.toBe(true);
    expect(routes.route(7, connections, answer('3.tok-1'))).toHaveProperty('port', p);
  });
});
