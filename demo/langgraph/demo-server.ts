// The demo's LangGraph page and its backend: the official LangGraph server (langgraph-server.ts) behind
// a small front server on 127.0.0.1 that serves the page (page.ts, bundled by esbuild with the SDK's
// Client) and passes `/api/*` on to the LangGraph server unchanged. `/buggy/<family>/*` passes it on
// through a proxy that breaks one family of rules on purpose, rewriting the stream event by event:
//
// - `metadata`: the run streams lose their `metadata` event and their ids (langgraph/missing-metadata);
// - `interrupts`: interrupts lose their ids (langgraph/interrupt-without-id);
// - `messages`: the state events hold another text than the one streamed (langgraph/values-differ-from-stream);
// - `state`: the thread's state read holds another answer (langgraph/thread-state-differs-from-live).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { bundlePage } from '../bundle-page';
import { startLangGraphServer } from './langgraph-server';

export const BUGGY_FAMILIES = {
  metadata: 'langgraph/missing-metadata',
  interrupts: 'langgraph/interrupt-without-id',
  messages: 'langgraph/values-differ-from-stream',
  state: 'langgraph/thread-state-differs-from-live',
} as const;
export type BuggyFamily = keyof typeof BUGGY_FAMILIES;

export interface LangGraphDemo {
  url: string;
  close(): Promise<void>;
}

const PAGE_ENTRY = fileURLToPath(new URL('./page.ts', import.meta.url));
const ANSWER = 'It is sunny and 21 °C in Paris.';
const WRONG_ANSWER = 'It is raining in Paris.';

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LangGraph demo</title>
<style>body{font:15px system-ui;margin:2rem;max-width:40rem}li.msg{margin:.4rem 0;padding:.4rem .6rem;border-radius:6px;list-style:none}
li.human{background:#e8f0fe}li.ai{background:#f1f3f4}li.tool{background:#e6f4ea;font-family:monospace}#approval{border:1px solid #aaa;padding:.6rem;border-radius:6px}</style>
</head><body>
<h1>LangGraph agent</h1>
<p><input id="prompt" size="40" value="What is the weather in Paris?"> <button id="send">Send</button> <span id="status">idle</span></p>
<ul id="messages"></ul>
<div id="approval" hidden><span id="approval-text"></span> <button id="approve">Approve</button> <button id="reject">Reject</button></div>
<script type="module" src="/langgraph.js"></script>
</body></html>`;

export async function startLangGraphDemo(options: { port?: number } = {}): Promise<LangGraphDemo> {
  const backend = await startLangGraphServer();
  const server = createServer((req, res) => {
    handle(req, res, backend.url).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, backend: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/langgraph.html')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(HTML);
  }
  if (req.method === 'GET' && url.pathname === '/langgraph.js') {
    const script = await bundlePage(PAGE_ENTRY);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    return void res.end(script);
  }
  const api = /^\/api(\/.*)$/.exec(url.pathname);
  const buggy = /^\/buggy\/([a-z]+)(\/.*)$/.exec(url.pathname);
  const family = buggy && Object.hasOwn(BUGGY_FAMILIES, buggy[1] ?? '') ? (buggy[1] as BuggyFamily) : undefined;
  const path = api?.[1] ?? (family ? buggy?.[2] : undefined);
  if (path === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('not found');
  }
  await proxy(req, res, `${backend}${path}${url.search}`, family);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

async function proxy(req: IncomingMessage, res: ServerResponse, target: string, family: BuggyFamily | undefined): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'accept', 'last-event-id']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const body = await readBody(req);
  const upstream = await fetch(target, { method: req.method ?? 'GET', headers, ...(body && { body }) });
  const type = upstream.headers.get('content-type') ?? '';
  const out: Record<string, string> = { 'content-type': type || 'application/json' };
  const location = upstream.headers.get('content-location');
  if (location) out['content-location'] = location;
  res.writeHead(upstream.status, out);
  if (!upstream.body) return void res.end();
  if (type.includes('text/event-stream')) return rewriteStream(upstream.body, res, family);
  const text = await upstream.text();
  // The `messages` backend stores what it streamed in `values`, so its state read agrees with them.
  const wrongState = (family === 'state' || family === 'messages') && /\/threads\/[^/]+\/state$/.test(new URL(target).pathname);
  res.end(wrongState ? text.split(ANSWER).join(WRONG_ANSWER) : text);
}

/** Passes an SSE body on event by event, broken as the family says. */
async function rewriteStream(body: ReadableStream<Uint8Array>, res: ServerResponse, family: BuggyFamily | undefined): Promise<void> {
  const parser = createParser({
    onEvent: (event) => {
      const changed = family ? broken(event, family) : event;
      if (changed) res.write(serialise(changed, family !== 'metadata'));
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  res.end();
}

function broken(event: EventSourceMessage, family: BuggyFamily): EventSourceMessage | undefined {
  switch (family) {
    case 'metadata':
      return event.event === 'metadata' ? undefined : event;
    case 'interrupts':
      return event.event === 'values' || event.event === 'updates' ? { ...event, data: event.data.replace(/"id":"[0-9a-f]{32}",/g, '') } : event;
    case 'messages':
      return event.event === 'values' || event.event === 'updates' ? { ...event, data: event.data.split(ANSWER).join(WRONG_ANSWER) } : event;
    case 'state':
      return event;
  }
}

function serialise(event: EventSourceMessage, withId: boolean): string {
  const lines = [];
  if (event.event) lines.push(`event: ${event.event}`);
  for (const line of event.data.split('\n')) lines.push(`data: ${line}`);
  if (withId && event.id !== undefined) lines.push(`id: ${event.id}`);
  return `${lines.join('\n')}\n\n`;
}
