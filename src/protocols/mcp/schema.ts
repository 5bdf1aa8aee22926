// MCP messages are JSON-RPC 2.0. The shapes are the official SDK's own zod schemas
// (`@modelcontextprotocol/sdk/types.js`), used as published: a message the SDK's transports reject is
// one this checker rejects, with the same issues.
import {
  CallToolResultSchema,
  CancelledNotificationSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  InitializeResultSchema,
  JSONRPCMessageSchema,
  ProgressNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

export {
  CallToolResultSchema,
  CancelledNotificationSchema,
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  InitializeResultSchema,
  JSONRPCMessageSchema,
  ProgressNotificationSchema,
};

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
