// Detection of the flat-block protocol by content. It shares event names with Anthropic Messages
// (`message_start`, `content_block_*`, `message_stop`), so those alone score only "plausible";
// group markers, the flat-only block types and History API shapes are decisive.
import type { Connection, DecodedFrame } from '../../model/frame';
import { safeText } from '../../model/safe-text';
import { looksLikeHistory } from './history';

const FLAT_ONLY_BLOCKS = new Set(['tool_result', 'approval_request', 'approval_result', 'approval_timeout']);
const SHARED_EVENTS = new Set(['content_block_start', 'content_block_delta', 'content_block_stop', 'message_stop']);

export function detectFlatBlockFrame(decoded: DecodedFrame): number {
  const json = decoded.json;
  if (decoded.frame.direction === 'in' && looksLikeHistory(json)) return hasDisplayType(json) ? 1 : 0.5;
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 0;
  const e = json as Record<string, unknown>;
  if (decoded.frame.direction === 'out') {
    return e.type === 'approval' && typeof e.approval_key === 'string' ? 1 : 0;
  }
  const type = e.type;
  if (type === 'group_start' || type === 'group_end') return 1;
  if (type === 'message_start') {
    const message = e.message as Record<string, unknown> | undefined | null;
    // Anthropic's message_start always carries the model; the flat-block one never needs to.
    if (message && typeof message === 'object' && 'model' in message) return 0;
    return message && typeof message === 'object' && 'message_type' in message ? 1 : 0.5;
  }
  if (type === 'content_block_start') {
    const block = e.content_block as Record<string, unknown> | undefined;
    if (!block || typeof block !== 'object') return 0.5;
    if (FLAT_ONLY_BLOCKS.has(safeText(block.type))) return 1;
    if ('tool_content_message' in block || 'is_part' in block || 'is_final' in block) return 1;
    return 0.5;
  }
  if (SHARED_EVENTS.has(safeText(type))) return 0.5;
  return 0;
}

function hasDisplayType(json: unknown): boolean {
  const messages = Array.isArray(json) ? json : (json as { messages: unknown[] }).messages;
  return messages.some((m) => !!m && typeof m === 'object' && 'display_type' in m);
}

/** The agent session id: `session_id` in the URL (query or last path segment after /sessions/) or in the frame. */
export function flatBlockSessionKey(connection: Connection, decoded: DecodedFrame | undefined): string | undefined {
  const json = decoded?.json;
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const frame = json as { session_id?: unknown; message?: { session_id?: unknown } | null };
    // Client frames carry it at the top; producers also put it on message_start's message.
    const fromFrame = frame.session_id ?? (frame.message && typeof frame.message === 'object' ? frame.message.session_id : undefined);
    if (typeof fromFrame === 'string' && fromFrame !== '') return fromFrame;
  }
  if (!connection.url) return undefined;
  try {
    const url = new URL(connection.url, 'http://127.0.0.1');
    for (const name of SESSION_PARAMS) {
      const value = url.searchParams.get(name);
      if (value) return value;
    }
  } catch {
    // A URL that does not parse names no session.
  }
  return undefined;
}

const SESSION_PARAMS = ['session_id', 'sessionId', 'session'];
