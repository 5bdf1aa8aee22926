// Zod schemas for OpenAI Responses stream events (SSE and WebSocket mode). The openai package ships
// TypeScript types only, so these follow its ResponseStreamEvent union. Events that share a shape
// share a schema; `type` is the discriminator. Loose objects: unknown extra fields pass.
// `sequence_number` is checked by the sequence rules, not here, so one missing number is graded
// precisely instead of rejecting the event.
import { z } from 'zod';
import { isRecord } from '../shared/view-helpers';

const Index = z.number().int().nonnegative();
const ItemRef = { item_id: z.string(), output_index: Index };

export const LIFECYCLE_TYPES = ['response.created', 'response.queued', 'response.in_progress', 'response.completed', 'response.failed', 'response.incomplete'] as const;
export const TERMINAL_TYPES: ReadonlySet<string> = new Set(['response.completed', 'response.failed', 'response.incomplete']);

/** Item-scoped status events (no payload beyond the item reference). */
export const STATUS_TYPES = [
  'response.web_search_call.in_progress', 'response.web_search_call.searching', 'response.web_search_call.completed',
  'response.file_search_call.in_progress', 'response.file_search_call.searching', 'response.file_search_call.completed',
  'response.code_interpreter_call.in_progress', 'response.code_interpreter_call.interpreting', 'response.code_interpreter_call.completed',
  'response.image_generation_call.in_progress', 'response.image_generation_call.generating', 'response.image_generation_call.completed',
  'response.image_generation_call.partial_image',
  'response.mcp_call.in_progress', 'response.mcp_call.completed', 'response.mcp_call.failed',
  'response.mcp_list_tools.in_progress', 'response.mcp_list_tools.completed', 'response.mcp_list_tools.failed',
  'response.compaction.compacting',
] as const;

/** Streamed tool input: `delta` then a done event carrying the full value under `field`. */
export const ARG_STREAMS = {
  'response.function_call_arguments': { itemType: 'function_call', field: 'arguments', json: true },
  'response.custom_tool_call_input': { itemType: 'custom_tool_call', field: 'input', json: false },
  'response.mcp_call_arguments': { itemType: 'mcp_call', field: 'arguments', json: true },
  'response.code_interpreter_call_code': { itemType: 'code_interpreter_call', field: 'code', json: false },
  'response.apply_patch_call_operation_diff': { itemType: 'apply_patch_call', field: 'diff', json: false },
} as const;
export type ArgStream = keyof typeof ARG_STREAMS;

const LifecycleSchema = z.looseObject({
  type: z.enum(LIFECYCLE_TYPES),
  response: z.looseObject({ id: z.string().optional(), status: z.string().optional(), output: z.array(z.unknown()).optional() }),
});
const OutputItemSchema = z.looseObject({
  type: z.enum(['response.output_item.added', 'response.output_item.done']),
  output_index: Index,
  item: z.looseObject({ type: z.string(), id: z.string().optional() }),
});
const ContentPartSchema = z.looseObject({
  type: z.enum(['response.content_part.added', 'response.content_part.done']),
  ...ItemRef,
  content_index: Index,
  part: z.looseObject({ type: z.string() }),
});
const TextDeltaSchema = z.looseObject({
  type: z.enum(['response.output_text.delta', 'response.refusal.delta', 'response.reasoning_text.delta']),
  ...ItemRef,
  content_index: Index,
  delta: z.string(),
});
const TextDoneSchema = z.looseObject({ type: z.enum(['response.output_text.done', 'response.reasoning_text.done']), ...ItemRef, content_index: Index, text: z.string() });
const RefusalDoneSchema = z.looseObject({ type: z.literal('response.refusal.done'), ...ItemRef, content_index: Index, refusal: z.string() });
const AnnotationSchema = z.looseObject({ type: z.literal('response.output_text.annotation.added'), ...ItemRef, content_index: Index, annotation_index: Index });
const SummaryPartSchema = z.looseObject({
  type: z.enum(['response.reasoning_summary_part.added', 'response.reasoning_summary_part.done']),
  ...ItemRef,
  summary_index: Index,
  part: z.looseObject({ type: z.string(), text: z.string().optional() }),
});
const SummaryDeltaSchema = z.looseObject({ type: z.literal('response.reasoning_summary_text.delta'), ...ItemRef, summary_index: Index, delta: z.string() });
const SummaryDoneSchema = z.looseObject({ type: z.literal('response.reasoning_summary_text.done'), ...ItemRef, summary_index: Index, text: z.string() });
const ArgDeltaSchema = z.looseObject({
  type: z.enum(Object.keys(ARG_STREAMS).map((k) => `${k}.delta`) as [string, ...string[]]),
  ...ItemRef,
  delta: z.string(),
});
const ArgDoneSchema = z.looseObject({
  type: z.enum(Object.keys(ARG_STREAMS).map((k) => `${k}.done`) as [string, ...string[]]),
  ...ItemRef,
});
const StatusSchema = z.looseObject({ type: z.enum(STATUS_TYPES), ...ItemRef });
const AudioSchema = z.looseObject({ type: z.enum(['response.audio.delta', 'response.audio.done', 'response.audio.transcript.delta', 'response.audio.transcript.done']) });
const ErrorSchema = z.looseObject({ type: z.literal('error'), message: z.string().nullish(), code: z.string().nullish(), error: z.unknown().optional() });
const KeepaliveSchema = z.looseObject({ type: z.literal('keepalive') });
// The shell tool streams each command by output_index and command_index, with no item_id; its output
// streams as objects ({stdout} deltas, an `output` list when done).
const ShellSchema = z.looseObject({
  type: z.enum([
    'response.shell_call_command.added', 'response.shell_call_command.delta', 'response.shell_call_command.done',
    'response.shell_call_output_content.delta', 'response.shell_call_output_content.done',
  ]),
  output_index: Index,
  item_id: z.string().optional(),
  command_index: Index.optional(),
  command: z.string().optional(),
});

