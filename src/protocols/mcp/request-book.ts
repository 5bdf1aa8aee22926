// The MCP fold's requests: filed by key as sent (`<direction>:<type>:<id>`, kept after their answer to
// tell duplicates and late progress), by the connection that carried the page's, by `Number(id)` and by
// progress token, and looked up as the SDK client looks them up. Every lookup costs the same however
// many requests the session has: 16,000 responses for unknown ids after 16,000 requests took 13 s when
// a lookup by number scanned them all, and 32,000 ids sent as strings 870 µs a response at the end.
import type { Direction } from '../../model/frame';
import { ByNumber } from './by-number';
import { other, requestKey, tokenKey, type PendingRequest } from './messages';

/** A progress token as the request gave it, and the key of that request. */
export interface TokenEntry {
  token: string | number;
  key: string;
}

export class RequestBook {
  private readonly byKey = new Map<string, PendingRequest>();
  /**
   * The page's requests by the connection that carried them: a connection's end reads its own, so the
   * cost of an end does not grow with the session's requests.
   */
  private readonly sentOn = new Map<string, PendingRequest[]>();
  /** Requests whose id a later request of the same side reused while they waited, oldest first, by key. */
  private earlier: Map<string, PendingRequest[]> | undefined;
  /** By `<direction>:<Number(id)>`, for the SDK client's lookup of a response id. */
  private readonly byNumber = new ByNumber<PendingRequest>((req) => req.answeredAt === undefined);
  /** Progress tokens by `<type>:<token>`. */
  private readonly tokens = new Map<string, TokenEntry>();
  /** The same by `Number(token)`, for the SDK client's lookup. */
  private readonly tokensByNumber = new ByNumber<TokenEntry>((entry) => this.byKey.get(entry.key)?.answeredAt === undefined);

  /** The request last filed under `key`. */
  get(key: string): PendingRequest | undefined {
    return this.byKey.get(key);
  }

  /**
   * Files a request under `key`, with the progress token it gave, if any. Returns the request whose id
   * it reuses while that one still waits: the SDK answers both with that id, each answer the oldest.
   */
  file(req: PendingRequest, key: string, token: unknown): PendingRequest | undefined {
    const prior = this.byKey.get(key);
    const waiting = prior && prior.answeredAt === undefined && prior.cancelledAt === undefined && !prior.givenUp ? prior : undefined;
    if (waiting) {
      const queue = (this.earlier ??= new Map()).get(key);
      if (queue) queue.push(waiting);
      else this.earlier.set(key, [waiting]);
    }
    this.byKey.set(key, req);
    const n = Number(req.id);
    if (Number.isFinite(n)) this.byNumber.add(`${req.direction}:${n}`, req);
    if (req.direction === 'out') {
      const sent = this.sentOn.get(req.connectionId);
      if (sent) sent.push(req);
      else this.sentOn.set(req.connectionId, [req]);
    }
    if (typeof token === 'string' || typeof token === 'number') {
      const entry = { token, key };
      this.tokens.set(tokenKey(token), entry);
      const t = Number(token);
      if (Number.isFinite(t)) this.tokensByNumber.add(String(t), entry);
    }
    return waiting;
  }

  /**
   * The request a response answers: by its id as sent, against the response's direction first (a
   * capture without directions, a file, has all frames `in`); failing that, as the SDK does, by
   * `Number(id)` (shared/protocol.js `_onresponse`), so "1", "01", " 1" and "1.0" answer request 1
   * (`coerced`). A NaN matches nothing: string ids of other clients never meet that way.
   */
  find(id: unknown, direction: Direction): { req: PendingRequest; coerced: boolean } | undefined {
    for (const dir of [other(direction), direction]) {
      const req = this.waitingAt(requestKey(dir, id));
      if (req) return { req, coerced: false };
    }
    const n = typeof id === 'string' || typeof id === 'number' ? Number(id) : NaN;
    if (!Number.isFinite(n)) return undefined;
    for (const dir of [other(direction), direction]) {
      const req = this.byNumber.find(`${dir}:${n}`);
      if (req) return { req, coerced: true };
    }
    return undefined;
  }

  /** The request a progress token names: as given, or as the SDK finds it, by `Number(progressToken)`. */
  findToken(token: unknown): TokenEntry | undefined {
    if (typeof token !== 'string' && typeof token !== 'number') return undefined;
    const exact = this.tokens.get(tokenKey(token));
    if (exact) return exact;
    const n = Number(token);
    if (!Number.isFinite(n)) return undefined;
    return this.tokensByNumber.find(String(n));
  }

  /** Every request filed, those queued behind a reused id first. */
  *all(): Generator<PendingRequest> {
    if (this.earlier) for (const queue of this.earlier.values()) yield* queue;
    yield* this.byKey.values();
  }

  /** The page's requests the connection carried, in order. */
  on(connectionId: string): readonly PendingRequest[] {
    return this.sentOn.get(connectionId) ?? [];
  }

  /** The request of a key an answer goes to: the oldest still waiting where a request reused the id. */
  private waitingAt(key: string): PendingRequest | undefined {
    const waiting = this.earlier?.get(key)?.find((r) => r.answeredAt === undefined);
    return waiting ?? this.byKey.get(key);
  }
}
