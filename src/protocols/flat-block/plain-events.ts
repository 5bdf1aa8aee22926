// Hand checks for the flat-block events that still went through zod in every turn: the message and
// group markers, the approval_request delta and the page's approval reply. A turn is a few dozen
// frames, so zod on these cost as much as the rest of the fold. The same promise as the delta and
// block checks: true only for what the schema accepts (fast-path.test.ts); anything else goes through
// the schema, which words the finding.
import { isRecord } from '../shared/view-helpers';
import { nullishString } from '../shared/hand-checks';

const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const validEventId = (v: unknown): boolean => v === undefined || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const optionalIndex = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);

/** message_start, group_start, group_end and message_stop in their plain shape. */
export function isPlainMarker(e: Record<string, unknown>): boolean {
  switch (e.type) {
    case 'message_start':
      return isPlainMessageStart(e.event_id, e.message);
    case 'group_start':
    case 'group_end':
      return isPlainGroupMarker(e.event_id, e.index, e.message_id, e.summary);
    case 'message_stop':
      return validEventId(e.event_id);
    default:
      return false;
  }
}

// The checks of isPlainMarker by the fields they read: the fold calls them with the fields it reads.
export const isPlainMessageStart = (eventId: unknown, message: unknown): boolean =>
  validEventId(eventId) && (message === undefined || message === null || (isRecord(message) && optionalString(message.message_type)));
export const isPlainGroupMarker = (eventId: unknown, index: unknown, messageId: unknown, summary: unknown): boolean =>
  validEventId(eventId) && optionalIndex(index) && optionalString(messageId) && nullishString(summary);
export const isPlainMessageStop = (eventId: unknown): boolean => validEventId(eventId);

/** The approval_request delta (section 4): what is asked, the allowed decisions, the timeout. */
export function isPlainApprovalDelta(d: unknown): boolean {
  if (!isRecord(d)) return false;
  const t = d.timeout_seconds;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t) && t >= 0)) return false;
  const actions = d.action_requests;
  if (actions !== undefined) {
    if (!Array.isArray(actions)) return false;
    for (const a of actions) if (!isRecord(a) || typeof a.name !== 'string') return false;
  }
  const configs = d.review_configs;
  if (configs !== undefined) {
    if (!Array.isArray(configs)) return false;
    for (const c of configs) if (!isRecord(c) || typeof c.action_name !== 'string' || !allStrings(c.allowed_decisions)) return false;
  }
  return true;
}

/**
 * The page's approval reply. Its `answers` reach the view as they are, where the schema would hand
 * over its own copy: an `answers` with an own "__proto__" key (which that copy drops) is left to it.
 */
export function isPlainApprovalReply(m: Record<string, unknown>): boolean {
  if (m.type !== 'approval' || typeof m.approval_key !== 'string' || !optionalString(m.session_id)) return false;
  const decisions = m.decisions;
  if (decisions !== undefined) {
    if (!Array.isArray(decisions)) return false;
    for (const d of decisions) if (typeof d !== 'string' && !(isRecord(d) && typeof d.type === 'string')) return false;
  }
  const answers = m.answers;
  if (answers !== undefined) {
    if (!isRecord(answers) || Object.prototype.hasOwnProperty.call(answers, '__proto__')) return false;
    for (const key in answers) if (typeof answers[key] !== 'string') return false;
  }
  return true;
}

function allStrings(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const v of list) if (typeof v !== 'string') return false;
  return true;
}
