// Each protocol's one rule for a stream that reports its own failure (docs/severity-policy.md): a
// well-formed stream saying the turn failed is a warning, never silent, and never an error.
import type { ProtocolId } from '../../src/protocols/types';

export const FAILURE_RULE: Partial<Record<ProtocolId, string>> = {
  'ag-ui': 'agui/run-error',
  anthropic: 'anthropic/error-event',
  'openai-chat': 'openai-chat/error-payload',
  'openai-responses': 'openai-responses/error-event',
  'aisdk-ui': 'aisdk/error-chunk',
  'aisdk-data': 'aisdk/v4-error-part',
  gemini: 'gemini/error-payload',
  cohere: 'cohere/error-finish',
  'gemini-interactions': 'gemini-interactions/failed',
  mcp: 'mcp/error-response',
  langgraph: 'langgraph/error-event',
  a2a: 'a2a/task-failed',
};