export const ResponsesEventSchema = z.discriminatedUnion('type', [
  LifecycleSchema, OutputItemSchema, ContentPartSchema, TextDeltaSchema, TextDoneSchema, RefusalDoneSchema, AnnotationSchema,
  SummaryPartSchema, SummaryDeltaSchema, SummaryDoneSchema, ArgDeltaSchema, ArgDoneSchema, StatusSchema, ShellSchema, AudioSchema, ErrorSchema, KeepaliveSchema,
]);

export type ResponsesEvent = z.infer<typeof ResponsesEventSchema>;
export type LifecycleEvent = z.infer<typeof LifecycleSchema>;
export type OutputItemEvent = z.infer<typeof OutputItemSchema>;
export type ContentPartEvent = z.infer<typeof ContentPartSchema>;
export type SummaryPartEvent = z.infer<typeof SummaryPartSchema>;

export type EventCategory = 'lifecycle' | 'output-item' | 'content-part' | 'text' | 'summary-part' | 'summary-text' | 'args' | 'status' | 'shell' | 'other';

const CATEGORY_SCHEMAS: [EventCategory, { shape: { type: unknown } }][] = [
  ['lifecycle', LifecycleSchema],
  ['output-item', OutputItemSchema],
  ['content-part', ContentPartSchema],
  ['text', TextDeltaSchema],
  ['text', TextDoneSchema],
  ['text', RefusalDoneSchema],
  ['text', AnnotationSchema],
  ['summary-part', SummaryPartSchema],
  ['summary-text', SummaryDeltaSchema],
  ['summary-text', SummaryDoneSchema],
  ['args', ArgDeltaSchema],
  ['args', ArgDoneSchema],
  ['status', StatusSchema],
  ['shell', ShellSchema],
  ['other', AudioSchema],
  ['other', ErrorSchema],
  ['other', KeepaliveSchema],
];

/** Each known event type's family, read off the schemas' discriminators. */
const CATEGORY: ReadonlyMap<string, EventCategory> = new Map(
  CATEGORY_SCHEMAS.flatMap(([category, schema]) => {
    const t = schema.shape.type as { options?: readonly string[]; value?: string };
    return (t.options ?? [t.value ?? '']).map((type) => [type, category] as const);
  }),
);

export function eventCategory(type: string): EventCategory | undefined {
  return CATEGORY.get(type);
}

export function isKnownEventType(type: string): boolean {
  return CATEGORY.has(type);
}

