// Zod schemas for Cohere v2 chat streaming events (`POST /v2/chat` with `stream: true`), after the
// `cohere-ai` SDK's StreamedChatResponseV2 union: message-start, content-start/-delta/-end,
// tool-plan-delta, tool-call-start/-delta/-end, citation-start/-end, message-end, debug. Loose
// objects: the API adds fields and the SDK reads on.
import { z } from 'zod';

const str = z.string().nullish();
const index = z.number().int().nonnegative();

const ContentSchema = z.looseObject({ type: str, text: str, thinking: str });
const ToolCallSchema = z.looseObject({ id: str, type: str, function: z.looseObject({ name: str, arguments: str }).nullish() });
const CitationSchema = z.looseObject({
  start: z.number().nullish(),
  end: z.number().nullish(),
  text: str,
  sources: z.array(z.looseObject({ type: str, id: str, document: z.unknown().optional(), tool_output: z.unknown().optional() })).nullish(),
});

const message = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ message: z.looseObject(shape) });

export const EVENT_SCHEMAS = {
  'message-start': z.looseObject({ type: z.literal('message-start'), id: str, delta: message({ role: str }).nullish() }),
  'content-start': z.looseObject({ type: z.literal('content-start'), index, delta: message({ content: ContentSchema }) }),
  'content-delta': z.looseObject({ type: z.literal('content-delta'), index, delta: message({ content: ContentSchema }) }),
  'content-end': z.looseObject({ type: z.literal('content-end'), index }),
  'tool-plan-delta': z.looseObject({ type: z.literal('tool-plan-delta'), delta: message({ tool_plan: z.string() }) }),
  'tool-call-start': z.looseObject({ type: z.literal('tool-call-start'), index, delta: message({ tool_calls: ToolCallSchema }) }),
  'tool-call-delta': z.looseObject({ type: z.literal('tool-call-delta'), index, delta: message({ tool_calls: ToolCallSchema }) }),
  'tool-call-end': z.looseObject({ type: z.literal('tool-call-end'), index }),
  'citation-start': z.looseObject({ type: z.literal('citation-start'), index: index.nullish(), delta: message({ citations: CitationSchema }) }),
  'citation-end': z.looseObject({ type: z.literal('citation-end'), index: index.nullish() }),
  'message-end': z.looseObject({ type: z.literal('message-end'), id: str, delta: z.looseObject({ finish_reason: str, error: str, usage: z.looseObject({}).nullish() }).nullish() }),
  debug: z.looseObject({ type: z.literal('debug') }),
} as const;

export type CohereEventType = keyof typeof EVENT_SCHEMAS;
export type CohereEvent<T extends CohereEventType> = z.infer<(typeof EVENT_SCHEMAS)[T]>;

/** One of EVENT_SCHEMAS' keys; a switch on the literals, since a parsed string is hashed at every lookup by key. */
export function isCohereType(type: unknown): type is CohereEventType {
  switch (type) {
    case 'content-delta':
    case 'content-start':
    case 'content-end':
    case 'message-start':
    case 'message-end':
    case 'tool-plan-delta':
    case 'tool-call-start':
    case 'tool-call-delta':
    case 'tool-call-end':
    case 'citation-start':
    case 'citation-end':
    case 'debug':
      return true;
    default:
      return false;
  }
}

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullishString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const isIndex = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * A content-delta or tool-call-delta in its plain shape, checked by hand so the hot path skips zod; it
 * accepts only what the event's schema accepts (fast-path.test.ts), and every other event still goes
 * through the schema.
 */
export function isPlainDelta(json: Fields): boolean {
  if (json.type !== 'content-delta' && json.type !== 'tool-call-delta') return false;
  return isPlainDeltaBody(json, json.type === 'content-delta');
}

/** The index and `delta.message` of a content or tool-call event (start or delta share one shape). */
function isPlainDeltaBody(json: Fields, content: boolean): boolean {
  if (!isIndex(json.index)) return false;
  const delta = json.delta;
  if (!isObject(delta) || !isObject(delta.message)) return false;
  if (content) {
    const c = delta.message.content;
    return isObject(c) && nullishString(c.type) && nullishString(c.text) && nullishString(c.thinking);
  }
  const t = delta.message.tool_calls;
  if (!isObject(t) || !nullishString(t.id) || !nullishString(t.type)) return false;
  const fn = t.function;
  return fn === undefined || fn === null || (isObject(fn) && nullishString(fn.name) && nullishString(fn.arguments));
}

const nullishObject = (v: unknown): boolean => v === undefined || v === null || isObject(v);

/**
 * Every event of a plain stream checked by hand (the deltas above, their starts and ends, the tool plan,
 * message-start and message-end), under the same rule: only what the event's schema accepts
 * (fast-path.test.ts); citations, debug and every other shape still go through the schema.
 */
export function isPlainEvent(json: Fields): boolean {
  switch (json.type) {
    case 'content-start':
    case 'content-delta':
      return isPlainDeltaBody(json, true);
    case 'tool-call-start':
    case 'tool-call-delta':
      return isPlainDeltaBody(json, false);
    case 'content-end':
    case 'tool-call-end':
      return isIndex(json.index);
    case 'tool-plan-delta':
      return isObject(json.delta) && isObject(json.delta.message) && typeof json.delta.message.tool_plan === 'string';
    case 'message-start': {
      if (!nullishString(json.id)) return false;
      const delta = json.delta;
      if (delta === undefined || delta === null) return true;
      return isObject(delta) && isObject(delta.message) && nullishString(delta.message.role);
    }
    case 'message-end': {
      if (!nullishString(json.id)) return false;
      const delta = json.delta;
      if (delta === undefined || delta === null) return true;
      return isObject(delta) && nullishString(delta.finish_reason) && nullishString(delta.error) && nullishObject(delta.usage);
    }
    default:
      return false;
  }
}
