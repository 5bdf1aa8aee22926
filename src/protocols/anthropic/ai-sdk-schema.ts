// What the AI SDK's Anthropic provider (`@ai-sdk/anthropic` 4, its `anthropicChunkSchema`) accepts of
// the events that open and close a message and its blocks. @anthropic-ai/sdk checks nothing at run
// time; the AI SDK validates every event against a discriminated union, so an event, block or delta type
// it does not list, or a field of the wrong type, ends its stream with an error. The block and delta
// events' own checks (an index, a delta's type and text) are already the fold's (blocks.ts); here are
// message_start, content_block_start (each block type; the inner content of server tool results is not
// mirrored) and message_delta. Mirrored by hand (the provider does not export its
// schema); test/unit/anthropic-aisdk-agreement.test.ts runs the provider itself on variants.
import { z } from 'zod';
import { describeIssues, isRecord } from '../shared/view-helpers';
import { isNumber, nullish, nullishNumber, nullishString, type Fields } from '../shared/hand-checks';
import { KNOWN_BLOCK_TYPES } from './schema';

const str = z.string().nullish();
const num = z.number().nullish();
const input = z.record(z.string(), z.unknown());

const MessageStart = z.looseObject({
  message: z.looseObject({
    id: str,
    model: str,
    role: str,
    service_tier: str,
    usage: z.looseObject({ service_tier: str, input_tokens: z.number(), cache_creation_input_tokens: num, cache_read_input_tokens: num }),
    content: z.array(z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() })).nullish(),
    stop_reason: str,
    container: z.looseObject({ expires_at: z.string(), id: z.string() }).nullish(),
  }),
});

const MessageDelta = z.looseObject({
  delta: z.looseObject({
    stop_reason: str,
    stop_sequence: str,
    container: z.looseObject({ expires_at: z.string(), id: z.string() }).nullish(),
  }),
  usage: z.looseObject({
    service_tier: str,
    input_tokens: num,
    output_tokens: z.number(),
    output_tokens_details: z.looseObject({ thinking_tokens: num }).nullish(),
    cache_creation_input_tokens: num,
    cache_read_input_tokens: num,
  }),
});

const result = z.looseObject({ tool_use_id: z.string() });

/** The block types of the provider's content_block_start union, each with the fields it requires. */
const BLOCKS: Readonly<Record<string, z.ZodType>> = {
  text: z.looseObject({ text: z.string() }),
  thinking: z.looseObject({ thinking: z.string() }),
  redacted_thinking: z.looseObject({ data: z.string() }),
  tool_use: z.looseObject({ id: z.string(), name: z.string(), input: input.optional() }),
  server_tool_use: z.looseObject({ id: z.string(), name: z.string(), input: input.nullish() }),
  mcp_tool_use: z.looseObject({ id: z.string(), name: z.string(), server_name: z.string() }),
  mcp_tool_result: z.looseObject({ tool_use_id: z.string(), is_error: z.boolean() }),
  compaction: z.looseObject({ content: str, signature: str }),
  web_fetch_tool_result: result,
  web_search_tool_result: result,
  code_execution_tool_result: result,
  bash_code_execution_tool_result: result,
  text_editor_code_execution_tool_result: result,
  tool_search_tool_result: result,
  advisor_tool_result: result,
  fallback: z.looseObject({ from: z.looseObject({ model: z.string() }), to: z.looseObject({ model: z.string() }) }),
};

/** Not `error`: the stream reports its own failure there, and both clients fail on it whatever its shape. */
const EVENTS: Readonly<Record<string, z.ZodType>> = { message_start: MessageStart, message_delta: MessageDelta };

const REJECTS = "the AI SDK's Anthropic provider rejects the event and ends with an error";

/**
 * Why the AI SDK's Anthropic provider fails on this event (one of a known type that the fold's own
 * schema accepted), worded for a finding; undefined when it reads the event, or when the event's or
 * block's type is one the API does not list (anthropic/unknown-event says so).
 */
export function aiSdkObjection(event: Record<string, unknown>): string | undefined {
  return isPlainForAiSdk(event) ? undefined : schemaObjection(event);
}

/** aiSdkObjection by the schemas alone, without the hand check of plain shapes. */
export function schemaObjection(event: Record<string, unknown>): string | undefined {
  const type = event.type;
  if (type === 'content_block_start') {
    const block = event.content_block as Record<string, unknown>;
    const blockType = block.type as string;
    const schema = Object.hasOwn(BLOCKS, blockType) ? BLOCKS[blockType] : undefined;
    // A type the API does not list either is anthropic/unknown-event's (blocks.ts).
    if (!schema) return KNOWN_BLOCK_TYPES.has(blockType) ? `${REJECTS}: it knows no content block of type "${blockType}" (@anthropic-ai/sdk reads on)` : undefined;
    const parsed = schema.safeParse(block);
    return parsed.success ? undefined : `${REJECTS} (content_block.${describeIssues(parsed.error.issues)})`;
  }
  const schema = typeof type === 'string' && Object.hasOwn(EVENTS, type) ? EVENTS[type] : undefined;
  if (!schema) return undefined;
  const parsed = schema.safeParse(event);
  return parsed.success ? undefined : `${REJECTS} (${describeIssues(parsed.error.issues)})`;
}


/**
 * The plain shapes of the events checked here (a message_start with its usage and no content, a text,
 * thinking or tool_use block, a message_delta with its usage), checked by hand so that a stream's every
 * message and block start does not go through zod; it accepts only what the schemas above accept
 * (ai-sdk-schema.test.ts), and anything else still goes through them.
 */
export function isPlainForAiSdk(event: Fields): boolean {
  switch (event.type) {
    case 'message_start': {
      const m = event.message;
      if (!isRecord(m) || !nullishString(m.id) || !nullishString(m.model) || !nullishString(m.role) || !nullishString(m.service_tier) || !nullishString(m.stop_reason)) return false;
      if (!nullish(m.container) || !(nullish(m.content) || (Array.isArray(m.content) && m.content.length === 0))) return false;
      const u = m.usage;
      return isRecord(u) && isNumber(u.input_tokens) && nullishNumber(u.cache_creation_input_tokens) && nullishNumber(u.cache_read_input_tokens) && nullishString(u.service_tier);
    }
    case 'content_block_start': {
      const b = event.content_block;
      if (!isRecord(b)) return false;
      if (b.type === 'text') return typeof b.text === 'string';
      if (b.type === 'thinking') return typeof b.thinking === 'string';
      return b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string' && (b.input === undefined || isRecord(b.input));
    }
    case 'message_delta': {
      const d = event.delta;
      const u = event.usage;
      if (!isRecord(d) || !nullishString(d.stop_reason) || !nullishString(d.stop_sequence) || !nullish(d.container)) return false;
      return isRecord(u) && isNumber(u.output_tokens) && nullishNumber(u.input_tokens) && nullishNumber(u.cache_creation_input_tokens) && nullishNumber(u.cache_read_input_tokens) && nullishString(u.service_tier) && nullish(u.output_tokens_details);
    }
    default:
      return false;
  }
}
