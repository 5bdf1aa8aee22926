// MCP's JSON-RPC messages as the fold keeps them: a request waiting for its answer, the keys it is
// found by (its direction and id as sent, a progress token), and the order the SDK client takes a JSON
// body's batch in.
import type { Direction } from '../../model/frame';
import type { QuestionItem, ToolItem } from '../../model/view';
import { safeJson } from '../../model/safe-text';
import { isRecord } from '../shared/view-helpers';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isPlainJsonRpc } from './schema';

export interface PendingRequest {
  /** The id as sent (JSON-RPC: a string or a number). */
  id: unknown;
  method: string;
  frame: number;
  direction: Direction;
  tool?: ToolItem;
  question?: QuestionItem;
  answeredAt?: number;
  cancelledAt?: number;
  /** The connection the request came on: the page stopping it gives up the requests it sent there. */
  connectionId: string;
  /** The page aborted, cancelled or closed the request's connection before its answer: no caller still waits. */
  givenUp?: true;
  lastProgress?: number;
  /**
   * The close or failure of the SSE stream its POST opened, before its answer and with no event id to
   * resume from: the SDK client does not reconnect, and rejects the call when it times out.
   */
  cutAt?: number;
  /** The cut is a JSON body (the POST's whole answer) without the response, not a stream's end. */
  cutBody?: true;
  /** Its stream ended before its answer but gave an event id: the SDK client tries to resume it. */
  endedAt?: number;
  /** The cut is such a stream's, whose resumption did not bring the answer before the client timed out. */
  cutResumed?: true;
  /** The stream cut is reported. */
  cutReported?: true;
  /** A named SSE event carried its answer, which the SDK client ignores (reported there). */
  lostAt?: number;
}

export type Message = Record<string, unknown>;

/** What a message lacks, in the words of JSON-RPC 2.0, where the schema's union only says "Invalid input". */
export function whyNotJsonRpc(json: unknown): string | undefined {
  if (!isRecord(json)) return 'a message is a JSON object';
  if (json.jsonrpc !== '2.0') return `"jsonrpc" is ${safeJson(json.jsonrpc)}, expected "2.0"`;
  if ('method' in json) {
    if (typeof json.method !== 'string') return '"method" is not a string';
    if ('params' in json && !isRecord(json.params)) return '"params" is not an object';
    return undefined;
  }
  if (!('id' in json)) return 'neither "method" (a request or notification) nor "id" (a response)';
  const hasResult = 'result' in json;
  const hasError = 'error' in json;
  if (hasResult && hasError) return 'a response has both "result" and "error"';
  if (!hasResult && !hasError) return 'a response has neither "result" nor "error"';
  if (hasResult && !isRecord(json.result)) return `"result" is ${Array.isArray(json.result) ? 'an array' : typeof json.result}, expected an object`;
  return undefined;
}

/** A message the SDK's JSONRPCMessageSchema accepts. */
export function isJsonRpcMessage(json: unknown): boolean {
  return isPlainJsonRpc(json) || JSONRPCMessageSchema.safeParse(json).success;
}

export function other(direction: Direction): Direction {
  return direction === 'in' ? 'out' : 'in';
}

/** A request's key: its id as sent, a string apart from a number (the SDK's `Number(id)` fallback is findRequest's). */
export function requestKey(direction: Direction, id: unknown): string {
  return `${direction}:${typeof id === 'string' ? 's' : 'n'}:${idText(id)}`;
}

export function tokenKey(token: string | number): string {
  return `${typeof token === 'string' ? 's' : 'n'}:${String(token)}`;
}

/**
 * The order the SDK client takes a JSON body's batch in: it hands the messages over one by one, but
 * takes a response at once and a notification a microtask later (shared/protocol.js `_onnotification`),
 * so a batch's notifications come after all of its responses and requests. A batch the page sent keeps its order.
 */
export function batchOrder(json: readonly unknown[], direction: Direction): number[] {
  const order = json.map((_, n) => n);
  if (direction !== 'in') return order;
  const isNotification = (m: unknown) => isRecord(m) && typeof m.method === 'string' && !('id' in m);
  return [...order.filter((n) => !isNotification(json[n])), ...order.filter((n) => isNotification(json[n]))];
}

export function idText(id: unknown): string {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : safeJson(id);
}

export function idRef(req: PendingRequest): string {
  return `#${idText(req.id)}`;
}

/** The page sent `req` on the connection and its answer has not come. */
export function unansweredOn(req: PendingRequest, connectionId: string): boolean {
  return req.direction === 'out' && req.connectionId === connectionId && req.answeredAt === undefined;
}
