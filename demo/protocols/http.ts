// POST /protocols/<id>[?buggy=1]: answers a chat request the way that protocol's backend streams it,
// as SSE records or, for the AI SDK v4 data stream, `<code>:<json>` text lines.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fixtureFrames } from './fixture-frames';
import { playFrames, sseRecord } from './play';
import { protocolSessions, responseHeaders, routePath, type ProtocolSession } from './sessions';

const MAX_REQUEST_BYTES = 256 * 1024;

/** The session a POST to this path plays, if any (WebSocket sessions are not reached over POST). The
 * query string is not matched: a Gemini request without `alt=sse` still gets the SSE stream. */
export function httpSession(pathname: string): ProtocolSession | undefined {
  return protocolSessions.find((s) => routePath(s) === pathname && s.transport !== 'websocket');
}

export async function streamProtocol(
  req: IncomingMessage,
  res: ServerResponse,
  session: ProtocolSession,
  buggy: boolean,
  delayScale: number,
): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) return refuse(res, 413, 'request body too large');
  const request = parseRequest(body);
  if (typeof request === 'string') return refuse(res, 400, request);
  const continuing = session.continued !== undefined && typeof request.continuationToken === 'string';
  const frames = await fixtureFrames(continuing ? session.continued! : buggy ? session.buggyFixture : session.fixture);
  res.writeHead(200, responseHeaders(session));
  res.flushHeaders();
  let gone = false;
  res.on('close', () => (gone = true));
  const encode = session.transport === 'lines' ? (f: { data: string }) => `${f.data}\n` : sseRecord;
  await playFrames(frames, delayScale, (f) => res.write(encode(f)), () => gone || res.destroyed);
  res.end();
}

/** The request must be a JSON object (a RunAgentInput, a Messages or chat request…); its content is not used. */
function parseRequest(body: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  return 'expected a JSON object request body';
}

/** The request body as text, or undefined past `max` bytes. */
export async function readBody(req: IncomingMessage, max = MAX_REQUEST_BYTES): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ ok: false, error }));
}
