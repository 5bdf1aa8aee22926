// A long decode over several requests (Gemini and its Interactions API): the request that goes on
// with an answer sends back the continuation token the answer stopped with, in a body field of its
// protocol. The folds read it from the request, a request frame or (as a live capture keeps it) the
// connection's body, to start the next turn as the rest of that answer; the conversation readers, to
// join the requests.
import type { Connection } from '../../model/frame';
import { requestJson } from './request-prompt';
import { isRecord } from './view-helpers';

/** A non-empty string, else undefined: a token is never the empty string. */
export const nonEmptyString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The continuation token a request body sends back in `field`, if any. */
export function resumedToken(body: unknown, field: string): string | undefined {
  return isRecord(body) ? nonEmptyString(body[field]) : undefined;
}

/** The tokens of a fold's requests, until the turn each one opens takes its own. */
export class ResumedRequests {
  /** The token of the latest request frame: the turn after it takes it. */
  private latest: string | undefined;
  /** Tokens read from connections' bodies, by connection id, until their first frame. */
  private byConnection: Map<string, string> | undefined;

  constructor(private readonly field: string) {}

  /** A request frame's body (a frame the page sent). */
  request(body: unknown): void {
    this.latest = resumedToken(body, this.field);
  }

  /** A connection's metadata, its request body included. */
  connection(connection: Connection): void {
    const token = resumedToken(requestJson(connection), this.field);
    if (token !== undefined) (this.byConnection ??= new Map()).set(connection.id, token);
  }

  /** The token of the request a turn on this connection answers, once: the turn continues that answer. */
  take(connectionId: string): string | undefined {
    const token = this.latest ?? this.byConnection?.get(connectionId);
    this.latest = undefined;
    this.byConnection?.delete(connectionId);
    return token;
  }
}
