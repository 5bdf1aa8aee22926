// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { Capture, Connection } from '../model/frame';
import { a2aCard, a2aEndpoints, endpointForCard } from './a2a-card';
import { recordedAnswers } from './routes';
import { startReplayServer } from './server';
import type { ReplayServer } from './types';

const rpc = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} });

function capture(calls: Array<{ url: string; body?: string }>): Capture {
  const connections: Connection[] = calls.map((c, i) => ({ id: `c${i + 1}`, transport: 'sse', url: c.url, method: 'POST', startedAt: 0, ...(c.body !== undefined && { requestBody: c.body }), responseHeaders: { 'content-type': 'text/event-stream' } }));
  return {
    connections,
    frames: connections.map((c, index) => ({ index, connectionId: c.id, time: 0, direction: 'in', kind: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{}}' })),
  };
}

const endpointsOf = (calls: Array<{ url: string; body?: string }>) => a2aEndpoints(recordedAnswers([{ name: 'x.json', capture: capture(calls) }]));

describe('A2A agent cards for a replayed capture', () => {
  it('finds the JSON-RPC endpoints of A2A calls, each once, with the version their method names speak', () => {
    const endpoints = endpointsOf([
      { url: 'http://127.0.0.1:9/a2a/clean/rpc', body: rpc('SendStreamingMessage') },
      { url: 'http://127.0.0.1:9/a2a/clean/rpc', body: rpc('GetTask') },
      { url: 'http://127.0.0.1:9/legacy', body: rpc('message/stream') },
      { url: 'http://127.0.0.1:9/mcp', body: rpc('tools/call') },
      { url: 'http://127.0.0.1:9/chat', body: '{"messages":[]}' },
    ]);
    expect(endpoints).toEqual([
      { path: '/a2a/clean/rpc', version: '1.0', source: 'x.json' },
      { path: '/legacy', version: '0.3', source: 'x.json' },
    ]);
  });

  it('answers a card request at or above an endpoint, under either card name, and nothing else', () => {
    const endpoints = endpointsOf([{ url: 'http://h/a2a/clean/rpc', body: rpc('SendStreamingMessage') }, { url: 'http://h/a2a/other/rpc', body: rpc('SendMessage') }]);
    expect(endpointForCard('/a2a/clean/.well-known/agent-card.json', endpoints)?.path).toBe('/a2a/clean/rpc');
    expect(endpointForCard('/a2a/other/.well-known/agent.json', endpoints)?.path).toBe('/a2a/other/rpc');
    expect(endpointForCard('/.well-known/agent-card.json', endpoints)?.path).toBe('/a2a/clean/rpc');
    expect(endpointForCard('/elsewhere/.well-known/agent-card.json', endpoints)).toBeUndefined();
    expect(endpointForCard('/a2a/clean/card.json', endpoints)).toBeUndefined();
  });

  it('writes a v1.0 card with the endpoint among its interfaces, a v0.3 card with it as its url', () => {
    expect(a2aCard({ path: '/rpc', version: '1.0', source: 'x' }, 'http://127.0.0.1:5')).toMatchObject({
      supportedInterfaces: [{ url: 'http://127.0.0.1:5/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: { streaming: true },
    });
    expect(a2aCard({ path: '/rpc', version: '0.3', source: 'x' }, 'http://127.0.0.1:5')).toMatchObject({ url: 'http://127.0.0.1:5/rpc', preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' });
  });

  describe('served', () => {
    let server: ReplayServer | undefined;
    afterEach(async () => {
      await server?.close();
    });

    it('a card request nothing recorded gets the card, at the origin the client used; a recorded answer wins', async () => {
      const recorded = capture([{ url: 'http://127.0.0.1:9/a2a/rpc', body: rpc('SendStreamingMessage') }]);
      recorded.connections.push({ id: 'card', transport: 'http-json', url: 'http://127.0.0.1:9/other/.well-known/agent-card.json', method: 'GET', startedAt: 0 });
      recorded.frames.push({ index: 1, connectionId: 'card', time: 0, direction: 'in', kind: 'message', data: '{"name":"recorded"}' });
      server = await startReplayServer({ captures: [recorded] });
      const card = (await (await fetch(`${server.url}/a2a/.well-known/agent-card.json`)).json()) as { supportedInterfaces: Array<{ url: string }> };
      expect(card.supportedInterfaces[0]!.url).toBe(`${server.url}/a2a/rpc`);
      expect(await (await fetch(`${server.url}/other/.well-known/agent-card.json`)).json()).toEqual({ name: 'recorded' });
      expect((await fetch(`${server.url}/a2a/.well-known/agent-card.json`, { method: 'POST' })).status).toBe(404);
    });
  });
});
