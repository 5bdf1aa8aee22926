// What the AI SDK's OpenAI-compatible provider (`@ai-sdk/openai-compatible`, its chat chunk schema)
// accepts of a `chat.completion.chunk`. openai-node checks nothing at run time beyond its indexes; the AI
// SDK validates every chunk, so a role other than "assistant", a reasoning field that is not a string, a
// tool call delta without its `function` object or a usage count that is not a number ends its stream
// with an error. Mirrored by hand (the provider does not export it); a hand check keeps the plain chunks
// off zod. test/unit/openai-chat-aisdk-agreement.test.ts runs the provider itself on variants.
import { z } from 'zod';
import { describeIssues, isRecord } from '../shared/view-helpers';
import { nullish, nullishNumber, nullishString, type Fields } from '../shared/hand-checks';

const str = z.string().nullish();
const num = z.number().nullish();

const Usage = z
  .looseObject({
    prompt_tokens: num,
    completion_tokens: num,
    total_tokens: num,
    prompt_tokens_details: z.looseObject({ cached_tokens: num }).nullish(),
    completion_tokens_details: z.looseObject({ reasoning_tokens: num, accepted_prediction_tokens: num, rejected_prediction_tokens: num }).nullish(),
  })
  .nullish();

export const AI_SDK_CHUNK_SCHEMA = z.looseObject({
  id: str,
  created: num,
  model: str,
  choices: z.array(
    z.looseObject({
      delta: z
        .looseObject({
          role: z.enum(['assistant', '']).nullish(),
          content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).nullish(),
          reasoning_content: str,
          reasoning: str,
          tool_calls: z.array(z.looseObject({ index: num, id: str, function: z.looseObject({ name: str, arguments: str }) })).nullish(),
        })
        .nullish(),
      finish_reason: str,
    }),
  ),
  usage: Usage,
});


const USAGE_COUNTS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const;

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
 * A chunk in the shape most chunks have (string identity, string content and reasoning, tool call deltas
 * with their `function`, numeric usage), checked by hand; it accepts only what AI_SDK_CHUNK_SCHEMA
 * accepts (ai-sdk-schema.test.ts), and anything else goes through the schema.
 */
export function isPlainForAiSdk(json: Fields): boolean {
  if (!nullishString(json.id) || !nullishNumber(json.created) || !nullishString(json.model) || !Array.isArray(json.choices) || !isPlainUsage(json.usage)) return false;
  for (const choice of json.choices as unknown[]) {
    if (!isRecord(choice) || !nullishString(choice.finish_reason)) return false;
    const d = choice.delta;
    if (nullish(d)) continue;
    if (!isRecord(d) || !(nullish(d.role) || d.role === 'assistant' || d.role === '')) return false;
    if (!nullishString(d.content) || !nullishString(d.reasoning_content) || !nullishString(d.reasoning)) return false;
    const calls = d.tool_calls;
    if (nullish(calls)) continue;
    if (!Array.isArray(calls)) return false;
    for (const call of calls as unknown[]) {
      if (!isRecord(call) || !nullishNumber(call.index) || !nullishString(call.id)) return false;
      const fn = call.function;
      if (!isRecord(fn) || !nullishString(fn.name) || !nullishString(fn.arguments)) return false;
    }
  }
  return true;
}

/** Why the AI SDK's OpenAI-compatible provider fails on this chunk, worded for a finding; undefined when it reads it. */
export function aiSdkObjection(json: Fields): string | undefined {
  if (isPlainForAiSdk(json)) return undefined;
  const parsed = AI_SDK_CHUNK_SCHEMA.safeParse(json);
  return parsed.success ? undefined : `the AI SDK's OpenAI-compatible provider rejects the chunk and ends with an error (${describeIssues(parsed.error.issues)})`;
}
