// The prompt of an Interactions request: `input` is a string, a list of content parts
// (`{type: "text", text}`), a list of turns (`{role: "user", content}`, content a string or parts), or
// a list of steps (`{type: "user_input", content}` among the model's steps, as the AI SDK sends them).
// With `previous_interaction_id` the request carries only the new turn, which is still the prompt.
import { z } from 'zod';
import type { Connection } from '../../model/frame';
import type { RequestPrompt } from '../types';
import { contentText, lastUserPrompt, requestJson } from '../shared/request-prompt';
import { isRecord } from '../shared/view-helpers';

const BodySchema = z.looseObject({ input: z.union([z.string(), z.array(z.unknown())]) });

export function interactionsPromptOf(connection: Connection): RequestPrompt | undefined {
  const parsed = BodySchema.safeParse(requestJson(connection));
  if (!parsed.success) return undefined;
  const input = parsed.data.input;
  if (typeof input === 'string') return input.trim() === '' ? undefined : { text: input, path: 'input', messageCount: 1 };
  if (input.some((entry) => isRecord(entry) && typeof entry.role === 'string')) return lastUserPrompt(input, 'input');
  for (let i = input.length - 1; i >= 0; i--) {
    const entry: unknown = input[i];
    if (!isRecord(entry) || entry.type !== 'user_input') continue;
    const text = contentText(entry.content);
    if (text !== undefined && text.trim() !== '') return { text, path: `input[${i}]`, messageCount: input.length };
  }
  const text = contentText(input);
  return text === undefined || text.trim() === '' ? undefined : { text, path: 'input', messageCount: 1 };
}
