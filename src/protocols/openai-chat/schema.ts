// Zod schemas for `chat.completion.chunk` payloads. The openai package ships TypeScript types only
// (no runtime schemas), so these follow its ChatCompletionChunk type. Loose objects: providers add
// fields (`reasoning_content`, `obfuscation`, `x_groq`, …). Indexes are left unchecked here because
// the rules grade bad indexes precisely.
import { z } from 'zod';
import { isNumber, nullish, nullishNumber } from '../shared/hand-checks';
import { isRecord } from '../shared/view-helpers';

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

type Fields = Record<string, unknown>;
const isNullishOr = (v: unknown, type: 'string' | 'object'): boolean =>
  v === undefined || v === null || (type === 'string' ? typeof v === 'string' : isRecord(v));
const isTextFields = (v: Fields, keys: readonly string[]): boolean => keys.every((k) => isNullishOr(v[k], 'string'));

const USAGE_COUNTS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const;

/** Usage with numeric counts and details, as the AI SDK's schema takes it (ChunkSchema takes any object). */
function isPlainUsage(u: unknown): boolean {
  if (nullish(u)) return true;
  if (!isRecord(u)) return false;
  for (const key of USAGE_COUNTS) if (!nullishNumber(u[key])) return false;
  const prompt = u.prompt_tokens_details;
  const completion = u.completion_tokens_details;
  if (!nullish(prompt) && !(isRecord(prompt) && nullishNumber(prompt.cached_tokens))) return false;
  if (nullish(completion)) return true;
  return isRecord(completion) && nullishNumber(completion.reasoning_tokens) && nullishNumber(completion.accepted_prediction_tokens) && nullishNumber(completion.rejected_prediction_tokens);
}

/**
 * A chunk in its plain shape (string fields, string content and reasoning, an assistant role, tool call
 * deltas with their `function`, numeric usage), checked by hand so it skips zod: it accepts only what
 * ChunkSchema and the AI SDK's schema (ai-sdk-schema.ts) both accept (fast-path.test.ts), and every
 * other chunk still goes through them.
 */
export function isPlainChunk(json: unknown): json is ChatChunk {
  if (!isRecord(json) || !Array.isArray(json.choices)) return false;
  // The chunk's own id, object and model are optional but not nullable.
  if (!['id', 'object', 'model'].every((k) => json[k] === undefined || typeof json[k] === 'string')) return false;
  if (!isPlainUsage(json.usage)) return false;
  if (json.created !== undefined && !isNumber(json.created)) return false;
  for (const choice of json.choices as unknown[]) {
    if (!isRecord(choice) || !isNullishOr(choice.finish_reason, 'string')) return false;
    const delta = choice.delta;
    if (delta === undefined || delta === null) continue;
    if (!isRecord(delta) || !isTextFields(delta, ['content', 'refusal', 'reasoning_content', 'reasoning'])) return false;
    if (!(nullish(delta.role) || delta.role === 'assistant' || delta.role === '')) return false;
    if (delta.function_call !== undefined && delta.function_call !== null) return false;
    const calls = delta.tool_calls;
    if (calls === undefined || calls === null) continue;
    if (!Array.isArray(calls)) return false;
    for (const call of calls as unknown[]) {
      if (!isRecord(call) || !isTextFields(call, ['id', 'type']) || !nullishNumber(call.index)) return false;
      const fn = call.function;
      if (!isRecord(fn) || !isTextFields(fn, ['name', 'arguments'])) return false;
    }
  }
  return true;
}
