// The loopback server behind test/e2e/pages/transparency.html: WebSocket echo endpoints, SSE and
// NDJSON streams cut into uneven pieces, an endless stream that reports when the client goes away,
// JSON answers, an EventSource stream and a streaming answer for XHR.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebSocket } from 'ws';
import { startTestServer, type TestServer } from './server';

export const SSE_BODY =
  ': comment\n\n' +
  'event: message_start\nid: 1\ndata: {"type":"message_start"}\n\n' +
  'data: {"type":"delta","text":"a"}\ndata: second line\n\n' +
  'event: tick\r\nid: 2\r\ndata: t\r\n\r\n' +
  'data: {"type":"message_stop"}\n\n';

export const NDJSON_BODY = (echo: string) => `{"n":1}\n{"n":2,"echo":${JSON.stringify(echo)}}\n\n{"n":3}`;

export const HISTORY_BODY = JSON.stringify({
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'hi' }], display_type: 'content' },
    { role: 'assistant', content: [{ type: 'text', text: 'hello' }], display_type: 'content' },
  ],
  agent_status: 'idle',
});

export const ES_EVENTS = [
  'retry: 60000\n\n',
  'id: 1\ndata: one\n\n',
  'event: tick\nid: 2\ndata: t1\n\n',
  'data: two\n\n',
  'event: ignored\ndata: nobody listens\n\n',
  'event: done\nid: 3\ndata: bye\n\n',
];

export const XHR_BODY = 'data: {"x":1}\n\nevent: step\ndata: {"x":2}\n\ndata: {"x":3}\n\n';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `text` in pieces of `size` characters, pausing between them so they arrive as separate chunks. */
async function writeInPieces(res: http.ServerResponse, text: string, size: number): Promise<void> {
  for (let i = 0; i < text.length; i += size) {
    res.write(text.slice(i, i + size));
    await sleep(5);
  }
  res.end();
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-store' };

function onSocket(socket: WebSocket, req: http.IncomingMessage): void {
  const route = req.url ?? '/';
  if (route === '/ws/silent') {
    socket.send('a');
    socket.send('b');
    socket.close(1000, 'done');
    return;
  }
  if (route === '/ws/listeners') socket.send('hello');
  socket.on('message', (data, isBinary) => {
    if (isBinary) return socket.send(data, { binary: true });
    const text = data.toString();
    if (text.startsWith('echo:')) socket.send(text.slice(5));
    else if (text.startsWith('big:')) socket.send('b'.repeat(Number(text.slice(4))));
    else if (text.startsWith('many:')) {
      const n = Number(text.slice(5));
      for (let i = 0; i < n; i++) socket.send(`{"type":"delta","i":${i}}`);
    } else if (text.startsWith('close:')) {
      const [, code, reason] = text.split(':');
      socket.close(Number(code), reason);
    }
  });
}

/** The policy of /csp.html, a strict site's: the page's own scripts only, no eval, no string reaching a script sink (Trusted Types). */
export const STRICT_CSP = "script-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'";

export function startTransparencyServer(): Promise<TestServer> {
  const closedRuns = new Set<string>();
  const pages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../pages');
  return startTestServer({
    staticDir: pages,
    onWebSocket: onSocket,
    handleProtocols: (protocols) => (protocols.has('p2') ? 'p2' : false),
    routes: {
      // transparency.html under a strict policy, recording the violations the page is told of.
      '/csp.html': (_req, res) => {
        const html = fs.readFileSync(path.join(pages, 'transparency.html'), 'utf8').replace('<head>', '<head>\n<script src="csp-violations.js"></script>');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': STRICT_CSP }).end(html);
      },
      '/sse': (_req, res) => {
        res.writeHead(200, SSE_HEADERS);
        void writeInPieces(res, SSE_BODY, 17);
      },
      '/redirect-sse': (_req, res) => {
        res.writeHead(302, { location: '/sse' }).end();
      },
      '/ndjson': (req, res) => {
        void readBody(req).then((body) => {
          res.writeHead(200, { 'content-type': 'application/x-ndjson' });
          void writeInPieces(res, NDJSON_BODY(body), 9);
        });
      },
      '/sse-endless': (req, res, url) => {
        const run = url.searchParams.get('run') ?? '';
        res.writeHead(200, SSE_HEADERS);
        let n = 0;
        const timer = setInterval(() => res.write(`data: {"n":${n++}}\n\n`), 20);
        res.write(`data: {"n":${n++}}\n\n`);
        res.on('close', () => {
          clearInterval(timer);
          closedRuns.add(run);
        });
      },
      '/endless-status': (_req, res, url) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ closed: closedRuns.has(url.searchParams.get('run') ?? '') }));
      },
      '/history.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(HISTORY_BODY);
      },
      '/plain.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"items":[1,2]}');
      },
      '/es': (req, res) => {
        res.writeHead(200, SSE_HEADERS);
        let stopped = false;
        req.on('close', () => (stopped = true));
        void (async () => {
          for (const event of ES_EVENTS) {
            if (stopped) return;
            res.write(event);
            await sleep(10);
          }
        })();
      },
      '/xhr-ndjson': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/jsonl' });
        void writeInPieces(res, '{"k":1}\n{"k":2}\n', 6);
      },
      '/xhr-sse': (req, res) => {
        void readBody(req).then(() => {
          res.writeHead(200, SSE_HEADERS);
          void writeInPieces(res, XHR_BODY, 11);
        });
      },
    },
  });
}
