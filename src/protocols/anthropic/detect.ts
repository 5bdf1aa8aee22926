// Anthropic detection. The flat-block protocol shares `message_start`, `content_block_*` and
// `message_stop`, so those alone only make Anthropic plausible (0.5); a frame scores 1 only when it
// carries something flat-block never sends (a `message_delta`, `ping`, a model on `message_start`,
// Anthropic-only delta or block types). Flat-block markers score 0.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

const ANTHROPIC_ONLY_DELTAS = new Set(['input_json_delta', 'signature_delta', 'thinking_delta', 'citations_delta']);
const ANTHROPIC_ONLY_BLOCKS = new Set([
  'server_tool_use',
  'redacted_thinking',
  'mcp_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
]);
const FLAT_BLOCK_ONLY_BLOCKS = new Set(['tool_result', 'approval_request', 'approval_result', 'approval_timeout']);
const FLAT_BLOCK_ONLY_EVENTS = new Set(['group_start', 'group_end']);
const ANTHROPIC_ERROR_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'timeout_error',
  'overloaded_error',
  'api_error',
  'billing_error',
]);

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (!isRecord(json) || typeof json.type !== 'string') return 0;
  if ('display_type' in json || FLAT_BLOCK_ONLY_EVENTS.has(json.type)) return 0;
  switch (json.type) {
    case 'message_delta':
    case 'ping':
      return 1;
    case 'message_start': {
      const message = json.message;
      return isRecord(message) && typeof message.model === 'string' ? 1 : 0.5;
    }
    case 'content_block_start': {
      const block = json.content_block;
      if (!isRecord(block) || typeof block.type !== 'string') return 0;
      if (FLAT_BLOCK_ONLY_BLOCKS.has(block.type) || hasFlatBlockFields(block)) return 0;
      return ANTHROPIC_ONLY_BLOCKS.has(block.type) ? 1 : 0.5;
    }
    case 'content_block_delta': {
      const delta = json.delta;
      if (isRecord(delta) && typeof delta.type === 'string' && ANTHROPIC_ONLY_DELTAS.has(delta.type)) return 1;
      return isRecord(delta) ? 0.5 : 0;
    }
    case 'content_block_stop':
    case 'message_stop':
      return 0.5;
    case 'error': {
      const error = json.error;
      return isRecord(error) && typeof error.type === 'string' && ANTHROPIC_ERROR_TYPES.has(error.type) ? 0.5 : 0;
    }
    default:
      return 0;
  }
}

function hasFlatBlockFields(block: Record<string, unknown>): boolean {
  return 'is_part' in block || 'is_final' in block || 'tool_content_message' in block || 'parent_tool_use_id' in block;
}

/** The Anthropic API answers with `anthropic-*` / `request-id` headers; requests carry `anthropic-version`. */
export function detectConnection(connection: Connection): DetectScore {
  const req = connection.requestHeaders ?? {};
  const res = connection.responseHeaders ?? {};
  if ('anthropic-version' in req) return 1;
  if (Object.keys(res).some((h) => h.startsWith('anthropic-'))) return 1;
  if (connection.url && /^https?:\/\/api\.anthropic\.com\//.test(connection.url)) return 1;
  if (connection.url && /\/v1\/messages(\?|$)/.test(connection.url)) return 0.5;
  return 0;
}
