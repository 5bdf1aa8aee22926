// What the AI SDK's OpenAI provider (`@ai-sdk/openai` 4, the Responses model's chunk schema) accepts of
// the events the fold shows. openai-node checks little at run time; the AI SDK validates every event it
// models, and one that fails its schema ("Known response chunk failed schema validation") ends its stream
// with an error: a `created_at` or `model` of the wrong type, a function call item without its `name` or
// `arguments` (or, done, its `status`), logprobs that are not a list, usage without its token counts. Event
// types it does not model it passes on as unknown, so those are not checked here; neither are the item
// types it models and the fold shows only raw (computer, shell, apply-patch calls), nor annotations (xAI's
// url_citation lacks the offsets it requires; @ai-sdk/xai reads them). Items: ai-sdk-items.ts. Mirrored by hand (the
// provider does not export it); test/unit/openai-responses-aisdk-agreement.test.ts runs the provider itself.
import { z } from 'zod';
import { describeIssues, isRecord } from '../shared/view-helpers';
import { isNumber, nullish, nullishNumber, nullishString, type Fields } from '../shared/hand-checks';
import { ADDED_ITEMS, DONE_CALL_STATUSES, DONE_ITEMS } from './ai-sdk-items';

const str = z.string().nullish();
const num = z.number().nullish();

const Usage = z.looseObject({
  input_tokens: z.number(),
  input_tokens_details: z.looseObject({ cached_tokens: num }).nullish(),
  output_tokens: z.number(),
  output_tokens_details: z.looseObject({ reasoning_tokens: num }).nullish(),
});

const Started = z.looseObject({ response: z.looseObject({ id: z.string(), created_at: z.number(), model: z.string(), service_tier: str }) });
const Ended = z.looseObject({ response: z.looseObject({ incomplete_details: z.looseObject({ reason: z.string() }).nullish(), usage: Usage.nullish(), service_tier: str }) });

const Logprob = z.looseObject({ token: z.string(), logprob: z.number() });

const ItemEvent = z.looseObject({ output_index: z.number(), item: z.looseObject({ type: z.string() }) });
const summary = { item_id: z.string(), output_index: num, summary_index: z.number() };

const EVENTS: Readonly<Record<string, z.ZodType>> = {
  'response.created': Started,
  'response.in_progress': Started,
  'response.completed': Ended,
  'response.incomplete': Ended,
  'response.output_text.delta': z.looseObject({
    item_id: z.string(),
    output_index: num,
    delta: z.string(),
    logprobs: z.array(Logprob.extend({ top_logprobs: z.array(Logprob) })).nullish(),
  }),
  'response.refusal.delta': z.looseObject({ item_id: z.string(), output_index: num, content_index: num, delta: z.string() }),
  'response.refusal.done': z.looseObject({ item_id: z.string(), output_index: num, content_index: num, refusal: z.string() }),
  'response.output_item.added': ItemEvent,
  'response.output_item.done': ItemEvent,
  'response.function_call_arguments.delta': z.looseObject({ item_id: z.string(), output_index: z.number(), delta: z.string() }),
  'response.function_call_arguments.done': z.looseObject({ item_id: z.string(), output_index: z.number(), arguments: z.string() }),
  'response.reasoning_summary_part.added': z.looseObject(summary),
  'response.reasoning_summary_part.done': z.looseObject(summary),
  'response.reasoning_summary_text.delta': z.looseObject({ ...summary, delta: z.string() }),
  // Hosted and custom tool progress the fold shows as the call's input or result.
  'response.custom_tool_call_input.delta': z.looseObject({ item_id: z.string(), output_index: z.number(), delta: z.string() }),
  'response.code_interpreter_call_code.delta': z.looseObject({ item_id: z.string(), output_index: z.number(), delta: z.string() }),
  'response.code_interpreter_call_code.done': z.looseObject({ item_id: z.string(), output_index: z.number(), code: z.string() }),
  'response.image_generation_call.partial_image': z.looseObject({ item_id: z.string(), output_index: z.number(), partial_image_b64: z.string() }),
};


const detailsOk = (d: unknown, key: string): boolean => nullish(d) || (isRecord(d) && nullishNumber(d[key]));

function isPlainUsage(u: unknown): boolean {
  return nullish(u) || (isRecord(u) && isNumber(u.input_tokens) && isNumber(u.output_tokens) && detailsOk(u.input_tokens_details, 'cached_tokens') && detailsOk(u.output_tokens_details, 'reasoning_tokens'));
}

