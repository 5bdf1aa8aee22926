// Zod schemas for the LangGraph Platform run stream (`POST /threads/{id}/runs/stream`, `/runs/stream`,
// `GET …/runs/{id}/stream`), after `@langchain/langgraph-sdk`'s published types (types.stream.d.ts,
// types.messages.d.ts, schema.d.ts): each SSE event's `event:` name says what its data is. Loose
// objects: the server adds fields (message metadata, task metadata) and the SDK reads on.
import { z } from 'zod';
import { nullishString } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

const str = z.string().nullish();

/** A `DefaultToolCall` of an AI message: `name`, `args` as an object, `id`. */
export const ToolCallSchema = z.looseObject({ name: z.string(), args: z.unknown().optional(), id: str, type: str });
/** A `tool_call_chunks` entry of an AI message chunk: pieces of the arguments text, joined by `index`. */
export const ToolCallChunkSchema = z.looseObject({ name: str, args: str, id: str, index: z.number().int().nullish(), type: str });

/**
 * A message (`Message` of types.messages.d.ts) or a streamed chunk of one (`AIMessageChunk`): `type` is
 * `human`, `ai`, `tool`, `system`, `function`, `remove`, or a chunk class name (`AIMessageChunk`).
 */
export const MessageSchema = z.looseObject({
  type: z.string(),
  content: z.union([z.string(), z.array(z.unknown())]),
  id: str,
  name: str,
  tool_calls: z.array(ToolCallSchema).nullish(),
  tool_call_chunks: z.array(ToolCallChunkSchema).nullish(),
  invalid_tool_calls: z.array(z.looseObject({ name: str, args: str, id: str, error: str })).nullish(),
  tool_call_id: str,
  status: str,
  usage_metadata: z.looseObject({}).nullish(),
});
export type LangGraphMessage = z.infer<typeof MessageSchema>;

/** An `Interrupt` (schema.d.ts): the value the graph asked about and the id a resume names. */
export const InterruptSchema = z.looseObject({ id: str, value: z.unknown().optional(), ns: z.array(z.string()).nullish(), namespace: z.array(z.string()).nullish() });
export type LangGraphInterrupt = z.infer<typeof InterruptSchema>;

/** Any JSON object (not an array): its fields are read where used. */
const record = z.looseObject({});

export const EVENT_SCHEMAS = {
  metadata: z.looseObject({ run_id: z.string(), thread_id: str, attempt: z.number().nullish() }),
  values: record,
  updates: record,
  messages: z.tuple([MessageSchema, record.nullable()]),
  'messages/partial': z.array(MessageSchema),
  'messages/complete': z.array(MessageSchema),
  'messages/metadata': record,
  tasks: z.looseObject({ id: z.string(), name: z.string(), interrupts: z.array(InterruptSchema).nullish(), error: z.unknown().optional() }),
  checkpoints: z.looseObject({ values: z.unknown().optional(), next: z.array(z.string()).nullish(), tasks: z.array(z.looseObject({ interrupts: z.array(InterruptSchema).nullish() })).nullish() }),
  custom: z.unknown(),
  debug: z.unknown(),
  events: z.looseObject({ event: z.string(), name: str }),
  tools: z.looseObject({ event: z.string(), name: str }),
  lifecycle: z.looseObject({ event: z.string(), namespace: z.array(z.string()).nullish() }),
  feedback: record,
  error: z.union([z.looseObject({ error: str, message: str }), z.string()]),
  end: z.looseObject({ run_id: str, status: str }).nullable(),
} as const;

export type LangGraphEventName = keyof typeof EVENT_SCHEMAS;

export function isLangGraphEvent(name: string): name is LangGraphEventName {
  return Object.hasOwn(EVENT_SCHEMAS, name);
}

/**
 * An SSE event name split into its stream mode and subgraph namespace: `messages|tools:abc` is mode
 * `messages` from namespace `tools:abc` (sent with `stream_subgraphs`). `lifecycle|…` always carries one.
 */
export function splitEventName(name: string): { mode: string; namespace: string | undefined } {
  const bar = name.indexOf('|');
  return bar < 0 ? { mode: name, namespace: undefined } : { mode: name.slice(0, bar), namespace: name.slice(bar + 1) };
}

type Fields = Record<string, unknown>;
const stringsOrNullish = (o: Fields, keys: readonly string[]): boolean => {
  for (const k of keys) if (!nullishString(o[k])) return false;
  return true;
};
const arrayOf = (v: unknown, each: (item: unknown) => boolean): boolean => {
  if (v === undefined || v === null) return true;
  if (!Array.isArray(v)) return false;
  for (const item of v) if (!each(item)) return false;
  return true;
};
const CALL_FIELDS = ['id', 'type'] as const;
const CHUNK_FIELDS = ['name', 'args', 'id', 'type'] as const;
const INVALID_FIELDS = ['name', 'args', 'id', 'error'] as const;
const MESSAGE_FIELDS = ['id', 'name', 'tool_call_id', 'status'] as const;

/**
 * A message in its plain shape, checked by hand so the hot path (every chunk, every message of every
 * `values` event) skips zod; it accepts only what MessageSchema accepts (fast-path.test.ts), and
 * anything else still goes through the schema.
 */
export function isPlainMessage(m: unknown): m is LangGraphMessage {
  if (!isRecord(m) || typeof m.type !== 'string') return false;
  if (typeof m.content !== 'string' && !Array.isArray(m.content)) return false;
  if (!stringsOrNullish(m, MESSAGE_FIELDS)) return false;
  if (m.usage_metadata !== undefined && m.usage_metadata !== null && !isRecord(m.usage_metadata)) return false;
  return (
    arrayOf(m.tool_calls, (c) => isRecord(c) && typeof c.name === 'string' && stringsOrNullish(c, CALL_FIELDS)) &&
    arrayOf(m.tool_call_chunks, (c) => isRecord(c) && stringsOrNullish(c, CHUNK_FIELDS) && (c.index === undefined || c.index === null || Number.isSafeInteger(c.index))) &&
    arrayOf(m.invalid_tool_calls, (c) => isRecord(c) && stringsOrNullish(c, INVALID_FIELDS))
  );
}

/** A `messages` event's `[message, metadata]` pair in its plain shape (see isPlainMessage). */
export function isPlainTuple(json: unknown): json is [LangGraphMessage, Fields | null] {
  return Array.isArray(json) && json.length === 2 && isPlainMessage(json[0]) && (json[1] === null || isRecord(json[1]));
}
