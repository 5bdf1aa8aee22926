// The legacy AI SDK v4 data stream (ai 3.x–4.x): plain-text lines `<code>:<JSON>`. One zod schema per
// part value, keyed by code, with the error texts the v4 client (`parseDataStreamPart`, ai@4.3.16)
// throws. No maintained package publishes these schemas (ai ≥ 5 dropped the format), hence our own.
import { z } from 'zod';

const isObject = (v: unknown): boolean => typeof v === 'object';
// The v4 client only checks `typeof x === 'object'`, so null and arrays pass where it wants objects.
const objectLike = z.custom<object | null>(isObject);
const requireKey = (key: string) => (v: Record<string, unknown>) => Object.hasOwn(v, key);

export const DATA_STREAM_PARTS = {
  '0': { name: 'text', schema: z.string(), expects: '"text" parts expect a string value.' },
  '2': { name: 'data', schema: z.array(z.unknown()), expects: '"data" parts expect an array value.' },
  '3': { name: 'error', schema: z.string(), expects: '"error" parts expect a string value.' },
  '8': {
    name: 'message_annotations',
    schema: z.array(z.unknown()),
    expects: '"message_annotations" parts expect an array value.',
  },
  '9': {
    name: 'tool_call',
    schema: z.looseObject({ toolCallId: z.string(), toolName: z.string(), args: objectLike }).refine(requireKey('args')),
    expects: '"tool_call" parts expect an object with a "toolCallId", "toolName", and "args" property.',
  },
  a: {
    name: 'tool_result',
    schema: z.looseObject({ toolCallId: z.string(), result: z.unknown() }).refine(requireKey('result')),
    expects: '"tool_result" parts expect an object with a "toolCallId" and a "result" property.',
  },
  b: {
    name: 'tool_call_streaming_start',
    schema: z.looseObject({ toolCallId: z.string(), toolName: z.string() }),
    expects: '"tool_call_streaming_start" parts expect an object with a "toolCallId" and "toolName" property.',
  },
  c: {
    name: 'tool_call_delta',
    schema: z.looseObject({ toolCallId: z.string(), argsTextDelta: z.string() }),
    expects: '"tool_call_delta" parts expect an object with a "toolCallId" and "argsTextDelta" property.',
  },
  d: {
    name: 'finish_message',
    schema: z.looseObject({ finishReason: z.string(), usage: z.unknown().optional() }),
    expects: '"finish_message" parts expect an object with a "finishReason" property.',
  },
  e: {
    name: 'finish_step',
    schema: z.looseObject({ finishReason: z.string(), usage: z.unknown().optional(), isContinued: z.unknown().optional() }),
    expects: '"finish_step" parts expect an object with a "finishReason" property.',
  },
  f: {
    name: 'start_step',
    schema: z.looseObject({ messageId: z.string() }),
    // Sic: the v4 client names the field "id" in this message although it checks `messageId`.
    expects: '"start_step" parts expect an object with an "id" property.',
  },
  g: { name: 'reasoning', schema: z.string(), expects: '"reasoning" parts expect a string value.' },
  h: { name: 'source', schema: z.custom<object>((v) => v !== null && isObject(v)), expects: '"source" parts expect a Source object.' },
  i: {
    name: 'redacted_reasoning',
    schema: z.looseObject({ data: z.string() }),
    expects: '"redacted_reasoning" parts expect an object with a "data" property.',
  },
  j: {
    name: 'reasoning_signature',
    schema: z.looseObject({ signature: z.string() }),
    expects: '"reasoning_signature" parts expect an object with a "signature" property.',
  },
  k: {
    name: 'file',
    schema: z.looseObject({ data: z.string(), mimeType: z.string() }),
    expects: '"file" parts expect an object with a "data" and "mimeType" property.',
  },
} as const;

export type DataStreamCode = keyof typeof DATA_STREAM_PARTS;

/** One parsed line as a discriminated union on its code. */
export const DataStreamPartSchema = z.discriminatedUnion(
  'code',
  (Object.keys(DATA_STREAM_PARTS) as DataStreamCode[]).map((code) =>
    z.object({ code: z.literal(code), value: DATA_STREAM_PARTS[code].schema }),
  ) as unknown as [PartOf<'0'>, ...PartOf<DataStreamCode>[]],
);

type PartOf<C extends DataStreamCode> = z.ZodObject<{ code: z.ZodLiteral<C>; value: (typeof DATA_STREAM_PARTS)[C]['schema'] }>;

/** A well-formed part: `{code, value}` with the value type that code carries. */
export type DataStreamPart = {
  [C in DataStreamCode]: { code: C; value: z.infer<(typeof DATA_STREAM_PARTS)[C]['schema']> };
}[DataStreamCode];

/** Codes of the OpenAI Assistants helper stream (`AssistantResponse`), a different protocol. */
export const ASSISTANT_STREAM_CODES: ReadonlySet<string> = new Set(['4', '5', '6']);

export function isDataStreamCode(code: string): code is DataStreamCode {
  return Object.hasOwn(DATA_STREAM_PARTS, code);
}
