// The demo agent site: static chat page, scripted sessions over WebSocket (/ws) and SSE (/sse), approvals
// over POST (/approval) for SSE clients, and the History API (/history). Loopback only. The other protocols'
// sessions live under /protocols/ (see protocols/index.ts).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { servedHistory } from './history';
import { lazyLangGraph, type LazyLangGraph } from './langgraph/lazy';
import { createMcpDemo, type McpDemo } from './mcp/endpoint';
import { createProtocolSockets, httpSession, protocolSessions, streamProtocol } from './protocols/index';
import { scenarios } from './scenarios/index';
import { attachSocket } from './socket';
import { streamSse } from './sse';
import { parseObject, SessionStore } from './store';
import { streamToolLoop, TOOL_LOOP_PATH, toolLoopVariants } from './tool-loop';
import { A2A_BASE, createA2aApp } from './a2a/agent';
import { bundlePage } from './bundle-page';

export interface DemoServerOptions {
  port?: number;
  host?: '127.0.0.1';
  /** Multiplies every scripted delay: 1 plays at reading speed, 0 as fast as the event loop allows. */
  delayScale?: number;
}

export interface DemoServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
/** The A2A page's script: `@a2a-js/sdk`'s client run as a web front end runs it, from one ES module. */
const A2A_PAGE = new URL('./a2a/page.ts', import.meta.url);
const PUBLIC_FILE = /^\/([a-z-]+\.(?:html|js|css))$/;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
// The page is plain JS without a build step, so it imports the ESM build of eventsource-parser directly.
const PARSER_FILE = path.join(path.dirname(createRequire(import.meta.url).resolve('eventsource-parser')), 'index.js');

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const delayScale = options.delayScale ?? 1;
  const store = new SessionStore(delayScale);
  let origin = '';
  // The A2A agent is `@a2a-js/sdk`'s own Express server, mounted under /a2a/ (agent-to-agent.html).
  const a2a = createA2aApp(() => origin);
  const mcp = createMcpDemo(delayScale);
  const langgraph = lazyLangGraph();
  const server = createServer((req, res) => {
    if ((req.url ?? '').startsWith(`${A2A_BASE}/`)) return void a2a(req, res);
    handle(req, res, store, delayScale, mcp, langgraph).catch((error: unknown) => sendJson(res, 500, { ok: false, error: String(error) }));
  });
  // Two WebSocket servers share the HTTP server, so upgrades are routed by path here.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  wss.on('connection', (socket) => attachSocket(socket, store));
  const protocolSockets = createProtocolSockets(delayScale);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname === '/ws') {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } else if (!protocolSockets.upgrade(req, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5173, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://${host}:${port}`;
  return {
    url: `http://${host}:${port}/`,
    port,
    close: async () => {
      store.closeAll();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await protocolSockets.close();
      await mcp.close();
      await langgraph.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, store: SessionStore, delayScale: number, mcp: McpDemo, langgraph: LazyLangGraph): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (await mcp.handle(req, res, url)) return;
  if (await langgraph.handle(req, res, url)) return;
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  const protocolSession = req.method === 'POST' ? httpSession(url.pathname) : undefined;
  if (protocolSession) return streamProtocol(req, res, protocolSession, url.searchParams.get('buggy') === '1', delayScale);
  if (route === 'GET /api/protocols') return sendJson(res, 200, protocolSessions);
  if (route === `POST ${TOOL_LOOP_PATH}`) return streamToolLoop(req, res, url, delayScale);
  if (route === 'GET /api/tool-loop') return sendJson(res, 200, toolLoopVariants);
  if (route === 'GET /sse') return streamSse(req, res, url, store);
  if (route === 'POST /approval') return postApproval(req, res, store);
  if (route === 'GET /history') {
    const session = store.get(url.searchParams.get('session_id'));
    return session ? sendJson(res, 200, servedHistory(session)) : sendJson(res, 404, { ok: false, error: 'unknown session_id' });
  }
  if (route === 'GET /api/scenarios') {
    return sendJson(res, 200, scenarios.map((s) => ({ ...s.meta, brokenRules: s.brokenRules })));
  }
  if (route === 'GET /vendor/eventsource-parser.js') return sendFile(res, PARSER_FILE);
  if (route === 'GET /a2a-client.js') {
    const script = await bundlePage(A2A_PAGE);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(script);
  }
  if (route === 'GET /favicon.ico') return void res.writeHead(204).end();
  const file = url.pathname === '/' ? ['', 'index.html'] : PUBLIC_FILE.exec(url.pathname);
  if (req.method === 'GET' && file?.[1]) return sendFile(res, path.join(PUBLIC_DIR, file[1]));
  sendJson(res, 404, { ok: false, error: `no route ${route}` });
}

async function postApproval(req: IncomingMessage, res: ServerResponse, store: SessionStore): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) return sendJson(res, 413, { ok: false, error: 'reply too large' });
    chunks.push(chunk);
  }
  const frame = parseObject(Buffer.concat(chunks).toString('utf8'));
  if (!frame || frame.type !== 'approval') return sendJson(res, 400, { ok: false, error: 'expected a JSON {type: "approval", …} object' });
  const session = store.get(frame.session_id);
  if (!session) return sendJson(res, 404, { ok: false, error: 'unknown session_id' });
  const result = session.reply(frame);
  sendJson(res, result.ok ? 200 : 409, result);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function sendFile(res: ServerResponse, file: string): Promise<void> {
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': `${TYPES[path.extname(file)] ?? 'application/octet-stream'}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    sendJson(res, 404, { ok: false, error: 'not found' });
  }
}
