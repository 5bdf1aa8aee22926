// Zod schemas for the Vercel AI SDK UI message stream (ai ≥ 5): one loose object per chunk type.
// The `ai` package exports its own `uiMessageChunkSchema`, but it is a dev dependency here (the extension
// must not ship the whole SDK) and it is a lazy union that cannot say which field of which chunk failed.
// These schemas mirror ai 6.x field for field; extra keys pass (ai ≥ 7.0.x is loose too) and are reported
// as warnings by the fold because ai 5.0–7.0.0 used strict objects.
import { z } from 'zod';

const providerMetadata = z.record(z.string(), z.record(z.string(), z.unknown()));
const toolMetadata = z.record(z.string(), z.unknown());

/** Finish reasons the client schema accepts (ai 6). */
export const FINISH_REASONS = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'] as const;

const partId = { id: z.string(), providerMetadata: providerMetadata.optional() };
const delta = { ...partId, delta: z.string() };
const toolCommon = {
  toolCallId: z.string(),
  providerExecuted: z.boolean().optional(),
  providerMetadata: providerMetadata.optional(),
  toolMetadata: toolMetadata.optional(),
  dynamic: z.boolean().optional(),
};

export const TextStartSchema = z.looseObject({ type: z.literal('text-start'), ...partId });
export const TextDeltaSchema = z.looseObject({ type: z.literal('text-delta'), ...delta });
export const TextEndSchema = z.looseObject({ type: z.literal('text-end'), ...partId });
export const ReasoningStartSchema = z.looseObject({ type: z.literal('reasoning-start'), ...partId });
export const ReasoningDeltaSchema = z.looseObject({ type: z.literal('reasoning-delta'), ...delta });
export const ReasoningEndSchema = z.looseObject({ type: z.literal('reasoning-end'), ...partId });
export const ErrorChunkSchema = z.looseObject({ type: z.literal('error'), errorText: z.string() });
export const ToolInputStartSchema = z.looseObject({
  type: z.literal('tool-input-start'),
  ...toolCommon,
  toolName: z.string(),
  inputEncoding: z.enum(['json', 'text']).optional(),
  title: z.string().optional(),
});
export const ToolInputDeltaSchema = z.looseObject({
  type: z.literal('tool-input-delta'),
  toolCallId: z.string(),
  inputTextDelta: z.string(),
});
export const ToolInputAvailableSchema = z.looseObject({
  type: z.literal('tool-input-available'),
  ...toolCommon,
  toolName: z.string(),
  input: z.unknown(),
  title: z.string().optional(),
});
export const ToolInputErrorSchema = z.looseObject({
  type: z.literal('tool-input-error'),
  ...toolCommon,
  toolName: z.string(),
  input: z.unknown(),
  errorText: z.string(),
  title: z.string().optional(),
});
export const ToolApprovalRequestSchema = z.looseObject({
  type: z.literal('tool-approval-request'),
  approvalId: z.string(),
  toolCallId: z.string(),
  approvalDescriptor: z.unknown().optional(),
  inputSchemaInput: z.unknown().optional(),
  signature: z.string().optional(),
  isAutomatic: z.boolean().optional(),
});
export const ToolOutputAvailableSchema = z.looseObject({
  type: z.literal('tool-output-available'),
  ...toolCommon,
  output: z.unknown(),
  preliminary: z.boolean().optional(),
});
export const ToolOutputErrorSchema = z.looseObject({
  type: z.literal('tool-output-error'),
  ...toolCommon,
  errorText: z.string(),
});
export const ToolOutputDeniedSchema = z.looseObject({ type: z.literal('tool-output-denied'), toolCallId: z.string() });
export const SourceUrlSchema = z.looseObject({
  type: z.literal('source-url'),
  sourceId: z.string(),
  url: z.string(),
  title: z.string().optional(),
  providerMetadata: providerMetadata.optional(),
});
export const SourceDocumentSchema = z.looseObject({
  type: z.literal('source-document'),
  sourceId: z.string(),
  mediaType: z.string(),
  title: z.string(),
  filename: z.string().optional(),
  providerMetadata: providerMetadata.optional(),
});
export const FileChunkSchema = z.looseObject({
  type: z.literal('file'),
  url: z.string(),
  mediaType: z.string(),
  providerMetadata: providerMetadata.optional(),
});
export const StartStepSchema = z.looseObject({ type: z.literal('start-step') });
export const FinishStepSchema = z.looseObject({ type: z.literal('finish-step') });
export const StartSchema = z.looseObject({
  type: z.literal('start'),
  messageId: z.string().optional(),
  messageMetadata: z.unknown().optional(),
});
export const FinishSchema = z.looseObject({
  type: z.literal('finish'),
  finishReason: z.enum(FINISH_REASONS).optional(),
  messageMetadata: z.unknown().optional(),
});
export const AbortSchema = z.looseObject({ type: z.literal('abort'), reason: z.string().optional() });
export const MessageMetadataSchema = z.looseObject({
  type: z.literal('message-metadata'),
  messageMetadata: z.unknown(),
});
/** `data-<name>` parts: the type is open-ended, so it sits outside the discriminated union. */
export const DataChunkSchema = z.looseObject({
  type: z.string().startsWith('data-'),
  id: z.string().optional(),
  data: z.unknown(),
  transient: z.boolean().optional(),
});

