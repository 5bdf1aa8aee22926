// Zod schemas for the Gemini Interactions API stream (`POST /v1beta/interactions` with `stream: true`),
// after `@google/genai`'s InteractionSSEEvent union (steps enabled): interaction.created,
// interaction.status_update, step.start / step.delta / step.stop, interaction.completed, error. Loose
// objects: the API adds fields (`event_id`, `metadata`, usage details) and clients read on.
import { z } from 'zod';
import { nullishString } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

const str = z.string().nullish();
const index = z.number().int().nonnegative();

const InteractionSchema = z.looseObject({ id: str, status: z.string(), model: str, usage: z.looseObject({}).nullish() });

/** A step's shell at its start; `function_call` steps carry id and name, result steps the `call_id` they answer. */
export const StepSchema = z.looseObject({ type: z.string(), id: str, name: str, call_id: str, arguments: z.unknown().optional(), signature: str });

/** A step delta; which fields it carries depends on its `type`. */
export const DeltaSchema = z.looseObject({
  type: z.string(),
  text: str,
  signature: str,
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
  is_error: z.boolean().nullish(),
  annotations: z.array(z.looseObject({ url: str, title: str })).nullish(),
});

export const EVENT_SCHEMAS = {
  'interaction.created': z.looseObject({ event_type: z.literal('interaction.created'), interaction: InteractionSchema }),
  'interaction.status_update': z.looseObject({ event_type: z.literal('interaction.status_update'), interaction_id: str, status: z.string() }),
  'step.start': z.looseObject({ event_type: z.literal('step.start'), index, step: StepSchema }),
  'step.delta': z.looseObject({ event_type: z.literal('step.delta'), index, delta: DeltaSchema }),
  'step.stop': z.looseObject({ event_type: z.literal('step.stop'), index }),
  'interaction.completed': z.looseObject({ event_type: z.literal('interaction.completed'), interaction: InteractionSchema }),
  error: z.looseObject({ event_type: z.literal('error'), error: z.looseObject({ code: z.unknown().optional(), message: str }) }),
} as const;

export type InteractionEventType = keyof typeof EVENT_SCHEMAS;
export type InteractionEvent<T extends InteractionEventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;
export type StepDelta = z.infer<typeof DeltaSchema>;

/** One of EVENT_SCHEMAS' keys; a switch on the literals, since a parsed string is hashed at every lookup by key. */
export function isInteractionEventType(type: unknown): type is InteractionEventType {
  switch (type) {
    case 'step.delta':
    case 'step.start':
    case 'step.stop':
    case 'interaction.created':
    case 'interaction.status_update':
    case 'interaction.completed':
    case 'error':
      return true;
    default:
      return false;
  }
}

/**
 * A step.stop, or a step.delta carrying only string fields (text, signature, streamed arguments), in its
 * plain shape, checked by hand so the hot path skips zod; it accepts only what the schema accepts
 * (describe.test.ts), and every other event still goes through the schema.
 */
export function isPlainTextDelta(json: Record<string, unknown>): boolean {
  const type = json.event_type;
  if ((type !== 'step.delta' && type !== 'step.stop') || typeof json.index !== 'number' || !Number.isSafeInteger(json.index) || json.index < 0) return false;
  if (type === 'step.stop') return true;
  const d = json.delta;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return false;
  const delta = d as Record<string, unknown>;
  if (typeof delta.type !== 'string') return false;
  for (const k of ['text', 'signature', 'arguments']) if (delta[k] !== undefined && typeof delta[k] !== 'string') return false;
  return delta.result === undefined && delta.is_error === undefined && delta.annotations === undefined;
}

type Fields = Record<string, unknown>;
const isIndex = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The interaction of interaction.created / interaction.completed, as InteractionSchema takes it. */
function isPlainInteraction(v: unknown): boolean {
  if (!isRecord(v) || typeof v.status !== 'string' || !nullishString(v.id) || !nullishString(v.model)) return false;
  return v.usage === undefined || v.usage === null || isRecord(v.usage);
}

/**
 * Every event of a plain stream checked by hand: the deltas and stops above, step.start, the
 * interaction's creation, status updates and completion; the same rule, only what the event's schema
 * accepts (fast-path.test.ts). Errors, deltas with results or annotations, and every other shape still
 * go through the schema.
 */
export function isPlainEvent(json: Fields): boolean {
  switch (json.event_type) {
    case 'step.delta':
    case 'step.stop':
      return isPlainTextDelta(json);
    case 'step.start': {
      const step = json.step;
      if (!isIndex(json.index) || !isRecord(step) || typeof step.type !== 'string') return false;
      return nullishString(step.id) && nullishString(step.name) && nullishString(step.call_id) && nullishString(step.signature);
    }
    case 'interaction.created':
    case 'interaction.completed':
      return isPlainInteraction(json.interaction);
    case 'interaction.status_update':
      return typeof json.status === 'string' && nullishString(json.interaction_id);
    default:
      return false;
  }
}

/** The request body field a long decode's next request sends its token back in (the fold and the conversation reader read it). */
export const REQUEST_TOKEN_FIELD = 'continuation_token';
