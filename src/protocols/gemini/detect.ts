// Gemini `streamGenerateContent` detection: the request path (`:streamGenerateContent` /
// `:generateContent`, never the host alone) is decisive; so is a payload with `candidates[].content`
// or `candidates[].finishReason`, which no other protocol sends. `usageMetadata` with
// `modelVersion` alone is plausible.
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

const PATH = /:(stream)?generateContent(\?|$)/i;

function responseScore(json: unknown): DetectScore {
  if (!isRecord(json)) return 0;
  if (typeof json.type === 'string' || typeof json.event_type === 'string' || 'choices' in json) return 0;
  const candidates = json.candidates;
  if (Array.isArray(candidates) && candidates.some((c) => isRecord(c) && (isRecord(c.content) || typeof c.finishReason === 'string'))) return 1;
  if (isRecord(json.promptFeedback) && ('usageMetadata' in json || 'modelVersion' in json)) return 1;
  if (isRecord(json.usageMetadata) && typeof json.modelVersion === 'string') return 0.5;
  return 0;
}

export function detectFrame({ json }: DecodedFrame): DetectScore {
  // `alt=json` sends the whole stream as one array of responses.
  if (Array.isArray(json)) return json.length > 0 ? responseScore(json[0]) : 0;
  return responseScore(json);
}

export function detectConnection(connection: Connection): DetectScore {
  if (!connection.url) return 0;
  let path = connection.url;
  try {
    path = new URL(connection.url).pathname + new URL(connection.url).search;
  } catch {
    // A relative or odd URL is matched as written.
  }
  return PATH.test(path) ? 1 : 0;
}
