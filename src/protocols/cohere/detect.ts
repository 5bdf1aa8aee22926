// Cohere v2 chat streaming detection by shape: a kebab-case event `type` of Cohere's set carrying
// `delta.message` (or message-end's `delta.finish_reason`) is decisive; the bare `content-end` /
// `tool-call-end` events are plausible. The `/v2/chat` path is plausible too (never the host alone).
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

const WITH_MESSAGE = new Set(['message-start', 'content-start', 'content-delta', 'tool-plan-delta', 'tool-call-start', 'tool-call-delta', 'citation-start']);
const BARE = new Set(['content-end', 'tool-call-end', 'citation-end']);

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (!isRecord(json) || typeof json.type !== 'string') return 0;
  const delta = json.delta;
  if (WITH_MESSAGE.has(json.type)) return isRecord(delta) && isRecord(delta.message) ? 1 : 0;
  if (json.type === 'message-end') return isRecord(delta) && ('finish_reason' in delta || 'usage' in delta) ? 1 : 0;
  if (BARE.has(json.type) && typeof json.index === 'number') return 0.5;
  return 0;
}

export function detectConnection(connection: Connection): DetectScore {
  if (!connection.url) return 0;
  return /\/v2\/chat(\?|$)/.test(connection.url) ? 0.5 : 0;
}