// Chunk types that only some client versions accept (spec: other-protocols.md §5.1).
export const ResetStepSchema = z.looseObject({ type: z.literal('reset-step') });
export const ToolApprovalResponseSchema = z.looseObject({
  type: z.literal('tool-approval-response'),
  approvalId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
  providerExecuted: z.boolean().optional(),
  providerMetadata: providerMetadata.optional(),
});
export const CustomChunkSchema = z.looseObject({
  type: z.literal('custom'),
  kind: z.string(),
  providerMetadata: providerMetadata.optional(),
});
export const ReasoningFileSchema = z.looseObject({
  type: z.literal('reasoning-file'),
  url: z.string(),
  mediaType: z.string(),
  providerMetadata: providerMetadata.optional(),
});
export const LegacyReasoningSchema = z.looseObject({ type: z.literal('reasoning'), text: z.string() });
export const LegacyReasoningPartFinishSchema = z.looseObject({ type: z.literal('reasoning-part-finish') });

/** The chunk types ai 6 accepts, as one discriminated union. */
export const UiChunkSchema = z.discriminatedUnion('type', [
  TextStartSchema,
  TextDeltaSchema,
  TextEndSchema,
  ReasoningStartSchema,
  ReasoningDeltaSchema,
  ReasoningEndSchema,
  ErrorChunkSchema,
  ToolInputStartSchema,
  ToolInputDeltaSchema,
  ToolInputAvailableSchema,
  ToolInputErrorSchema,
  ToolApprovalRequestSchema,
  ToolOutputAvailableSchema,
  ToolOutputErrorSchema,
  ToolOutputDeniedSchema,
  SourceUrlSchema,
  SourceDocumentSchema,
  FileChunkSchema,
  StartStepSchema,
  FinishStepSchema,
  StartSchema,
  FinishSchema,
  AbortSchema,
  MessageMetadataSchema,
]);

/** Chunk types outside ai 6: newer (7.x) or dropped after 5.0. */
export const VersionedChunkSchema = z.discriminatedUnion('type', [
  ResetStepSchema,
  ToolApprovalResponseSchema,
  CustomChunkSchema,
  ReasoningFileSchema,
  LegacyReasoningSchema,
  LegacyReasoningPartFinishSchema,
]);

export type UiChunk = z.infer<typeof UiChunkSchema>;
export type VersionedChunk = z.infer<typeof VersionedChunkSchema>;
export type DataChunk = z.infer<typeof DataChunkSchema>;
export type AnyChunk = UiChunk | VersionedChunk;
export type ChunkType = AnyChunk['type'];

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

function byType(options: readonly ObjectSchema[]): Map<string, ObjectSchema> {
  const map = new Map<string, ObjectSchema>();
  for (const schema of options) {
    const literal = schema.shape.type;
    if (literal instanceof z.ZodLiteral) map.set(String(literal.value), schema);
  }
  return map;
}

/** Schema per known chunk type: lets the fold tell an unknown type from a bad field. */
export const CHUNK_SCHEMAS: ReadonlyMap<string, ObjectSchema> = byType([
  ...(UiChunkSchema.options as unknown as ObjectSchema[]),
  ...(VersionedChunkSchema.options as unknown as ObjectSchema[]),
]);

