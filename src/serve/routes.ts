// The recorded answers the server can give, by route (method + path, or WS + path), and the choice of
// one for a request: recorded order, preferring the recording whose query and request body match.
import type { Capture, Connection, Frame } from '../model/frame';
import type { ReplayRoute, RouteKind } from './types';

export interface RecordedAnswer {
  route: ReplayRoute;
  /** `GET /history`, `WS /ws`; `* /sse` for a recording without URL, which answers any method. */
  key: string;
  search: string;
  connection: Connection;
  /** Every frame of the connection, in capture order. */
  frames: Frame[];
}

export interface NamedCapture {
  name: string;
  capture: Capture;
}

/**
 * One answer per recorded connection with messages: frames for the server to send, or a request the page
 * sent on its own (an approval reply POSTed while the stream goes on), answered with its recorded status.
 */
export function recordedAnswers(captures: readonly NamedCapture[]): RecordedAnswer[] {
  const answers: RecordedAnswer[] = [];
  const usedPaths = new Set<string>();
  for (const { name, capture } of captures) {
    const byConnection = new Map<string, Frame[]>();
    for (const frame of capture.frames) {
      let list = byConnection.get(frame.connectionId);
      if (!list) byConnection.set(frame.connectionId, (list = []));
      list.push(frame);
    }
    for (const connection of capture.connections) {
      const frames = byConnection.get(connection.id) ?? [];
      const kind = routeKind(connection, frames);
      if (kind !== 'websocket' && !frames.some((f) => f.kind === 'message')) continue;
      const place = recordedPlace(connection, usedPaths);
      const method = kind === 'websocket' ? 'WS' : place.anyMethod ? '*' : (connection.method ?? 'GET').toUpperCase();
      answers.push({
        key: `${method} ${place.pathname}`,
        search: place.search,
        connection,
        frames,
        route: {
          kind,
          method,
          path: place.pathname + place.search,
          source: name,
          connectionId: connection.id,
          frames: frames.filter((f) => f.direction === 'in' && f.kind === 'message').length,
        },
      });
    }
  }
  return answers;
}

const SSE_TRANSPORTS = new Set(['sse', 'eventsource']);

export function routeKind(connection: Connection, frames: readonly Frame[]): RouteKind {
  if (connection.transport === 'websocket') return 'websocket';
  if (connection.transport === 'http-json') return 'json';
  const type = connection.responseHeaders?.['content-type']?.toLowerCase() ?? '';
  if (type.startsWith('text/event-stream') || SSE_TRANSPORTS.has(connection.transport)) return 'sse';
  if (frames.some((f) => f.eventName !== undefined || f.eventId !== undefined)) return 'sse';
  return 'ndjson';
}

/** The recorded path and query; a recording without URL (a raw SSE body, JSON Lines) gets `/<connection id>`. */
function recordedPlace(connection: Connection, usedPaths: Set<string>): { pathname: string; search: string; anyMethod: boolean } {
  if (connection.url !== undefined) {
    try {
      const url = new URL(connection.url, 'http://127.0.0.1');
      return { pathname: url.pathname, search: url.search, anyMethod: false };
    } catch {
      // An unreadable URL is served like a recording without one.
    }
  }
  const base = `/${encodeURIComponent(connection.id)}`;
  let pathname = base;
  for (let n = 2; usedPaths.has(pathname); n++) pathname = `${base}-${n}`;
  usedPaths.add(pathname);
  return { pathname, search: '', anyMethod: true };
}

export type RouteMatch =
  | { answer: RecordedAnswer; queryDiffers: boolean; bodyDiffers: boolean }
  | { exhausted: number }
  | undefined;

/** Hands out recorded answers: each once, in recorded order, unless `loop` starts the route over. */
export class RouteTable {
  private readonly byKey = new Map<string, RecordedAnswer[]>();
  private readonly served = new Set<RecordedAnswer>();

  constructor(
    answers: readonly RecordedAnswer[],
    private readonly loop: boolean,
  ) {
    for (const answer of answers) {
      const list = this.byKey.get(answer.key);
      if (list) list.push(answer);
      else this.byKey.set(answer.key, [answer]);
    }
  }

  /** `method` is `WS` for a WebSocket upgrade; `body` is the request body (HTTP only). */
  match(method: string, pathname: string, search: string, body?: string): RouteMatch {
    const list = this.byKey.get(`${method} ${pathname}`) ?? this.byKey.get(`* ${pathname}`);
    if (!list) return undefined;
    let open = list.filter((a) => !this.served.has(a));
    if (open.length === 0) {
      if (!this.loop) return { exhausted: list.length };
      for (const a of list) this.served.delete(a);
      open = list;
    }
    const bodyMatches = (a: RecordedAnswer) => body !== undefined && (a.connection.requestBody ?? '') === body;
    const score = (a: RecordedAnswer) => (bodyMatches(a) ? 2 : 0) + (a.search === search ? 1 : 0);
    let best = open[0] as RecordedAnswer;
    for (const a of open) if (score(a) > score(best)) best = a;
    this.served.add(best);
    return { answer: best, queryDiffers: best.search !== search, bodyDiffers: body !== undefined && !bodyMatches(best) };
  }
}
