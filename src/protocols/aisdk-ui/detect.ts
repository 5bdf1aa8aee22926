// Detection of the AI SDK UI message stream. Its kebab-case chunk types with their AI SDK field names
// are unique to it; `start`, `finish`, `abort` and `file` are generic enough that other JSON streams may
// use them, so alone they only make the protocol plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import { isRecord } from './json-util';
import { FINISH_REASONS } from './schema';

/** Chunk type → the string fields that, present together, mark it as an AI SDK chunk. */
const DECISIVE: Readonly<Record<string, readonly string[]>> = {
  'text-start': ['id'],
  'text-delta': ['id', 'delta'],
  'text-end': ['id'],
  'reasoning-start': ['id'],
  'reasoning-delta': ['id', 'delta'],
  'reasoning-end': ['id'],
  'tool-input-start': ['toolCallId', 'toolName'],
  'tool-input-delta': ['toolCallId', 'inputTextDelta'],
  'tool-input-available': ['toolCallId', 'toolName'],
  'tool-input-error': ['toolCallId', 'toolName', 'errorText'],
  'tool-output-available': ['toolCallId'],
  'tool-output-error': ['toolCallId', 'errorText'],
  'tool-output-denied': ['toolCallId'],
  'tool-approval-request': ['approvalId', 'toolCallId'],
  'tool-approval-response': ['approvalId'],
  'source-url': ['sourceId', 'url'],
  'source-document': ['sourceId', 'mediaType'],
  'start-step': [],
  'finish-step': [],
  'message-metadata': [],
  error: ['errorText'],
};

const PLAUSIBLE = new Set(['start', 'finish', 'abort', 'file', 'error']);
// Finish reasons only the AI SDK spells in kebab case.
const KEBAB_REASONS = new Set<string>(FINISH_REASONS.filter((r) => r.includes('-')));

export function detectUiFrame(decoded: DecodedFrame): number {
  const json = decoded.json;
  if (!isRecord(json) || typeof json.type !== 'string') return 0;
  const type = json.type;
  const fields = DECISIVE[type];
  if (fields && fields.every((f) => typeof json[f] === 'string')) return 1;
  if (type === 'finish' && typeof json.finishReason === 'string' && KEBAB_REASONS.has(json.finishReason)) return 1;
  if (type.startsWith('data-') && type.length > 5 && 'data' in json) return 0.5;
  return PLAUSIBLE.has(type) ? 0.5 : 0;
}

export function detectUiConnection(connection: Connection): number {
  const header = connection.responseHeaders?.['x-vercel-ai-ui-message-stream'];
  return header !== undefined && header.trim().toLowerCase() === 'v1' ? 1 : 0;
}
