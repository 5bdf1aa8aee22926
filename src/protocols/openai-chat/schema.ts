// Zod schemas for `chat.completion.chunk` payloads. The openai package ships TypeScript types only
// (no runtime schemas), so these follow its ChatCompletionChunk type. Loose objects: providers add
// fields (`reasoning_content`, `obfuscation`, `x_groq`, …). Indexes are left unchecked here because
// the rules grade bad indexes precisely.
import { z } from 'zod';

const text = z.string().nullish();

export const ToolCallDeltaSchema = z.looseObject({
  index: z.unknown().optional(),
  id: text,
  type: text,
  function: z.looseObject({ name: text, arguments: text }).nullish(),
});

/** Mistral streams `content` as typed parts: `{type:'text',text}` and `{type:'thinking',thinking:[…]}`. */
export const ContentPartSchema = z.looseObject({ type: z.string() });

export const DeltaSchema = z.looseObject({
  role: text,
  content: z.union([z.string(), z.array(ContentPartSchema)]).nullish(),
  refusal: text,
  // Non-standard reasoning fields: strings on DeepSeek/Qwen/vLLM/OpenRouter; read only when strings.
  reasoning_content: z.unknown().optional(),
  reasoning: z.unknown().optional(),
  tool_calls: z.array(ToolCallDeltaSchema).nullish(),
  function_call: z.looseObject({ name: text, arguments: text }).nullish(),
});

export const ChoiceSchema = z.looseObject({
  index: z.unknown().optional(),
  delta: DeltaSchema.nullish(),
  finish_reason: text,
});

export const ChunkSchema = z.looseObject({
  id: z.string().optional(),
  object: z.string().optional(),
  created: z.number().optional(),
  model: z.string().optional(),
  choices: z.array(ChoiceSchema),
  usage: z.looseObject({}).nullish(),
});

export const ErrorPayloadSchema = z.looseObject({ error: z.unknown() });

/** What a Chat Completions stream carries: chunks, or an in-stream error. */
export const ChatPayloadSchema = z.union([ChunkSchema, ErrorPayloadSchema]);

export type ChatChunk = z.infer<typeof ChunkSchema>;
export type ChatChoice = z.infer<typeof ChoiceSchema>;
export type ToolCallDelta = z.infer<typeof ToolCallDeltaSchema>;
export type ContentPart = z.infer<typeof ContentPartSchema>;
export type ChatDelta = z.infer<typeof DeltaSchema>;

/** openai-node caps choice and tool-call indexes at 128. */
export const MAX_INDEX = 128;

export function isValidIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MAX_INDEX;
}
