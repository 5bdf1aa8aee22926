// A tiny loopback HTTP + WebSocket server for browser tests: static files from a folder plus the
// routes a test adds. Listens on 127.0.0.1 with a port the system picks.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void;

export interface TestServerOptions {
  /** Files served by name, e.g. `/transparency.html` from `<staticDir>/transparency.html`. */
  staticDir?: string;
  /** Routes by exact path. */
  routes?: Record<string, Route>;
  /** Called for each WebSocket connection (any path). */
  onWebSocket?: (socket: WebSocket, req: http.IncomingMessage) => void;
  /** Subprotocol choice for WebSocket handshakes. */
  handleProtocols?: (protocols: Set<string>) => string | false;
}

/** A request's whole body as UTF-8 text. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

export interface TestServer {
  origin: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = options.routes?.[url.pathname];
    if (route) return route(req, res, url);
    if (options.staticDir && /^\/[\w.-]+$/.test(url.pathname)) {
      const file = path.join(options.staticDir, url.pathname.slice(1));
      if (fs.existsSync(file)) {
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        return res.end(fs.readFileSync(file));
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  const wss = new WebSocketServer({ server, handleProtocols: options.handleProtocols });
  wss.on('connection', (socket, req) => options.onWebSocket?.(socket, req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released), for "connection refused" checks. */
export async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
