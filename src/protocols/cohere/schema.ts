// Zod schemas for Cohere v2 chat streaming events (`POST /v2/chat` with `stream: true`), after the
// `cohere-ai` SDK's StreamedChatResponseV2 union: message-start, content-start/-delta/-end,
// tool-plan-delta, tool-call-start/-delta/-end, citation-start/-end, message-end, debug. Loose
// objects: the API adds fields and the SDK reads on.
import { z } from 'zod';
import { isNumber, nullishString } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

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
  // Without its citation both clients read on (the AI SDK only checks the type): nothing to show.
  'citation-start': z.looseObject({ type: z.literal('citation-start'), index: index.nullish(), delta: message({ citations: CitationSchema }).nullish() }),
  'citation-end': z.looseObject({ type: z.literal('citation-end'), index: index.nullish() }),
  'message-end': z.looseObject({ type: z.literal('message-end'), id: str, delta: z.looseObject({ finish_reason: str, error: str, usage: z.looseObject({}).nullish() }).nullish() }),
  debug: z.looseObject({ type: z.literal('debug') }),
} as const;

/**
 * What the AI SDK's Cohere provider (`@ai-sdk/cohere` 4.0, its `cohereChatChunkSchema`) accepts of each
 * event: stricter than the API reference and cohere-ai (message-end needs `finish_reason` and
 * `usage.tokens`, a tool call its id, `type: "function"`, name and arguments, content its text or
 * thinking), and no `debug` event. An event it rejects makes it report an error and end with finish
 * reason `error`; the fold still shows the event as cohere-ai reads it.
 */
const aiSdkUsage = z.looseObject({
  billed_units: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }).nullish(),
  tokens: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
  cached_tokens: z.number().nullish(),
});
const aiSdkMessage = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ message: z.looseObject(shape) });

export const AI_SDK_SCHEMAS: Partial<Record<keyof typeof EVENT_SCHEMAS, z.ZodType>> = {
  'citation-start': z.looseObject({ type: z.literal('citation-start') }),
  'citation-end': z.looseObject({ type: z.literal('citation-end') }),
  'content-start': z.looseObject({
    type: z.literal('content-start'),
    index: z.number(),
    delta: aiSdkMessage({ content: z.union([z.looseObject({ type: z.literal('text'), text: z.string() }), z.looseObject({ type: z.literal('thinking'), thinking: z.string() })]) }),
  }),
  'content-delta': z.looseObject({
    type: z.literal('content-delta'),
    index: z.number(),
    delta: aiSdkMessage({ content: z.union([z.looseObject({ text: z.string() }), z.looseObject({ thinking: z.string() })]) }),
  }),
  'content-end': z.looseObject({ type: z.literal('content-end'), index: z.number() }),
  'message-start': z.looseObject({ type: z.literal('message-start'), id: z.string().nullish() }),
  'message-end': z.looseObject({ type: z.literal('message-end'), delta: z.looseObject({ finish_reason: z.string(), usage: aiSdkUsage }) }),
  'tool-plan-delta': z.looseObject({ type: z.literal('tool-plan-delta'), delta: aiSdkMessage({ tool_plan: z.string() }) }),
  'tool-call-start': z.looseObject({
    type: z.literal('tool-call-start'),
    delta: aiSdkMessage({ tool_calls: z.looseObject({ id: z.string(), type: z.literal('function'), function: z.looseObject({ name: z.string(), arguments: z.string() }) }) }),
  }),
  'tool-call-delta': z.looseObject({ type: z.literal('tool-call-delta'), delta: aiSdkMessage({ tool_calls: z.looseObject({ function: z.looseObject({ arguments: z.string() }) }) }) }),
  'tool-call-end': z.looseObject({ type: z.literal('tool-call-end') }),
};

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
const isIndex = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The index and `delta.message` of a content or tool-call event (start or delta share one shape). */
function isPlainDeltaBody(json: Fields, content: boolean, start: boolean): boolean {
  if (!isIndex(json.index)) return false;
  const delta = json.delta;
  if (!isRecord(delta) || !isRecord(delta.message)) return false;
  if (content) {
    const c = delta.message.content;
    if (!isRecord(c) || !nullishString(c.type) || !nullishString(c.text) || !nullishString(c.thinking)) return false;
    // The AI SDK: a start names its kind and carries its field; a delta carries text or thinking.
    if (start) return (c.type === 'text' && typeof c.text === 'string') || (c.type === 'thinking' && typeof c.thinking === 'string');
    return typeof c.text === 'string' || typeof c.thinking === 'string';
  }
  const t = delta.message.tool_calls;
  if (!isRecord(t) || !nullishString(t.id) || !nullishString(t.type)) return false;
  const fn = t.function;
  if (!isRecord(fn) || !nullishString(fn.name) || typeof fn.arguments !== 'string') return false;
  // The AI SDK: a start carries the call's id, `type: "function"` and its name.
  return !start || (typeof t.id === 'string' && t.type === 'function' && typeof fn.name === 'string');
}

const nullishObject = (v: unknown): boolean => v === undefined || v === null || isRecord(v);
const isCounts = (v: unknown): boolean => isRecord(v) && isNumber(v.input_tokens) && isNumber(v.output_tokens);

/** message-end's `usage` as the AI SDK requires it: `tokens` counted, `billed_units` and `cached_tokens` optional. */
function isPlainUsage(usage: unknown): boolean {
  if (!isRecord(usage) || !isCounts(usage.tokens)) return false;
  if (usage.billed_units !== undefined && usage.billed_units !== null && !isCounts(usage.billed_units)) return false;
  return usage.cached_tokens === undefined || usage.cached_tokens === null || isNumber(usage.cached_tokens);
}

/**
 * Every event of a plain stream checked by hand (the deltas above, their starts and ends, the tool plan,
 * message-start and message-end), under the same rule: only what both the event's schema and the AI
 * SDK's accept (fast-path.test.ts); citations, debug and every other shape still go through the schemas.
 */
export function isPlainEvent(json: Fields): boolean {
  switch (json.type) {
    case 'content-start':
      return isPlainDeltaBody(json, true, true);
    case 'content-delta':
      return isPlainDeltaBody(json, true, false);
    case 'tool-call-start':
      return isPlainDeltaBody(json, false, true);
    case 'tool-call-delta':
      return isPlainDeltaBody(json, false, false);
    case 'content-end':
    case 'tool-call-end':
      return isIndex(json.index);
    case 'tool-plan-delta':
      return isRecord(json.delta) && isRecord(json.delta.message) && typeof json.delta.message.tool_plan === 'string';
    case 'message-start': {
      if (!nullishString(json.id)) return false;
      const delta = json.delta;
      if (delta === undefined || delta === null) return true;
      return isRecord(delta) && isRecord(delta.message) && nullishString(delta.message.role);
    }
    case 'message-end': {
      if (!nullishString(json.id)) return false;
      const delta = json.delta;
      return isRecord(delta) && typeof delta.finish_reason === 'string' && nullishString(delta.error) && nullishObject(delta.usage) && isPlainUsage(delta.usage);
    }
    default:
      return false;
  }
}
