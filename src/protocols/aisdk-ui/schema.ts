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
  reasoning: 'only ai 5.0 sent it; ai 6 and 7 reject it (use reasoning-start/-delta/-end)',
  'reasoning-part-finish': 'only ai 5.0 sent it; ai 6 and 7 reject it (use reasoning-end)',
};

/** Of VERSION_NOTES, the types the current client (ai 7) rejects: errors, the others warnings. */
export const RETIRED_CHUNK_TYPES: ReadonlySet<string> = new Set(['reasoning', 'reasoning-part-finish']);

/** Keys the schema of `type` declares (for the unknown-key warning). */
export function knownKeys(schema: ObjectSchema): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}
