// What the AI SDK's OpenAI-compatible provider (`@ai-sdk/openai-compatible`, its chat chunk schema)
// accepts of a `chat.completion.chunk`. openai-node checks nothing at run time beyond its indexes; the AI
// SDK validates every chunk, so a role other than "assistant", a reasoning field that is not a string, a
// tool call delta without its `function` object or a usage count that is not a number ends its stream
// with an error. Mirrored by hand (the provider does not export it); the fast path (schema.ts) keeps the
// plain chunks off zod. test/unit/openai-chat-aisdk-agreement.test.ts runs the provider itself on variants.
import { z } from 'zod';
import { describeIssues } from '../shared/view-helpers';

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


/**
 * Why the AI SDK's OpenAI-compatible provider fails on this chunk, worded for a finding; undefined when
 * it reads it. For the chunks the fast path (schema.ts isPlainChunk, which accepts only what this schema
 * accepts) did not take.
 */
export function aiSdkObjection(json: unknown): string | undefined {
  const parsed = AI_SDK_CHUNK_SCHEMA.safeParse(json);
  return parsed.success ? undefined : `the AI SDK's OpenAI-compatible provider rejects the chunk and ends with an error (${describeIssues(parsed.error.issues)})`;
}
