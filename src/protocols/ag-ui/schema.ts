// AG-UI event schemas. The current events come from `@ag-ui/core/schemas` (the protocol owners' own zod
// schemas, 1.0.0: loose objects, so unknown extra fields pass). 1.0.0 no longer describes the deprecated
// THINKING_* events, which older clients still accept and producers still send, so those few are declared
// here with the same base fields.
import { z } from 'zod';
import { EventSchemas } from '@ag-ui/core/schemas';
import { attribution, clearPlainLane, defined, isPlainLifecycleEvent, keyCount, plainBase, plainLifecycleCode } from './plain-events';
import { stripUnrecognised, type Stripped } from './strip';
import { Code } from './event-types';

const base = {
  timestamp: z.number().optional(),
  rawEvent: z.unknown().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
};

export const ThinkingStartEventSchema = z.looseObject({ type: z.literal('THINKING_START'), title: z.string().optional(), ...base });
export const ThinkingEndEventSchema = z.looseObject({ type: z.literal('THINKING_END'), ...base });
export const ThinkingTextMessageStartEventSchema = z.looseObject({ type: z.literal('THINKING_TEXT_MESSAGE_START'), ...base });
export const ThinkingTextMessageContentEventSchema = z.looseObject({
  type: z.literal('THINKING_TEXT_MESSAGE_CONTENT'),
  delta: z.string(),
  ...base,
});
export const ThinkingTextMessageEndEventSchema = z.looseObject({ type: z.literal('THINKING_TEXT_MESSAGE_END'), ...base });

const legacySchemas = [
  ThinkingStartEventSchema,
  ThinkingEndEventSchema,
  ThinkingTextMessageStartEventSchema,
  ThinkingTextMessageContentEventSchema,
  ThinkingTextMessageEndEventSchema,
] as const;

export type CurrentEvent = z.infer<typeof EventSchemas>;
export type LegacyThinkingEvent = z.infer<(typeof legacySchemas)[number]>;
export type AguiEvent = CurrentEvent | LegacyThinkingEvent;
export type AguiEventType = AguiEvent['type'];
/**
 * The event of one type: for a stage handed the type apart from the event (read once per event rather
 * than once per stage), which a switch on that type does not narrow.
 */
export type EventOf<T extends AguiEventType> = Extract<AguiEvent, { type: T }>;

/** One schema per event type, so an event is checked against its own shape (clearer issues than the union's). */
const byType = new Map<string, z.ZodType>();
for (const schema of EventSchemas.options) byType.set(String(schema.shape.type.value), schema);
for (const schema of legacySchemas) byType.set(schema.shape.type.value, schema);

export const THINKING_TYPES: ReadonlySet<string> = new Set(legacySchemas.map((s) => s.shape.type.value));

export function isAguiEventType(type: string): boolean {
  return byType.has(type);
}

export type ParsedEvent =
  | { kind: 'event'; event: AguiEvent; stripped?: Stripped[] }
  | { kind: 'not-event'; reason: string }
  | { kind: 'unknown-type'; type: string }
  /** The whole event is unrecognisable (an unknown member in a required position): dropped. */
  | { kind: 'dropped'; type: string; stripped: Stripped[] }
  | { kind: 'invalid'; type: string; issues: string };

/** The current event types, whose schemas describe exactly what 1.1 knows (THINKING_* are ours, loose). */
const currentTypes = new Set<string>(EventSchemas.options.map((schema) => String(schema.shape.type.value)));

/**
 * Validates one decoded JSON value. Never throws. A current event first goes through the enforcement
 * stage (strip.ts): what the protocol does not describe is removed and listed in `stripped`, and the
 * rest is validated, so a malformed known value is still `invalid`.
 */
export function parseEvent(json: unknown): ParsedEvent {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { kind: 'not-event', reason: 'the frame is not a JSON object' };
  }
  const type = (json as { type?: unknown }).type;
  if (typeof type !== 'string' || type.length === 0) return { kind: 'not-event', reason: 'the frame carries no event type' };
  if (isPlainHotEvent(json as Record<string, unknown>, type) || isPlainLifecycleEvent(json as Record<string, unknown>, type)) {
    return { kind: 'event', event: json as AguiEvent };
  }
  const schema = byType.get(type);
  if (!schema) return { kind: 'unknown-type', type };
  let value: unknown = json;
  let stripped: Stripped[] | undefined;
  if (currentTypes.has(type)) {
    const result = stripUnrecognised(json, schema);
    if (result.dropped) return { kind: 'dropped', type, stripped: result.stripped };
    if (result.stripped.length > 0) {
      value = result.value;
      stripped = result.stripped;
    }
  }
  const result = schema.safeParse(value);
  if (result.success) return stripped ? { kind: 'event', event: result.data as AguiEvent, stripped } : { kind: 'event', event: result.data as AguiEvent };
  return { kind: 'invalid', type, issues: describeIssues(result.error.issues) };
}

