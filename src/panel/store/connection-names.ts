// What a person calls a connection: its method and full path (`POST /api/chat`, `WS /ws?room=2`), with
// an ordinal when the same name comes again, so two `/ws` sockets read `WS /ws` and `WS /ws (2)`.
// Names are given once, in the order connections are captured (not the order rows happen to be drawn,
// which would let the second socket take the plain name), and never change afterwards.
import type { Connection } from '../../model/frame';

const METHOD_OF: Partial<Record<Connection['transport'], string>> = { websocket: 'WS', eventsource: 'GET' };

export function connectionBaseName(connection: Connection | undefined, id: string): string {
  if (!connection?.url) return id;
  const method = METHOD_OF[connection.transport] ?? connection.method?.toUpperCase() ?? 'GET';
  return `${method} ${pathOf(connection.url)}`;
}

/** Path and query of a URL (the host is the page's own in nearly every capture). */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export class ConnectionNames {
  private readonly names = new Map<string, string>();
  private readonly used = new Map<string, number>();

  nameOf(connection: Connection | undefined, id: string): string {
    const known = this.names.get(id);
    if (known !== undefined) return known;
    // Named before its metadata arrived: stays as its id until the connection is described.
    if (!connection) return id;
    const base = connectionBaseName(connection, id);
    const n = (this.used.get(base) ?? 0) + 1;
    this.used.set(base, n);
    const name = n === 1 ? base : `${base} (${n})`;
    this.names.set(id, name);
    return name;
  }

  /** Names connections as they arrive, in capture order; ones already named keep their name. */
  register(connections: Iterable<Connection>): void {
    for (const c of connections) this.nameOf(c, c.id);
  }

  clear(): void {
    this.names.clear();
    this.used.clear();
  }
}
