// Zod schemas for the Vercel AI SDK UI message stream (ai ≥ 5): one loose object per chunk type.
// The `ai` package exports its own `uiMessageChunkSchema`, but it is a dev dependency here (the extension
// must not ship the whole SDK) and it is a lazy union that cannot say which field of which chunk failed.
// These schemas mirror ai 7 (7.0.173) field for field; extra keys pass (ai 6.0.231+ and 7.0.32+ are loose
// too) and are reported as warnings by the fold because earlier clients used strict objects. What ai 7
// added after ai 6 (chunk types, keys, a finish reason) is marked below, so the fold can name the versions.
import { z } from 'zod';

const providerMetadata = z.record(z.string(), z.record(z.string(), z.unknown()));
const toolMetadata = z.record(z.string(), z.unknown());

/** Finish reasons every client schema accepts (ai 5–7). */
export const FINISH_REASONS = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'] as const;
/** The finish reason ai 7.0.149 added: earlier clients reject the chunk. */
export const LATER_FINISH_REASON = 'interrupted';

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
/** ai 7's citation of a source (z.object as in ai: unknown keys are dropped, not rejected). */
const CitationSchema = z.object({
  source: z.discriminatedUnion('sourceType', [
    z.object({ type: z.literal('source'), sourceType: z.literal('url'), id: z.string(), url: z.string(), title: z.string().optional(), providerMetadata: providerMetadata.optional() }),
    z.object({
      type: z.literal('source'),
      sourceType: z.literal('document'),
      id: z.string(),
      mediaType: z.string(),
      title: z.string(),
      filename: z.string().optional(),
      providerMetadata: providerMetadata.optional(),
    }),
  ]),
  startIndex: z.int().nonnegative().optional(),
  endIndex: z.int().nonnegative().optional(),
  citedText: z.string().optional(),
});
export const TextEndSchema = z.looseObject({ type: z.literal('text-end'), ...partId, citations: z.array(CitationSchema).optional() });
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
  reason: z.string().optional(),
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
  finishReason: z.enum([...FINISH_REASONS, LATER_FINISH_REASON]).optional(),
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
/** A user message the app steered into the running turn (ai 7.0.163). */
export const SteeringMessageSchema = z.looseObject({
  type: z.literal('steering-message'),
  id: z.string(),
  parts: z.array(
    z.union([
      z.looseObject({ type: z.literal('text'), text: z.string(), providerMetadata: providerMetadata.optional() }),
      z.looseObject({
        type: z.literal('file'),
        mediaType: z.string(),
        url: z.string(),
        filename: z.string().optional(),
        providerReference: z.record(z.string(), z.string()).optional(),
        providerMetadata: providerMetadata.optional(),
      }),
    ]),
  ),
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
  SteeringMessageSchema,
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
  'steering-message': 'added in ai 7.0.163; ai 5–6 and earlier ai 7 clients reject it',
  reasoning: 'only ai 5.0 sent it; ai 6 and 7 reject it (use reasoning-start/-delta/-end)',
  'reasoning-part-finish': 'only ai 5.0 sent it; ai 6 and 7 reject it (use reasoning-end)',
};

/** Of VERSION_NOTES, the types the current client (ai 7) rejects: errors, the others warnings. */
export const RETIRED_CHUNK_TYPES: ReadonlySet<string> = new Set(['reasoning', 'reasoning-part-finish']);

/**
 * Keys ai 7 declares that ai 6 does not, and the version that added each: the schema checks them as
 * the current client does, and the fold still warns of them as it does of any key the strict clients
 * (ai 5, ai 6 before 6.0.231, ai 7 before 7.0.32) do not know.
 */
export const LATER_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'text-end': { citations: 'ai 7.0.138' },
  'tool-approval-request': { reason: 'ai 7.0.1', isAutomatic: 'ai 7.0.0' },
};

/** Keys the schema of `type` declares that every client since ai 5 knows (for the unknown-key warning). */
export function knownKeys(schema: ObjectSchema, type?: string): ReadonlySet<string> {
  const later = type !== undefined && Object.hasOwn(LATER_KEYS, type) ? LATER_KEYS[type] : undefined;
  return new Set(Object.keys(schema.shape).filter((k) => !later || !Object.hasOwn(later, k)));
}
