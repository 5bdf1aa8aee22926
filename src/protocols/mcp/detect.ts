// MCP detection, by content: JSON-RPC 2.0 messages naming MCP methods, and the transport's own
// headers (`Mcp-Session-Id`, `MCP-Protocol-Version`). A bare JSON-RPC response is only plausible: other
// JSON-RPC protocols (A2A) answer the same way.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';
import { MCP_METHODS } from './schema';

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (Array.isArray(json)) return json.reduce<number>((best, m) => Math.max(best, scoreMessage(m)), 0);
  return scoreMessage(json);
}

function scoreMessage(json: unknown): DetectScore {
  if (!isRecord(json) || json.jsonrpc !== '2.0') return 0;
  if (typeof json.method === 'string') return MCP_METHODS.has(json.method) ? 1 : 0;
  const result = json.result;
  if (isRecord(result)) {
    // An initialize result or a tool result is MCP's own.
    if (typeof result.protocolVersion === 'string' && isRecord(result.serverInfo)) return 1;
    if (Array.isArray(result.content) || Array.isArray(result.tools)) return 0.5;
  }
  return 'id' in json && ('result' in json || 'error' in json) ? 0.3 : 0;
}

/** The Streamable HTTP transport names its session and version in headers. */
export function detectConnection(connection: Connection): DetectScore {
  const req = connection.requestHeaders ?? {};
  const res = connection.responseHeaders ?? {};
  if ('mcp-session-id' in req || 'mcp-session-id' in res || 'mcp-protocol-version' in req) return 1;
  return 0;
}

/**
 * Streamable HTTP: the session id the server gave in `initialize`'s response, which every later request
 * repeats. HTTP+SSE (2024-11-05): the `sessionId` of the endpoint the GET stream names and the POSTs use.
 */
export function sessionKey(connection: Connection, frame: DecodedFrame | undefined): string | undefined {
  const id = connection.responseHeaders?.['mcp-session-id'] ?? connection.requestHeaders?.['mcp-session-id'];
  if (typeof id === 'string' && id !== '') return `mcp-session:${id}`;
  const endpoint = frame?.frame.eventName === 'endpoint' ? frame.frame.data : connection.url;
  const match = endpoint === undefined ? null : /[?&]sessionId=([^&#\s]+)/.exec(endpoint);
  return match ? `mcp-session:${match[1]}` : undefined;
}
