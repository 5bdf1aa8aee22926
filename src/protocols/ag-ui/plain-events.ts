// Hand checks for the AG-UI events that open and close things (runs, messages, tool calls, steps,
// reasoning spans), and a plain state snapshot. A short session is mostly such events, and zod on each cost more than the rest of
// the fold. Same promise as isPlainHotEvent: true only for what the 1.0 schema accepts (fast-path.test.ts),
// only the plain shape (of the base fields, a plain `rawEvent` and `timestamp` only: plainBase); anything else goes through the schema, which words
// the finding. Events whose zod output is a reordered copy that reaches the view (RUN_STARTED.input,
// usage, multi-part tool results) are left to the schema so the view stays byte for byte the same.
import { isRecord } from '../shared/view-helpers';
import { Code } from './event-types';

const TEXT_ROLES: ReadonlySet<unknown> = new Set(['developer', 'system', 'assistant', 'user']);

const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';

/**
 * Like isPlainHotEvent (schema.ts), it also leaves out an event carrying a null the fold reads as absent
 * (parentMessageId, outcome, result; rawEvent is a base field), and each case reads the fields itself:
 * a shared helper's reads would see every event's shape.
 */
export function isPlainLifecycleEvent(json: Record<string, unknown>, type: string): boolean {
  return plainLifecycleCode(json, type) !== Code.NONE;
}

/**
 * isPlainLifecycleEvent, giving the event's Code (Code.NONE for false). Each case checks its fields and
 * counts the keys: an event with a key beyond the ones checked (`metadata`, an attribution, an
 * undescribed property the enforcement stage strips) is left to the schema path.
 */
