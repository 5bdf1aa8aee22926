// The MCP page of the demo site: `/mcp.html` (demo/public), its script (`/mcp/page.js`, demo/mcp/page.ts
// with the SDK's own Client bundled for the browser by esbuild on first request), the variants
// (`/api/mcp`) and the MCP endpoint itself (`/mcp`): the SDK's Streamable HTTP server transport, one
// per MCP session, whose answers go out as the server wrote them, or altered by the buggy variant the
// page's endpoint URL names (`/mcp?variant=…`).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { bundlePage } from '../bundle-page';
import { readBody, refuse } from '../protocols/http';
import { mcpVariants, variantById, type CallStream, type JsonRpc, type McpVariant } from './buggy-variants';
import { weatherServer } from './weather-server';

export interface McpDemo {
  /** Answers the request when it is one of the MCP page's routes; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close(): Promise<void>;
}

const PAGE_SOURCE = fileURLToPath(new URL('./page.ts', import.meta.url));

export function createMcpDemo(delayScale: number): McpDemo {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const open = new Set<ServerResponse>();

  async function endpoint(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (req.method === 'POST' && body === undefined) return refuse(res, 413, 'request body too large');
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport && sessionId !== undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
    }
    if (!transport) {
      const fresh = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => void sessions.set(id, fresh) });
      fresh.onclose = () => void (fresh.sessionId && sessions.delete(fresh.sessionId));
      await weatherServer(delayScale).connect(fresh);
      transport = fresh;
    }
    const parsed = parse(body);
    const request = new Request(`http://127.0.0.1${req.url ?? '/mcp'}`, { method: req.method ?? 'GET', headers: headersOf(req), ...(body !== undefined && { body }) });
    const response = await transport.handleRequest(request, { parsedBody: parsed });
    // A request that opened no session (not an initialize) leaves its transport unused.
    if (!transport.sessionId) await transport.close();
    await send(res, response, variantById(url.searchParams.get('variant')), weatherCallId(parsed));
  }

  async function send(res: ServerResponse, response: Response, variant: McpVariant, callId: unknown): Promise<void> {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.flushHeaders();
    if (!response.body) return void res.end();
    open.add(res);
    const reader = response.body.getReader();
    res.on('close', () => {
      open.delete(res);
      void reader.cancel().catch(() => undefined);
    });
    const rewrite = variant.rewrite;
    const sse = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    const write = rewrite && sse && callId !== undefined ? rewriting(res, rewrite, { requestId: callId, progressCount: 0 }) : (chunk: Uint8Array) => res.write(chunk);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        write(value);
      }
    } catch {
      // The page went away.
    }
    res.end();
  }

  return {
    async handle(req, res, url) {
      const route = `${req.method ?? 'GET'} ${url.pathname}`;
      if (url.pathname === '/mcp') await endpoint(req, res, url);
      else if (route === 'GET /api/mcp') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(mcpVariants.map(({ id, title, rule }) => ({ id, title, ...(rule && { rule }) }))));
      } else if (route === 'GET /mcp/page.js') {
        const page = await bundlePage(PAGE_SOURCE);
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end(page);
      } else return false;
      return true;
    },
    async close() {
      for (const res of open) res.destroy();
      await Promise.all([...sessions.values()].map((t) => t.close()));
    },
  };
}

/** Writes the SSE events of the server's stream as the variant rewrites their messages. */
function rewriting(res: ServerResponse, rewrite: NonNullable<McpVariant['rewrite']>, stream: CallStream): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (event) => {
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        message = undefined;
      }
      const out = message && typeof message === 'object' && !Array.isArray(message) ? rewrite(message as JsonRpc, stream) : [event.data];
      for (const data of out) res.write(`event: ${event.event ?? 'message'}\ndata: ${data}\n\n`);
    },
  });
  return (chunk) => parser.feed(decoder.decode(chunk, { stream: true }));
}

function parse(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The id of a tools/call request for get_weather, the call the buggy variants alter. */
function weatherCallId(body: unknown): unknown {
  const m = body as { method?: unknown; id?: unknown; params?: { name?: unknown } } | undefined;
  return m?.method === 'tools/call' && m.params?.name === 'get_weather' ? m.id : undefined;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}
