// MCP messages are JSON-RPC 2.0. The shapes are the official SDK's own zod schemas
// (`@modelcontextprotocol/sdk/types.js`), imported where they are used, as published: a message the
// SDK's transports reject is one this checker rejects, with the same issues. Here: the methods, the
// result schemas by method, and the hand checks of the hot path's plain shapes.
import { CallToolResultSchema, CreateMessageResultSchema, ElicitResultSchema, InitializeResultSchema } from '@modelcontextprotocol/sdk/types.js';

/** Methods the MCP specification defines (2024-11-05 to 2025-11-25), either direction. */
export const MCP_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/roots/list_changed',
  'notifications/elicitation/complete',
  'notifications/tasks/status',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'logging/setLevel',
  'completion/complete',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
]);

/** Results whose shape the SDK's client checks against a schema of their request's method. */
export const RESULT_SCHEMAS = {
  'tools/call': CallToolResultSchema,
  initialize: InitializeResultSchema,
  'sampling/createMessage': CreateMessageResultSchema,
  'elicitation/create': ElicitResultSchema,
} as const;

const plainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// zod's int() takes safe integers only, so an id past 2^53 goes through the schema (and is refused there).
const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v));

/** `_meta` absent, or holding only a progress token (RequestMetaSchema's common case). */
function plainMeta(params: Record<string, unknown>): boolean {
  const meta = params._meta;
  if (meta === undefined) return !('_meta' in params);
  if (!plainObject(meta)) return false;
  for (const key in meta) if (key !== 'progressToken' || !isId(meta[key])) return false;
  return true;
}

/**
 * A request, notification or result response in its plain shape, checked by hand so the hot path (a
 * tool call's progress, results) skips the union of JSONRPCMessageSchema. It says yes only to what the
 * schema accepts (the strict objects' keys, an integer or string id, params and result as objects whose
 * `_meta` is absent or a progress token) and no to anything else, which then goes through the schema.
 */
export function isPlainJsonRpc(m: unknown): boolean {
  if (!plainObject(m) || m.jsonrpc !== '2.0') return false;
  let keys = 0;
  for (const key in m) {
    keys++;
    if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params' && key !== 'result') return false;
  }
  const hasId = 'id' in m;
  if (hasId && !isId(m.id)) return false;
  if ('result' in m) return hasId && keys === 3 && plainObject(m.result) && plainMeta(m.result);
  if (typeof m.method !== 'string') return false;
  if (!('params' in m)) return true;
  return plainObject(m.params) && plainMeta(m.params);
}

/**
 * A tools/call result of text blocks only (`{content: [{type: "text", text}], isError?}`), checked by
 * hand so each call's result skips CallToolResultSchema; anything else goes through the schema.
 */
export function isPlainToolResult(r: unknown): boolean {
  if (!plainObject(r)) return false;
  for (const key in r) if (key !== 'content' && key !== 'isError') return false;
  if ('isError' in r && typeof r.isError !== 'boolean') return false;
  const content = r.content;
  if (!Array.isArray(content)) return false;
  for (const block of content) {
    if (!plainObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
    for (const key in block) if (key !== 'type' && key !== 'text') return false;
  }
  return true;
}