/** Which client versions accept each version-specific chunk type. */
export const VERSION_NOTES: Readonly<Record<string, string>> = {
  'reset-step': 'added in ai 7.0.x after 7.0.0; ai 5–6 clients reject it',
  'tool-approval-response': 'added in ai 7; ai 5–6 clients reject it',
  custom: 'added in ai 7; ai 5–6 clients reject it',
  'reasoning-file': 'added in ai 7; ai 5–6 clients reject it',
  reasoning: 'only ai 5.0 sent it; later clients reject it (use reasoning-start/-delta/-end)',
  'reasoning-part-finish': 'only ai 5.0 sent it; later clients reject it (use reasoning-end)',
};

/** Keys the schema of `type` declares (for the unknown-key warning). */
export function knownKeys(schema: ObjectSchema): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

/** One of FINISH_REASONS (a switch: a reason just parsed is compared, not hashed; fast-path.test.ts). */
export function isFinishReason(v: unknown): boolean {
  switch (v) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
    case 'error':
    case 'other':
      return true;
    default:
      return false;
  }
}

const isStr = (v: unknown): boolean => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';

/**
 * A hand check: -1 when the chunk is not in its plain shape, else how many of the keys its type
 * declares it holds (each defined: JSON gives no key an undefined value). A chunk holding as many keys
 * in all has no undeclared one, which the fold then need not look for key by key.
 */
type PlainCheck = (j: Record<string, unknown>) => number;

/** 1 for a field the chunk holds, 0 for one it does not. */
const held = (v: unknown): number => (v === undefined ? 0 : 1);

// Each check reads `providerMetadata` and `toolMetadata` itself, rather than one wrapper around them
// all: a property read sees the few shapes of its own chunk types, not every chunk's. Every count has
// the chunk's `type` in it.
const part: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.id) ? 2 : -1);
const partDelta: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.id) && isStr(j.delta) ? 3 : -1);
const noMetadata: PlainCheck = (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined ? 1 : -1);

/** The hand check of each chunk type that has one, mirroring its schema above. */
const PLAIN_CHECKS: ReadonlyMap<string, PlainCheck> = new Map<string, PlainCheck>([
  ['text-start', part],
  ['text-delta', partDelta],
  ['text-end', part],
  ['reasoning-start', part],
  ['reasoning-delta', partDelta],
  ['reasoning-end', part],
  ['tool-input-delta', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.toolCallId) && isStr(j.inputTextDelta) ? 3 : -1)],
  ['start', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && optStr(j.messageId) ? 1 + held(j.messageId) + held(j.messageMetadata) : -1)],
  [
    'finish',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined && (j.finishReason === undefined || isFinishReason(j.finishReason))
        ? 1 + held(j.finishReason) + held(j.messageMetadata)
        : -1,
  ],
  ['start-step', noMetadata],
  ['finish-step', noMetadata],
  [
    'tool-input-start',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && isStr(j.toolName) && optStr(j.title) && optBool(j.providerExecuted) && optBool(j.dynamic) &&
      (j.inputEncoding === undefined || j.inputEncoding === 'json' || j.inputEncoding === 'text')
        ? 3 + held(j.title) + held(j.providerExecuted) + held(j.dynamic) + held(j.inputEncoding)
        : -1,
  ],
  [
    'tool-input-available',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && isStr(j.toolName) && optStr(j.title) && optBool(j.providerExecuted) && optBool(j.dynamic) && j.input !== undefined
        ? 4 + held(j.title) + held(j.providerExecuted) + held(j.dynamic)
        : -1,
  ],
  [
    'tool-output-available',
    (j) =>
      j.providerMetadata === undefined && j.toolMetadata === undefined &&
      isStr(j.toolCallId) && optBool(j.providerExecuted) && optBool(j.dynamic) && optBool(j.preliminary) && j.output !== undefined
        ? 3 + held(j.providerExecuted) + held(j.dynamic) + held(j.preliminary)
        : -1,
  ],
  ['source-url', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.sourceId) && isStr(j.url) && optStr(j.title) ? 3 + held(j.title) : -1)],
  ['error', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && isStr(j.errorText) ? 2 : -1)],
  ['message-metadata', (j) => (j.providerMetadata === undefined && j.toolMetadata === undefined && j.messageMetadata !== undefined ? 2 : -1)],
]);