export function plainLifecycleCode(json: Record<string, unknown>, type: string): Code {
  switch (type) {
    case 'RUN_STARTED':
      return (
        typeof json.threadId === 'string' && typeof json.runId === 'string' && optionalString(json.protocolVersion) && optionalString(json.parentRunId) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + 3 + defined(json.protocolVersion) + defined(json.parentRunId)
      ) ? Code.RUN_STARTED : Code.NONE;
    case 'RUN_FINISHED':
      // outcome: absent or an outcome object, so not null; result: any value but null.
      return (
        typeof json.threadId === 'string' && typeof json.runId === 'string' && json.result !== null && plainOutcome(json.outcome) && plainUsage(json.usage) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + 3 + defined(json.outcome) + defined(json.result) + defined(json.usage)
      ) ? Code.RUN_FINISHED : Code.NONE;
    case 'RUN_ERROR':
      return (
        typeof json.message === 'string' && optionalString(json.code) && plainUsage(json.usage) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + 2 + defined(json.code) + defined(json.usage)
      ) ? Code.RUN_ERROR : Code.NONE;
    case 'REASONING_START':
      return (typeof json.messageId === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.REASONING_START : Code.NONE;
    case 'REASONING_END':
      return (typeof json.messageId === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.REASONING_END : Code.NONE;
    case 'TEXT_MESSAGE_END':
      return (typeof json.messageId === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.TEXT_MESSAGE_END : Code.NONE;
    case 'REASONING_MESSAGE_END':
      return (typeof json.messageId === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.REASONING_MESSAGE_END : Code.NONE;
    case 'TEXT_MESSAGE_START':
      return (
        typeof json.messageId === 'string' && (json.role === undefined || TEXT_ROLES.has(json.role)) && optionalString(json.name) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2 + defined(json.role) + defined(json.name)
      ) ? Code.TEXT_MESSAGE_START : Code.NONE;
    case 'REASONING_MESSAGE_START':
      return (typeof json.messageId === 'string' && json.role === 'reasoning' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 3) ? Code.REASONING_MESSAGE_START : Code.NONE;
    case 'TOOL_CALL_START':
      // parentMessageId: a string or absent, so not null.
      return (
        typeof json.toolCallId === 'string' && typeof json.toolCallName === 'string' && optionalString(json.parentMessageId) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 3 + defined(json.parentMessageId)
      ) ? Code.TOOL_CALL_START : Code.NONE;
    case 'TOOL_CALL_END':
      return (typeof json.toolCallId === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.TOOL_CALL_END : Code.NONE;
    case 'TOOL_CALL_RESULT':
      return (
        typeof json.messageId === 'string' && typeof json.toolCallId === 'string' && typeof json.content === 'string' && (json.role === undefined || json.role === 'tool') &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 4 + defined(json.role)
      ) ? Code.TOOL_CALL_RESULT : Code.NONE;
    case 'STEP_STARTED':
      return (typeof json.stepName === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.STEP_STARTED : Code.NONE;
    case 'STEP_FINISHED':
      return (typeof json.stepName === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.STEP_FINISHED : Code.NONE;
    case 'STATE_SNAPSHOT':
      // The schema's snapshot is any value but undefined, which JSON cannot send; the fold keeps the
      // snapshot by reference, as it keeps zod's (zod copies the event, not the value). The strip walk
      // and zod cost a state-carrying stream more than the rest of its fold.
      return (json.snapshot !== undefined && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.STATE_SNAPSHOT : Code.NONE;
    case 'STATE_DELTA':
      return (plainPatch(json.delta) && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2) ? Code.STATE_DELTA : Code.NONE;
    // A sub-agent's own events: its subagentRunId is required, and is the lane they apply in.
    case 'SUBAGENT_STARTED':
      return (
        typeof json.subagentRunId === 'string' && typeof json.name === 'string' && optionalString(json.description) && optionalString(json.parentSubagentRunId) &&
        optionalString(json.parentToolCallId) && optionalString(json.parentMessageId) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2 + defined(json.description) + defined(json.parentSubagentRunId) + defined(json.parentToolCallId) + defined(json.parentMessageId)
      ) ? Code.SUBAGENT_STARTED : Code.NONE;
    case 'SUBAGENT_FINISHED':
      // result: any value but null; outcome: absent or a known outcome, so not null.
      return (
        typeof json.subagentRunId === 'string' && json.result !== null && plainSubagentOutcome(json.outcome) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 1 + defined(json.result) + defined(json.outcome)
      ) ? Code.SUBAGENT_FINISHED : Code.NONE;
    case 'SUBAGENT_ERROR':
      return (
        typeof json.subagentRunId === 'string' && typeof json.message === 'string' && optionalString(json.code) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 2 + defined(json.code)
      ) ? Code.SUBAGENT_ERROR : Code.NONE;
    default:
      return Code.NONE;
  }
}

/**
 * The subagentRunId of the event the hand checks last took one from: the lane the event applies in.
 * Kept here rather than read again by the fold, whose read would see every event's shape.
 */
let lane: string | undefined;

/** Forgets the lane of the event checked before (plainEventCode, before each event). */
export function clearPlainLane(): void {
  lane = undefined;
}

/** The subagentRunId of the event the hand checks just took, if it carries one. */
export function plainLane(): string | undefined {
  return lane;
}

/**
 * 1 for a subagentRunId that is a string (kept as the event's lane), 0 for none. Any other value gives
 * a negative number, which no key count equals: the schema rejects it. Only for the events whose schema
 * describes the attribution (not the run's own: RUN_* carry none).
 */
export function attribution(subagentRunId: unknown): number {
  if (subagentRunId === undefined) return 0;
  if (typeof subagentRunId !== 'string') return NOT_PLAIN;
  lane = subagentRunId;
  return 1;
}

/**
 * How many of the base fields a fast path takes are present and plain: `rawEvent` (any value but null,
 * which the fold drops and reports) and `timestamp` (a safe integer, as the schema's `z.int()`). A value
 * of either that the schema would reject or the fold would report gives a negative number, which no key
 * count equals, so the event goes through the schema. The caller reads the two fields itself (see
 * isPlainLifecycleEvent). The AG-UI .NET SDK's server, for one, puts the model's
 * own chunk in `rawEvent` on every content event.
 */
export function plainBase(rawEvent: unknown, timestamp: unknown): number {
  const raw = rawEvent === undefined ? 0 : rawEvent === null ? NOT_PLAIN : 1;
  const time = timestamp === undefined ? 0 : Number.isSafeInteger(timestamp) ? 1 : NOT_PLAIN;
  return raw + time;
}

const NOT_PLAIN = -1000;

/** 1 for a field that is present, 0 for an absent one (JSON has no undefined value). */
export function defined(v: unknown): number {
  return v === undefined ? 0 : 1;
}

/** The number of keys of a parsed JSON object, without making a list of them. */
export function keyCount(json: object): number {
  let n = 0;
  for (const _ in json) n++;
  return n;
}

/** RUN_FINISHED's outcome: absent, or one of the three outcome shapes. */
function plainOutcome(outcome: unknown): boolean {
  if (outcome === undefined) return true;
  if (!isRecord(outcome)) return false;
  const o = outcome as Record<string, unknown>;
  switch (o.type) {
    case 'success':
      return (o.pendingToolCallIds === undefined || allStrings(o.pendingToolCallIds)) && keyCount(o) === 1 + defined(o.pendingToolCallIds);
    case 'interrupt':
      return plainInterrupts(o.interrupts) && keyCount(o) === 2;
    case 'cancelled':
      return keyCount(o) === 1;
    default:
      return false;
  }
}

/** SUBAGENT_FINISHED's outcome: absent, success, or suspended with the interrupts it waits on. */
function plainSubagentOutcome(outcome: unknown): boolean {
  if (outcome === undefined) return true;
  if (!isRecord(outcome)) return false;
  const o = outcome as Record<string, unknown>;
  if (o.type === 'success') return keyCount(o) === 1;
  if (o.type === 'suspended') return (o.interruptIds === undefined || allStrings(o.interruptIds)) && keyCount(o) === 1 + defined(o.interruptIds);
  return false;
}

/** The token counts of TokenUsage (non-negative safe integers), in the schema's order. */
export const USAGE_COUNTS = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteInputTokens'] as const;

const isCount = (v: unknown): boolean => v === undefined || (Number.isSafeInteger(v) && (v as number) >= 0);

/**
 * RUN_FINISHED's and RUN_ERROR's usage: absent, or a list of entries that hold only the fields TokenUsage
 * describes (an undescribed one is stripped with a warning, on the schema path).
 */
function plainUsage(usage: unknown): boolean {
  if (usage === undefined) return true;
  if (!Array.isArray(usage)) return false;
  for (const raw of usage) {
    if (!isRecord(raw)) return false;
    const u = raw as Record<string, unknown>;
    if (!optionalString(u.provider) || !optionalString(u.model)) return false;
    if (!isCount(u.inputTokens) || !isCount(u.outputTokens) || !isCount(u.totalTokens) || !isCount(u.reasoningTokens) || !isCount(u.cachedInputTokens) || !isCount(u.cacheWriteInputTokens)) return false;
    const fields =
      defined(u.provider) + defined(u.model) + defined(u.inputTokens) + defined(u.outputTokens) + defined(u.totalTokens) + defined(u.reasoningTokens) + defined(u.cachedInputTokens) + defined(u.cacheWriteInputTokens);
    if (keyCount(u) !== fields) return false;
  }
  return true;
}

/** RFC 6901 pointers, as the schema's JsonPointerSchema. */
const JSON_POINTER = /^(\/([^/~]|~[01])*)*$/;

/**
 * STATE_DELTA's patch: a list of the six RFC 6902 operations, each with only its own fields (the schema
 * leaves operations open, the hand check does not), its pointers well formed and a value where the
 * operation takes one.
 */
function plainPatch(patch: unknown): boolean {
  if (!Array.isArray(patch)) return false;
  for (const raw of patch) {
    if (!isRecord(raw)) return false;
    const op = raw as Record<string, unknown>;
    if (typeof op.path !== 'string' || !JSON_POINTER.test(op.path)) return false;
    switch (op.op) {
      case 'add':
      case 'replace':
      case 'test':
        if (op.value === undefined || keyCount(op) !== 3) return false;
        break;
      case 'remove':
        if (keyCount(op) !== 2) return false;
        break;
      case 'move':
      case 'copy':
        if (typeof op.from !== 'string' || !JSON_POINTER.test(op.from) || keyCount(op) !== 3) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

function allStrings(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const v of list) if (typeof v !== 'string') return false;
  return true;
}

function plainInterrupts(list: unknown): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  for (const raw of list) {
    if (!isRecord(raw)) return false;
    const i = raw as Record<string, unknown>;
    if (typeof i.id !== 'string' || typeof i.reason !== 'string') return false;
    if (!optionalString(i.message) || !optionalString(i.toolCallId) || !optionalString(i.expiresAt) || !optionalString(i.subagentRunId)) return false;
    if (i.responseSchema !== undefined && !isRecord(i.responseSchema)) return false;
    if (i.metadata !== undefined && !isRecord(i.metadata)) return false;
    const fields = 2 + defined(i.message) + defined(i.toolCallId) + defined(i.expiresAt) + defined(i.subagentRunId) + defined(i.responseSchema) + defined(i.metadata);
    if (keyCount(i) !== fields) return false;
  }
  return true;
}
