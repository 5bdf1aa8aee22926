// Zod schemas for the LangGraph Platform run stream (`POST /threads/{id}/runs/stream`, `/runs/stream`,
// `GET …/runs/{id}/stream`), after `@langchain/langgraph-sdk`'s published types (types.stream.d.ts,
// types.messages.d.ts, schema.d.ts): each SSE event's `event:` name says what its data is. Loose
// objects: the server adds fields (message metadata, task metadata) and the SDK reads on.
import { z } from 'zod';

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

const record = z.record(z.string(), z.unknown());

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
