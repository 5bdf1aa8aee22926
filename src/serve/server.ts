// The replay server: answers what captured sessions recorded, at the recorded method + path, over plain
// HTTP and WebSocket (`ws`) on one loopback port.
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { a2aCard, a2aEndpoints, endpointForCard, type A2aEndpoint } from './a2a-card';
import { FaultPlan } from './faults';
import { noteRequestDifferences, replayHttp } from './http-replay';
import { loadInputs } from './load-inputs';
import { frameNumber } from './player';
import { reportDifference, type ReplayContext } from './replay-context';
import { recordedAnswers, RouteTable, type RecordedAnswer } from './routes';
import type { ReplayOptions, ReplayServer } from './types';
import { corsHeaders, replayStatus } from './wire';
import { replayWebSocket } from './ws-replay';

/** Request bodies and client messages larger than this are refused. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Starts a mock server that replays the captures (file paths or Capture objects): streaming HTTP frame by
 * frame with the recorded timing, WebSocket choreography, History API answers, and the injected faults.
 * Listens on 127.0.0.1 and a system-chosen port unless told otherwise. Throws `ReplayInputError` for an
 * input that cannot be read, and a plain Error for invalid options.
 */
export async function startReplayServer(options: ReplayOptions): Promise<ReplayServer> {
  const speed = options.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`speed must be a positive number, not ${String(speed)}`);
  const captures = await loadInputs(options.captures);
  const answers = recordedAnswers(captures);
  const table = new RouteTable(answers, options.loop ?? false);
  const faults = new FaultPlan(options.faults);
  const closing = new AbortController();
  // Every open connection listens for the server closing: no listener bound applies.
  setMaxListeners(0, closing.signal);
  const log = options.log ?? (() => undefined);
  const ctx: ReplayContext = { pace: { speed, noDelay: options.noDelay ?? false }, faults, log, differences: [], closing: closing.signal };
  warnAtStart(faults, answers, log);
  const endpoints = a2aEndpoints(answers);
  for (const e of endpoints) log(`A2A: a card request (.well-known/agent-card.json) above ${e.path} that nothing recorded answers gets a card naming it at this server`);

  const server = createServer((req, res) => {
    handleRequest(req, res, table, endpoints, ctx).catch((err: unknown) => {
      log(`  internal error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  // Loaded here, so the command line's other commands start without loading ws.
  const { WebSocketServer: Server } = await import('ws');
  const wss = new Server({ noServer: true, maxPayload: MAX_BODY_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgrade(req, socket, head, wss, table, ctx));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = options.host ?? '127.0.0.1';
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    routes: answers.map((a) => a.route),
    differences: ctx.differences,
    close() {
      closed ??= (async () => {
        closing.abort();
        for (const client of wss.clients) client.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closed;
    },
  };
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, table: RouteTable, endpoints: readonly A2aEndpoint[], ctx: ReplayContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = (req.method ?? 'GET').toUpperCase();
  const origin = req.headers.origin;
  if (method === 'OPTIONS') {
    res.writeHead(204, corsHeaders(origin, req.headers['access-control-request-headers'])).end();
    return;
  }
  const body = await readBody(req);
  if (body === undefined) {
    sendJson(res, 413, { error: `request body over ${MAX_BODY_BYTES} bytes` }, origin);
    return;
  }
  const where = `${method} ${url.pathname}${url.search}`;
  const match = table.match(method, url.pathname, url.search, body);
  const card = match === undefined && method === 'GET' ? endpointForCard(url.pathname, endpoints) : undefined;
  if (card) {
    // The origin the client reached the replay at, so the endpoint the card names is reachable the same way.
    ctx.log(`${where} → an A2A agent card naming ${card.path} (none recorded) 200`);
    sendJson(res, 200, a2aCard(card, `http://${req.headers.host ?? '127.0.0.1'}`), origin);
    return;
  }
  if (match === undefined) {
    ctx.log(`${where} → 404, nothing recorded at this method and path`);
    sendJson(res, 404, { error: `nothing recorded for ${method} ${url.pathname}` }, origin);
    return;
  }
  if ('exhausted' in match) {
    ctx.log(`${where} → 404, all ${match.exhausted} recorded answer(s) were served (--loop starts over)`);
    sendJson(res, 404, { error: `all ${match.exhausted} recorded answer(s) to ${method} ${url.pathname} were served; --loop starts over` }, origin);
    return;
  }
  const { answer } = match;
  ctx.log(`${where} → ${describeAnswer(answer)} ${replayStatus(answer.connection)}`);
  noteRequestDifferences(ctx, answer, url.search, body, match);
  await replayHttp(req, res, answer, ctx);
}

function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, wss: WebSocketServer, table: RouteTable, ctx: ReplayContext): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const where = `WS ${url.pathname}${url.search}`;
  const match = table.match('WS', url.pathname, url.search);
  if (match === undefined || 'exhausted' in match) {
    ctx.log(`${where} → 404, ${match === undefined ? 'no WebSocket recorded at this path' : `all ${match.exhausted} recorded socket(s) were served (--loop starts over)`}`);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  const { answer } = match;
  wss.handleUpgrade(req, socket, head, (ws) => {
    ctx.log(`${where} → ${describeAnswer(answer)} open`);
    if (match.queryDiffers) reportDifference(ctx, answer, 'query', `recorded ${JSON.stringify(answer.search || '(none)')}, got ${JSON.stringify(url.search || '(none)')}`);
    replayWebSocket(ws, answer, ctx).catch((err: unknown) => {
      ctx.log(`  internal error: ${err instanceof Error ? err.message : String(err)}`);
      ws.terminate();
    });
  });
}

function describeAnswer(answer: RecordedAnswer): string {
  return `${answer.route.source} (${answer.connection.id}, ${answer.route.kind})`;
}

/** Tells about faults that name frames no recorded answer sends (they would do nothing) and cut frames. */
function warnAtStart(faults: FaultPlan, answers: readonly RecordedAnswer[], log: (line: string) => void): void {
  const sent = new Set<number>();
  let truncated = 0;
  for (const a of answers) {
    for (const f of a.frames) {
      if (f.direction !== 'in' || f.kind !== 'message') continue;
      sent.add(frameNumber(f));
      if (f.truncated) truncated++;
    }
  }
  if (truncated > 0) log(`warning: ${truncated} frame(s) were cut short by the capture; they are replayed as cut`);
  for (const n of faults.frames()) {
    if (!sent.has(n)) log(`warning: no recorded answer sends frame ${n}, so the fault on it does nothing (frame numbers are those check prints)`);
  }
  const described = faults.describe();
  if (described.length > 0) log(`faults: ${described.join('; ')}`);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, origin: string | undefined): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(origin) });
  res.end(JSON.stringify(body));
}