/** `data-<name>` parts (their type is checked by the caller). */
const plainData: PlainCheck = (j) =>
  j.providerMetadata === undefined && j.toolMetadata === undefined && optStr(j.id) && optBool(j.transient) && j.data !== undefined ? 2 + held(j.id) + held(j.transient) : -1;

/**
 * The hand check for chunks of `type` in their plain shape, which lets them skip the zod schema: it
 * accepts only what the schema accepts (fast-path.test.ts), and every other chunk still goes through
 * the schema. Metadata records are never taken: a chunk that carries `providerMetadata` or
 * `toolMetadata` goes through the schema, and so does a field whose schema is `z.unknown()` when it is
 * missing. It counts the declared keys the chunk holds (PlainCheck). Undefined for types without one.
 */
export function plainCheckOf(type: string): PlainCheck | undefined {
  return type.startsWith('data-') ? plainData : PLAIN_CHECKS.get(type);
}

/** Every chunk type the schemas know, in chunkTypeIndex's order. */
export const CHUNK_TYPES: readonly ChunkType[] = [
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'error',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-approval-request',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'source-url',
  'source-document',
  'file',
  'start-step',
  'finish-step',
  'start',
  'finish',
  'abort',
  'message-metadata',
  'reset-step',
  'tool-approval-response',
  'custom',
  'reasoning-file',
  'reasoning',
  'reasoning-part-finish',
];

/**
 * The index in CHUNK_TYPES of the chunk type `type` names, or -1 when it names none. Switches on the
 * length, then on the few types of that length: a type just parsed is compared with a literal or two,
 * where a map would hash it first (schema.test.ts checks the switches and the list agree).
 */
export function chunkTypeIndex(type: string): number {
  switch (type.length) {
    case 4:
      return type === 'file' ? 17 : -1;
    case 5:
      switch (type) {
        case 'error': return 6;
        case 'start': return 20;
        case 'abort': return 22;
        default: return -1;
      }
    case 6:
      switch (type) {
        case 'finish': return 21;
        case 'custom': return 26;
        default: return -1;
      }
    case 8:
      return type === 'text-end' ? 2 : -1;
    case 9:
      return type === 'reasoning' ? 28 : -1;
    case 10:
      switch (type) {
        case 'text-start': return 0;
        case 'text-delta': return 1;
        case 'source-url': return 15;
        case 'start-step': return 18;
        case 'reset-step': return 24;
        default: return -1;
      }
    case 11:
      return type === 'finish-step' ? 19 : -1;
    case 13:
      return type === 'reasoning-end' ? 5 : -1;
    case 14:
      return type === 'reasoning-file' ? 27 : -1;
    case 15:
      switch (type) {
        case 'reasoning-start': return 3;
        case 'reasoning-delta': return 4;
        case 'source-document': return 16;
        default: return -1;
      }
    case 16:
      switch (type) {
        case 'tool-input-start': return 7;
        case 'tool-input-delta': return 8;
        case 'tool-input-error': return 10;
        case 'message-metadata': return 23;
        default: return -1;
      }
    case 17:
      return type === 'tool-output-error' ? 13 : -1;
    case 18:
      return type === 'tool-output-denied' ? 14 : -1;
    case 20:
      return type === 'tool-input-available' ? 9 : -1;
    case 21:
      switch (type) {
        case 'tool-approval-request': return 11;
        case 'tool-output-available': return 12;
        case 'reasoning-part-finish': return 29;
        default: return -1;
      }
    case 22:
      return type === 'tool-approval-response' ? 25 : -1;
    default:
      return -1;
  }
}

/** Whether a chunk of `type` passes its hand check (see plainCheckOf). */
export function isPlainChunk(j: Record<string, unknown>, type: string): boolean {
  return (plainCheckOf(type)?.(j) ?? -1) >= 0;
}

/** How many declared keys a chunk of `type` in its plain shape holds; -1 when it is not in it (see plainCheckOf). */
export function plainKeyCount(j: Record<string, unknown>, type: string): number {
  return plainCheckOf(type)?.(j) ?? -1;
}
