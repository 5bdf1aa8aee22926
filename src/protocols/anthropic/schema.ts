// Zod schemas for Anthropic Messages stream events. `@anthropic-ai/sdk` ships TypeScript types only
// (no runtime schemas), so these are written from its types and the streaming docs. Objects are
// loose: unknown extra fields pass, as the docs promise new fields may appear.
import { z } from 'zod';
import { isRecord } from '../shared/view-helpers';

const BlockIndex = z.number().int().nonnegative();

export const UsageSchema = z.looseObject({});

export const MessageStartSchema = z.looseObject({
  type: z.literal('message_start'),
  message: z.looseObject({
    id: z.string(),
    model: z.string().optional(),
    role: z.string().optional(),
    usage: UsageSchema.optional(),
    content: z.array(z.unknown()).optional(),
    stop_reason: z.string().nullable().optional(),
  }),
});

export const ContentBlockStartSchema = z.looseObject({
  type: z.literal('content_block_start'),
  index: BlockIndex,
  content_block: z.looseObject({ type: z.string() }),
});

export const ContentBlockDeltaSchema = z.looseObject({
  type: z.literal('content_block_delta'),
  index: BlockIndex,
  delta: z.looseObject({ type: z.string() }),
});

export const ContentBlockStopSchema = z.looseObject({
  type: z.literal('content_block_stop'),
  index: BlockIndex,
});

export const MessageDeltaSchema = z.looseObject({
  type: z.literal('message_delta'),
  delta: z.looseObject({ stop_reason: z.string().nullable().optional() }),
  // The SDK reads usage.output_tokens unconditionally: a missing usage crashes it.
  usage: z.looseObject({ output_tokens: z.number() }),
});

export const MessageStopSchema = z.looseObject({ type: z.literal('message_stop') });
export const PingSchema = z.looseObject({ type: z.literal('ping') });
export const ErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  error: z.looseObject({ type: z.string(), message: z.string().optional() }),
});

export const AnthropicEventSchema = z.discriminatedUnion('type', [
  MessageStartSchema,
  ContentBlockStartSchema,
  ContentBlockDeltaSchema,
  ContentBlockStopSchema,
  MessageDeltaSchema,
  MessageStopSchema,
  PingSchema,
  ErrorEventSchema,
]);

export type AnthropicEvent = z.infer<typeof AnthropicEventSchema>;
export type MessageStart = z.infer<typeof MessageStartSchema>;
export type ContentBlockStart = z.infer<typeof ContentBlockStartSchema>;
export type ContentBlockDelta = z.infer<typeof ContentBlockDeltaSchema>;
export type MessageDelta = z.infer<typeof MessageDeltaSchema>;

export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);

// Delta payloads, checked once the block they target is known.
export const DeltaSchemas = {
  text_delta: z.looseObject({ text: z.string() }),
  citations_delta: z.looseObject({ citation: z.unknown() }),
  input_json_delta: z.looseObject({ partial_json: z.string() }),
  thinking_delta: z.looseObject({ thinking: z.string() }),
  signature_delta: z.looseObject({ signature: z.string() }),
  compaction_delta: z.looseObject({ content: z.string().nullable().optional() }),
} as const;

export type DeltaType = keyof typeof DeltaSchemas;

// Hand checks for the hot events (a stream is mostly deltas), each accepting only what its zod schema
// accepts (fast-path.test.ts); what they do not take goes through the schema as before.

function isBlockIndex(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** A content_block_delta or content_block_stop that AnthropicEventSchema accepts as it is. */
export function isPlainBlockEvent(json: Record<string, unknown>): boolean {
  if (!isBlockIndex(json.index)) return false;
  if (json.type === 'content_block_stop') return true;
  return json.type === 'content_block_delta' && isRecord(json.delta) && typeof json.delta.type === 'string';
}

const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optNullableString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/**
 * Any event in its plain shape (block events, message_start, message_delta, message_stop, ping, error)
 * that AnthropicEventSchema accepts as it is; what it does not take goes through the schema.
 */
export function isPlainEvent(json: Record<string, unknown>): boolean {
  switch (json.type) {
    case 'content_block_delta':
    case 'content_block_stop':
      return isPlainBlockEvent(json);
    case 'content_block_start':
      return isBlockIndex(json.index) && isRecord(json.content_block) && typeof json.content_block.type === 'string';
    case 'message_start': {
      const m = json.message;
      return (
        isRecord(m) && typeof m.id === 'string' && optString(m.model) && optString(m.role) &&
        (m.usage === undefined || isRecord(m.usage)) && (m.content === undefined || Array.isArray(m.content)) && optNullableString(m.stop_reason)
      );
    }
    case 'message_delta':
      return isRecord(json.delta) && optNullableString(json.delta.stop_reason) && isRecord(json.usage) && Number.isFinite(json.usage.output_tokens);
    case 'message_stop':
    case 'ping':
      return true;
    case 'error':
      return isRecord(json.error) && typeof json.error.type === 'string' && optString(json.error.message);
    default:
      return false;
  }
}

/**
 * A delta of `type` that its DeltaSchemas entry accepts as it is: the text-like deltas carrying their
 * field as a string. A switch, not a table: the type string was just parsed, so a property lookup
 * would hash it first.
 */
export function isPlainDelta(type: DeltaType, delta: Record<string, unknown>): boolean {
  switch (type) {
    case 'text_delta':
      return typeof delta.text === 'string';
    case 'thinking_delta':
      return typeof delta.thinking === 'string';
    case 'input_json_delta':
      return typeof delta.partial_json === 'string';
    case 'signature_delta':
      return typeof delta.signature === 'string';
    default:
      return false;
  }
}

/** The keys of DeltaSchemas, by a switch: a string freshly parsed from a frame is compared, not hashed. */
export function isDeltaType(type: string): type is DeltaType {
  switch (type) {
    case 'text_delta':
    case 'citations_delta':
    case 'input_json_delta':
    case 'thinking_delta':
    case 'signature_delta':
    case 'compaction_delta':
      return true;
    default:
      return false;
  }
}

/** Blocks whose input streams as JSON text (table 2.4). */
export const TOOL_INPUT_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** Which delta types each block type accepts (table 2.4); blocks not listed accept none. */
export const ALLOWED_DELTAS: Readonly<Record<string, readonly DeltaType[]>> = {
  text: ['text_delta', 'citations_delta'],
  thinking: ['thinking_delta', 'signature_delta'],
  tool_use: ['input_json_delta'],
  server_tool_use: ['input_json_delta'],
  mcp_tool_use: ['input_json_delta'],
  compaction: ['compaction_delta'],
};

/** Block types the reference lists (table 2.4), including complete-at-start result blocks. */
export const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'server_tool_use',
  'mcp_tool_use',
  'mcp_tool_result',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'advisor_tool_result',
  'mcp_tool_listing',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'compaction',
  'fallback',
]);

/** StopReason values of the Messages API. */
export const STOP_REASONS: ReadonlySet<string> = new Set([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);
