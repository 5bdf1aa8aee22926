// Gemini Interactions API detection by shape: an `event_type` of `interaction.*` or `step.*` is
// decisive (no other protocol names events so); the `/interactions` path is only plausible (never
// the host alone).
import type { Connection, DecodedFrame } from '../../model/frame';
import type { DetectScore } from '../types';
import { isRecord } from '../shared/view-helpers';

export function detectFrame({ json }: DecodedFrame): DetectScore {
  if (!isRecord(json) || typeof json.event_type !== 'string') return 0;
  const type = json.event_type;
  if (type.startsWith('interaction.') || type.startsWith('step.')) return 1;
  return type === 'error' && isRecord(json.error) ? 0.5 : 0;
}

export function detectConnection(connection: Connection): DetectScore {
  if (!connection.url) return 0;
  return /\/interactions(\?|$)/.test(connection.url) ? 0.5 : 0;
}
