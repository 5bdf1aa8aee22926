// MCP (Model Context Protocol) over Streamable HTTP and the older HTTP+SSE transport: JSON-RPC 2.0
// requests, responses and notifications, one session joined across its POSTs by `Mcp-Session-Id`.
import type { ProtocolDefinition } from '../types';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { createMcpFold } from './fold';
import { mcpRules } from './rules';
import { describeMcpFrame } from './describe';

export const mcpProtocol: ProtocolDefinition = {
  id: 'mcp',
  title: 'MCP (Streamable HTTP)',
  rules: mcpRules,
  detectFrame,
  detectConnection,
  sessionKey,
  createFold: createMcpFold,
  describeFrame: describeMcpFrame,
};
