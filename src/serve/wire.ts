// What goes on the wire for a recorded HTTP answer: its headers, minus those that described the original
// transfer rather than the content, and each frame written back in the framing the client parsed it from.
import type { Connection, Frame } from '../model/frame';
import type { RouteKind } from './types';

/** Headers of the original transfer (hop-by-hop, length, compression) and ones this server sets itself. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'content-encoding',
  'content-md5',
  'date',
  'alt-svc',
  'strict-transport-security',
]);

const DEFAULT_TYPES: Record<Exclude<RouteKind, 'websocket'>, string> = {
  sse: 'text/event-stream; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The recorded response headers to send again; CORS headers are the server's own (see `corsHeaders`). */
export function replayHeaders(connection: Connection, kind: Exclude<RouteKind, 'websocket'>): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(connection.responseHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower) || lower.startsWith(':') || lower.startsWith('access-control-')) continue;
    headers.set(lower, value);
  }
  if (!headers.has('content-type')) headers.set('content-type', DEFAULT_TYPES[kind]);
  // Buffering proxies and the browser must pass each chunk on as it comes.
  if (kind !== 'json') headers.set('cache-control', headers.get('cache-control') ?? 'no-cache');
  return headers;
}

/** Lets a page on another origin (another loopback port) read the answers, with or without credentials. */
export function corsHeaders(origin: string | undefined, requestedHeaders?: string): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-expose-headers': '*',
    'access-control-max-age': '600',
  };
  if (origin !== undefined) {
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  if (requestedHeaders) headers['access-control-allow-headers'] = requestedHeaders;
  return headers;
}

/** A recorded status to send again: 0 (no answer) and values outside 200-599 become 200. */
export function replayStatus(connection: Connection): number {
  const status = connection.status;
  return status !== undefined && status >= 200 && status <= 599 ? status : 200;
}

/** The bytes of one frame as the client received it: an SSE event, a line, or a JSON body as is. */
export function encodeFrame(frame: Frame, kind: Exclude<RouteKind, 'websocket'>): string | Buffer {
  if (frame.encoding === 'base64') return Buffer.from(frame.data, 'base64');
  if (kind === 'json') return frame.data;
  if (kind === 'ndjson') return `${frame.data}\n`;
  return sseEvent(frame);
}

/**
 * An SSE event that parses back to the frame: readers join multi-line `data:` with \n, so each line of
 * the data becomes its own `data:` field; one space after the colon is what parsers strip.
 */
export function sseEvent(frame: Pick<Frame, 'data' | 'eventName' | 'eventId'>): string {
  let out = '';
  if (frame.eventName !== undefined) out += `event: ${oneLine(frame.eventName)}\n`;
  if (frame.eventId !== undefined) out += `id: ${oneLine(frame.eventId)}\n`;
  for (const line of frame.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}