/**
 * The Code of an event the fold takes as it is: it passes the hand checks (so parseEvent would give it
 * back unchanged), which also leave out any event carrying a null the fold drops and reports.
 * Code.NONE for anything else, which goes through parseEvent.
 */
export function plainEventCode(json: unknown): Code {
  if (typeof json !== 'object' || json === null) return Code.NONE;
  const fields = json as Record<string, unknown>;
  const type = fields.type;
  if (typeof type !== 'string') return Code.NONE;
  clearPlainLane();
  const hot = plainHotCode(fields, type);
  return hot !== Code.NONE ? hot : plainLifecycleCode(fields, type);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(event)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The streamed events checked by hand so they skip the zod schema: only the plain shape (string fields,
 * of the base fields only a plain `rawEvent` and `timestamp`, no role) is taken, it accepts only what the schema accepts (fast-path.test.ts), and
 * every other event still goes through the schema. Nor does it take an event carrying a null the fold
 * reads as absent (parentMessageId, outcome, result; rawEvent is a base field), so the fold has none to
 * drop and report. A switch on the type rather than a table: this runs on every event. Each case reads
 * the fields itself rather than through a shared helper, whose reads would see every event's shape
 * (megamorphic, each a lookup); a case's reads see its own type's one or two shapes.
 */
export function isPlainHotEvent(json: Record<string, unknown>, type: string): boolean {
  return plainHotCode(json, type) !== Code.NONE;
}

/**
 * isPlainHotEvent, giving the event's Code (Code.NONE for false). The key count stands for the checks
 * that nothing else is there: no `metadata`, no attribution, no role, no undescribed property.
 */
function plainHotCode(json: Record<string, unknown>, type: string): Code {
  switch (type) {
    case 'TEXT_MESSAGE_CONTENT':
      return (typeof json.messageId === 'string' && typeof json.delta === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 3) ? Code.TEXT_MESSAGE_CONTENT : Code.NONE;
    case 'REASONING_MESSAGE_CONTENT':
      return (typeof json.messageId === 'string' && typeof json.delta === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 3) ? Code.REASONING_MESSAGE_CONTENT : Code.NONE;
    case 'TOOL_CALL_ARGS':
      return (typeof json.toolCallId === 'string' && typeof json.delta === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 3) ? Code.TOOL_CALL_ARGS : Code.NONE;
    // TEXT_MESSAGE_CHUNK's role is an enum: left to the schema, and so is any role on the others.
    case 'TEXT_MESSAGE_CHUNK':
      return (
        optionalString(json.messageId) && optionalString(json.delta) && optionalString(json.name) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 1 + defined(json.messageId) + defined(json.delta) + defined(json.name)
      ) ? Code.TEXT_MESSAGE_CHUNK : Code.NONE;
    case 'TOOL_CALL_CHUNK':
      return (
        optionalString(json.toolCallId) && optionalString(json.toolCallName) && optionalString(json.parentMessageId) && optionalString(json.delta) &&
        keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 1 + defined(json.toolCallId) + defined(json.toolCallName) + defined(json.parentMessageId) + defined(json.delta)
      ) ? Code.TOOL_CALL_CHUNK : Code.NONE;
    case 'REASONING_MESSAGE_CHUNK':
      return (optionalString(json.messageId) && optionalString(json.delta) && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + attribution(json.subagentRunId) + 1 + defined(json.messageId) + defined(json.delta)) ? Code.REASONING_MESSAGE_CHUNK : Code.NONE;
    case 'THINKING_TEXT_MESSAGE_CONTENT':
      return (typeof json.delta === 'string' && keyCount(json) === plainBase(json.rawEvent, json.timestamp) + 2) ? Code.THINKING_TEXT_MESSAGE_CONTENT : Code.NONE;
    default:
      return Code.NONE;
  }
}

const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
