// A loopback server for the tests that flood a tab: `/blank` is an empty page, and a WebSocket on it
// answers `hello` with `hi` and `burst N` with N frames (`frame(i)`) followed by `end`.
import { startTestServer, type TestServer } from './server';

export function startBurstServer(frame: (i: number) => string): Promise<TestServer> {
  return startTestServer({
    routes: {
      '/blank': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>burst</title><p>burst</p>');
      },
    },
    onWebSocket(socket) {
      socket.on('message', (data) => {
        if (String(data) === 'hello') return socket.send('hi');
        const n = Number(/^burst (\d+)$/.exec(String(data))?.[1] ?? 0);
        for (let i = 0; i < n; i++) socket.send(frame(i));
        socket.send('end');
      });
    },
  });
}
