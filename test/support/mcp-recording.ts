// A real MCP session for the tests: the SDK's own McpServer behind StreamableHTTPServerTransport on
// 127.0.0.1 (a tool that reports progress, one that elicits), driven by the SDK's own Client with
// StreamableHTTPClientTransport, whose `fetch` is wrapped to record every request and every SSE event
// or JSON body of the responses as a capture (src/model/frame.ts), one connection per HTTP request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Capture, Connection, Frame } from '../../src/model/frame';

export interface McpRecording {
  capture: Capture;
  /** What the client's own `callTool` returned, by tool name: the text of its content blocks. */
  clientResults: Record<string, { text: string; isError: boolean; threw?: boolean }>;
  /** Progress the client's `onprogress` saw. */
  clientProgress: number[];
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('get_weather', { description: 'Weather for a city', inputSchema: { city: z.string() } }, async ({ city }, extra) => {
    const token = extra._meta?.progressToken;
    for (const step of [1, 2, 3]) {
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: 3, message: `step ${step}` } });
    }
    return { content: [{ type: 'text', text: `Sunny in ${city}, 21 °C` }] };
  });
  server.registerTool('book_trip', { description: 'Books a trip after asking where to' }, async (extra) => {
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { message: 'Where to?', requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City', enum: ['Oslo', 'Paris'] } }, required: ['city'] } },
      },
      ElicitResultSchema,
    );
    const city = answer.action === 'accept' && typeof answer.content?.city === 'string' ? answer.content.city : 'nowhere';
    return { content: [{ type: 'text', text: `Booked a trip to ${city}` }] };
  });
  return server;
}

/** Starts the server, runs the client's session against it and returns what was recorded. */
export async function recordMcpSession(): Promise<McpRecording> {
  const mcp = mcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  const http: Server = createServer((req, res) => void transport.handleRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  try {
    return await recordMcpClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  } finally {
    await transport.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
  }
}

/**
 * Runs the SDK's Client against the MCP server at `url` (get_weather with progress, then book_trip,
 * whose elicitation it answers with Paris) and returns what its fetch carried. A call the client
 * rejects is kept as its error's message.
 */
export async function recordMcpClient(url: string): Promise<McpRecording> {
  const recorder = new Recorder();
  const client = new Client({ name: 'inspector-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { city: 'Paris' } }));
  client.onerror = () => undefined; // Messages the client drops: the buggy servers' point.
  const clientTransport = new StreamableHTTPClientTransport(new URL(url), { fetch: recorder.fetch });
  const clientProgress: number[] = [];
  const clientResults: McpRecording['clientResults'] = {};
  const call = async (name: string, args: Record<string, unknown>, options?: { onprogress: (p: { progress: number }) => void }) => {
    try {
      clientResults[name] = textOf(await client.callTool({ name, arguments: args }, undefined, options));
    } catch (error) {
      clientResults[name] = { text: error instanceof Error ? error.message : String(error), isError: true, threw: true };
    }
  };
  try {
    await client.connect(clientTransport);
    await call('get_weather', { city: 'Oslo' }, { onprogress: (p) => clientProgress.push(p.progress) });
    await call('book_trip', {});
  } finally {
    await client.close();
  }
  await recorder.settled();
  return { capture: recorder.capture(), clientResults, clientProgress };
}

function textOf(result: unknown): { text: string; isError: boolean } {
  const r = result as { content?: { type: string; text?: string }[]; isError?: boolean };
  return { text: (r.content ?? []).map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n'), isError: r.isError === true };
}

/** Records what passes through `fetch`: the request body as an `out` frame, each SSE event or JSON body as `in`. */
export class Recorder {
  private readonly connections: Connection[] = [];
  private readonly pending: Omit<Frame, 'index'>[] = [];
  private readonly reading: Promise<void>[] = [];
  /**
   * SSE streams being read. The standalone GET stream stays open until the recording ends, and the
   * copy of a POST's stream may outlive the client's reading of it (the client cancels its side once
   * it has the response), so every stream still open at the end is cut there.
   */
  private readonly open: ReadableStreamDefaultReader<Uint8Array>[] = [];

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const id = `c${this.connections.length + 1}`;
    const requestHeaders = Object.fromEntries([...new Headers(init?.headers)].map(([k, v]) => [k.toLowerCase(), v]));
    const connection: Connection = { id, transport: 'sse', url: String(input instanceof Request ? input.url : input), method: init?.method ?? 'GET', requestHeaders, startedAt: Date.now() };
    this.connections.push(connection);
    if (typeof init?.body === 'string') {
      connection.requestBody = init.body;
      this.frame(id, 'out', init.body);
    }
    const response = await fetch(input, init);
    connection.status = response.status;
    connection.responseAt = Date.now();
    connection.responseHeaders = Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
    const type = response.headers.get('content-type') ?? '';
    if (!response.body) return response;
    const [mine, theirs] = response.body.tee();
    if (type.includes('text/event-stream')) this.reading.push(this.readSse(id, mine));
    else {
      connection.transport = 'http-json';
      this.reading.push(this.readJson(id, mine));
    }
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  private frame(connectionId: string, direction: 'in' | 'out', data: string, extra: Partial<Frame> = {}): void {
    this.pending.push({ connectionId, time: Date.now(), direction, kind: 'message', data, ...extra });
  }

  private async readSse(id: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = createParser({ onEvent: (e) => this.frame(id, 'in', e.data, { ...(e.event && { eventName: e.event }), ...(e.id && { eventId: e.id }) }) });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    this.open.push(reader);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A stream cut when the client closed.
    }
    this.pending.push({ connectionId: id, time: Date.now(), direction: 'in', kind: 'close', data: '' });
  }

  private async readJson(id: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const text = await new Response(body).text().catch(() => '');
    if (text.trim() !== '') this.frame(id, 'in', text);
  }

  /** Ends the recording: every frame the client read has arrived by now; streams still open are cut. */
  async settled(): Promise<void> {
    // Not awaited: a tee branch's cancel settles only once the other branch is cancelled too.
    for (const reader of this.open) void reader.cancel().catch(() => undefined);
    await Promise.all(this.reading);
  }

  /** Frames in the order they were seen (the recording order is the true one; clocks tie). */
  capture(): Capture {
    return { connections: this.connections, frames: this.pending.map((f, index) => ({ index, ...f })) };
  }
}
