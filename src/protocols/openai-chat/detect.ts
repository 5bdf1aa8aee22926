// OpenAI Chat Completions detection: `object: "chat.completion.chunk"` is decisive; a bare
// `choices[].delta` shape (compatible servers that omit `object`) is only plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (!isRecord(json)) return 0;
  if (json.object === 'chat.completion.chunk') return 1;
  if (typeof json.type === 'string') return 0;
  if (Array.isArray(json.choices) && json.choices.some((c) => isRecord(c) && isRecord(c.delta))) return 0.5;
  return 0;
}

export function detectConnection(connection: Connection): DetectScore {
  if (connection.url && /\/chat\/completions(\?|$)/.test(connection.url)) return 1;
  // OpenAI's API headers say "OpenAI", not which of its two streaming APIs.
  const headers = connection.responseHeaders ?? {};
  if ('openai-processing-ms' in headers || 'openai-version' in headers) return 0.5;
  return 0;
}
