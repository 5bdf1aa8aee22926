// The prompt of a LangGraph run request (`POST /threads/{id}/runs/stream`, `/runs/stream`): the graph's
// `input`, whose `messages` the server adds to the thread's state. The thread holds the history, so a
// run's input usually carries only the new turn. A message is in any form LangChain takes for one:
// `{type: "human", content}` as useStream and the SDK's types send it, `{role: "user" | "human",
// content}`, a `["human", text]` pair, or a bare string; `messages` may also be one message alone. A run
// that resumes an interrupt (`command.resume`) has no prompt.
import { z } from 'zod';
import type { Connection } from '../../model/frame';
import type { RequestPrompt } from '../types';
import { lastUserPrompt, requestJson } from '../shared/request-prompt';
import { isRecord } from '../shared/view-helpers';
import { messageKind } from './content';

const BodySchema = z.looseObject({ input: z.looseObject({ messages: z.unknown() }) });

const PATH = 'input.messages';

export function langgraphPromptOf(connection: Connection): RequestPrompt | undefined {
  const parsed = BodySchema.safeParse(requestJson(connection));
  if (!parsed.success) return undefined;
  const messages = parsed.data.input.messages;
  if (Array.isArray(messages)) return lastUserPrompt(messages.map(asChatMessage), PATH);
  // One message alone: the prompt, at the field itself.
  const prompt = lastUserPrompt([asChatMessage(messages)], PATH);
  return prompt && { ...prompt, path: PATH };
}

/** A message in LangChain's forms as `{role, content}`, `role: "user"` for a human turn; anything else as is. */
function asChatMessage(message: unknown): unknown {
  if (typeof message === 'string') return { role: 'user', content: message };
  if (Array.isArray(message) && message.length === 2 && typeof message[0] === 'string') return { role: roleOf(message[0]), content: message[1] };
  if (!isRecord(message)) return message;
  const kind = typeof message.type === 'string' ? message.type : typeof message.role === 'string' ? message.role : undefined;
  return kind === undefined ? message : { role: roleOf(kind), content: message.content };
}

function roleOf(kind: string): string {
  return messageKind(kind) === 'human' ? 'user' : kind;
}
