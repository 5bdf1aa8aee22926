// OpenAI Responses detection: a `response.*` type with a `sequence_number` is decisive, as is a
// client `response.create` frame (WebSocket mode); a `response.*` type alone is plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (!isRecord(json) || typeof json.type !== 'string') return 0;
  const { type } = json;
  if (type === 'response.create') return 1;
  const numbered = typeof json.sequence_number === 'number';
  if (type.startsWith('response.')) return numbered ? 1 : 0.5;
  if ((type === 'error' || type === 'keepalive') && numbered) return 0.5;
  return 0;
}

export function detectConnection(connection: Connection): DetectScore {
  if (connection.url && /\/responses(\?|$)/.test(connection.url)) return 1;
  // OpenAI's API headers say "OpenAI", not which of its two streaming APIs.
  const headers = connection.responseHeaders ?? {};
  if ('openai-processing-ms' in headers || 'openai-version' in headers) return 0.5;
  return 0;
}