const CALL_STATUSES: ReadonlySet<unknown> = new Set(DONE_CALL_STATUSES);

/** A message, reasoning or function call item with the fields the provider requires (a done call's status too). */
function isPlainItem(item: unknown, done: boolean): boolean {
  if (!isRecord(item) || typeof item.id !== 'string') return false;
  switch (item.type) {
    case 'message':
      return nullish(item.phase) || item.phase === 'commentary' || item.phase === 'final_answer';
    case 'reasoning':
      return nullishString(item.encrypted_content);
    case 'function_call':
      return typeof item.call_id === 'string' && typeof item.name === 'string' && typeof item.arguments === 'string' && (!done || CALL_STATUSES.has(item.status));
    default:
      return false;
  }
}

/**
 * The events of a plain stream (lifecycle events with their identity and usage, message, reasoning and
 * function call items, text, argument and summary deltas without logprobs), checked by hand so that
 * they do not go through zod; it accepts only what EVENTS and ITEMS accept (ai-sdk-schema.test.ts).
 */
export function isPlainForAiSdk(event: Fields): boolean {
  switch (event.type) {
    case 'response.output_text.delta':
      return typeof event.item_id === 'string' && typeof event.delta === 'string' && nullishNumber(event.output_index) && (nullish(event.logprobs) || (Array.isArray(event.logprobs) && event.logprobs.length === 0));
    case 'response.function_call_arguments.delta':
    case 'response.custom_tool_call_input.delta':
    case 'response.code_interpreter_call_code.delta':
      return typeof event.item_id === 'string' && typeof event.delta === 'string' && isNumber(event.output_index);
    case 'response.function_call_arguments.done':
      return typeof event.item_id === 'string' && typeof event.arguments === 'string' && isNumber(event.output_index);
    case 'response.reasoning_summary_text.delta':
      if (typeof event.delta !== 'string') return false;
    // falls through: the same identity as the summary part events
    case 'response.reasoning_summary_part.added':
    case 'response.reasoning_summary_part.done':
      return typeof event.item_id === 'string' && isNumber(event.summary_index) && nullishNumber(event.output_index);
    case 'response.output_item.added':
    case 'response.output_item.done':
      return isNumber(event.output_index) && isPlainItem(event.item, event.type === 'response.output_item.done');
    case 'response.created':
    case 'response.in_progress': {
      const r = event.response;
      return isRecord(r) && typeof r.id === 'string' && isNumber(r.created_at) && typeof r.model === 'string' && nullishString(r.service_tier);
    }
    case 'response.completed':
    case 'response.incomplete': {
      const r = event.response;
      if (!isRecord(r) || !nullishString(r.service_tier) || !isPlainUsage(r.usage)) return false;
      return nullish(r.incomplete_details) || (isRecord(r.incomplete_details) && typeof r.incomplete_details.reason === 'string');
    }
    default:
      return false;
  }
}

const REJECTS = "the AI SDK's OpenAI provider rejects the event and ends with an error";

/** Why the AI SDK's OpenAI provider fails on this event, worded for a finding; undefined when it reads it or does not model it. */
export function aiSdkObjection(event: Fields): string | undefined {
  if (isPlainForAiSdk(event)) return undefined;
  return schemaObjection(event);
}

/** aiSdkObjection by the schemas alone, without the hand check. */
export function schemaObjection(event: Fields): string | undefined {
  const type = event.type as string;
  const schema = Object.hasOwn(EVENTS, type) ? EVENTS[type] : undefined;
  if (!schema) return undefined;
  const parsed = schema.safeParse(event);
  if (!parsed.success) return `${REJECTS} (${describeIssues(parsed.error.issues)})`;
  if (type !== 'response.output_item.added' && type !== 'response.output_item.done') return undefined;
  const item = event.item as Fields;
  const itemType = item.type as string;
  const items = type === 'response.output_item.done' ? DONE_ITEMS : ADDED_ITEMS;
  const itemSchema = Object.hasOwn(items, itemType) ? items[itemType] : undefined;
  const checked = itemSchema?.safeParse(item);
  return checked && !checked.success ? `${REJECTS} (item.${describeIssues(checked.error.issues)})` : undefined;
}