export type TextEvent = z.infer<typeof TextDeltaSchema> | z.infer<typeof TextDoneSchema> | z.infer<typeof RefusalDoneSchema> | z.infer<typeof AnnotationSchema>;
export type SummaryTextEvent = z.infer<typeof SummaryDeltaSchema> | z.infer<typeof SummaryDoneSchema>;
export type ArgEvent = z.infer<typeof ArgDeltaSchema> | z.infer<typeof ArgDoneSchema>;
export type StatusEvent = z.infer<typeof StatusSchema>;
export type ShellEvent = z.infer<typeof ShellSchema>;

/** Item statuses Open Responses allows on message, function call and reasoning items (R10). */
export const ITEM_STATUSES: ReadonlySet<string> = new Set(['in_progress', 'completed', 'incomplete']);
/** Items that must carry a non-empty call_id (R4). */
export const CALL_ID_ITEMS: ReadonlySet<string> = new Set(['function_call', 'custom_tool_call', 'shell_call']);
/** The calls a page runs as its own tools: the AI SDK's OpenAI provider emits them at their output_item.done and nowhere else. */
export const PAGE_RUN_CALLS: ReadonlySet<string> = new Set(['function_call', 'custom_tool_call']);

// A hand check for the hot events (text, summary and argument deltas, most of a stream), accepting only
// what ResponsesEventSchema accepts (fast-path.test.ts); what it does not take goes through the schema.

const CONTENT_DELTA_TYPES: ReadonlySet<string> = new Set(TextDeltaSchema.shape.type.options);
const ARG_DELTA_TYPES: ReadonlySet<string> = new Set(ArgDeltaSchema.shape.type.options);

function isIndex(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** A text, summary or argument delta that ResponsesEventSchema accepts as it is. */
export function isPlainDeltaEvent(json: Record<string, unknown>): boolean {
  if (typeof json.delta !== 'string' || typeof json.item_id !== 'string' || !isIndex(json.output_index)) return false;
  const type = json.type as string;
  if (CONTENT_DELTA_TYPES.has(type)) return isIndex(json.content_index);
  if (type === 'response.reasoning_summary_text.delta') return isIndex(json.summary_index);
  return ARG_DELTA_TYPES.has(type);
}

const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const isItemRef = (j: Record<string, unknown>): boolean => typeof j.item_id === 'string' && isIndex(j.output_index);

const TEXT_DONE_TYPES: ReadonlySet<string> = new Set(TextDoneSchema.shape.type.options);
const ARG_DONE_TYPES: ReadonlySet<string> = new Set(ArgDoneSchema.shape.type.options);

/**
 * The other common events in their plain shape (lifecycle, output items, content and summary parts,
 * text, summary and argument done events), accepting only what ResponsesEventSchema accepts
 * (fast-path.test.ts); what it does not take goes through the schema.
 */
export function isPlainEvent(j: Record<string, unknown>, category: EventCategory | undefined = CATEGORY.get(j.type as string)): boolean {
  const type = j.type as string;
  switch (category) {
    case 'lifecycle': {
      const r = j.response;
      return isRecord(r) && optString(r.id) && optString(r.status) && (r.output === undefined || Array.isArray(r.output));
    }
    case 'output-item':
      return isIndex(j.output_index) && isRecord(j.item) && typeof j.item.type === 'string' && optString(j.item.id);
    case 'content-part':
      return isItemRef(j) && isIndex(j.content_index) && isRecord(j.part) && typeof j.part.type === 'string';
    case 'text':
      if (CONTENT_DELTA_TYPES.has(type)) return isItemRef(j) && isIndex(j.content_index) && typeof j.delta === 'string';
      return TEXT_DONE_TYPES.has(type) && isItemRef(j) && isIndex(j.content_index) && typeof j.text === 'string';
    case 'summary-part':
      return isItemRef(j) && isIndex(j.summary_index) && isRecord(j.part) && typeof j.part.type === 'string' && optString(j.part.text);
    case 'summary-text':
      if (type === 'response.reasoning_summary_text.delta') return isItemRef(j) && isIndex(j.summary_index) && typeof j.delta === 'string';
      return type === 'response.reasoning_summary_text.done' && isItemRef(j) && isIndex(j.summary_index) && typeof j.text === 'string';
    case 'args':
      return isItemRef(j) && (ARG_DELTA_TYPES.has(type) ? typeof j.delta === 'string' : ARG_DONE_TYPES.has(type));
    default:
      return false;
  }
}
