// The prompt of a `useChat` request (ai ≥ 5): the last user message of `messages` (text `parts`), or
// the single `message` a page sends when it keeps the history on the server.
import { z } from 'zod';
import type { Connection } from '../../model/frame';
import type { RequestPrompt } from '../types';
import { lastUserPrompt, requestJson } from '../shared/request-prompt';

const BodySchema = z.looseObject({ messages: z.array(z.unknown()).optional(), message: z.unknown().optional() });

export function aisdkUiPromptOf(connection: Connection): RequestPrompt | undefined {
  const parsed = BodySchema.safeParse(requestJson(connection));
  if (!parsed.success) return undefined;
  if (parsed.data.messages) return lastUserPrompt(parsed.data.messages, 'messages');
  if (parsed.data.message === undefined) return undefined;
  const prompt = lastUserPrompt([parsed.data.message], 'message');
  return prompt && { ...prompt, path: 'message' };
}
