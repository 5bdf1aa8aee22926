// The prompt of a Responses request: `input` as a string, or the last user message among its items
// (`{role: "user", content}` with `input_text` parts). Tool outputs and approval replies are not prompts.
import { z } from 'zod';
import type { Connection } from '../../model/frame';
import type { RequestPrompt } from '../types';
import { lastUserPrompt, requestJson } from '../shared/request-prompt';

const BodySchema = z.looseObject({ input: z.union([z.string(), z.array(z.unknown())]) });

export function openaiResponsesPromptOf(connection: Connection): RequestPrompt | undefined {
  const parsed = BodySchema.safeParse(requestJson(connection));
  if (!parsed.success) return undefined;
  const input = parsed.data.input;
  if (typeof input === 'string') return input.trim() === '' ? undefined : { text: input, path: 'input', messageCount: 1 };
  return lastUserPrompt(input, 'input');
}
