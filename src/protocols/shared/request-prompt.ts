// Reading the user's prompt from a request body: chat APIs resend the whole conversation, so the prompt
// is the text of the last user message that has text (a tool-result turn has none). Lenient: odd
// entries are skipped, never thrown on.
import { z } from 'zod';
import type { Connection } from '../../model/frame';
import type { RequestPrompt } from '../types';

/** A chat message in any of the shapes the protocols use: `content` text or parts, or `parts`. */
const MessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(z.unknown())]).nullish(),
  parts: z.array(z.unknown()).nullish(),
});

const TextPartSchema = z.looseObject({ type: z.string().optional(), text: z.string() });

/** Part types that carry the user's own words. */
const TEXT_PART_TYPES = new Set(['text', 'input_text']);

/** The request body as JSON, when the connection has one that parses. */
export function requestJson(connection: Connection): unknown {
  const body = connection.requestBody;
  if (typeof body !== 'string' || body === '') return undefined;
  const first = body.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The text of a message's content: a string, or its text parts joined by line breaks. */
export function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    const parsed = TextPartSchema.safeParse(part);
    if (parsed.success && (parsed.data.type === undefined || TEXT_PART_TYPES.has(parsed.data.type))) texts.push(parsed.data.text);
  }
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** The last message with role `user` and some text, from `messages` found at `path` in the body. */
export function lastUserPrompt(messages: readonly unknown[], path: string): RequestPrompt | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const parsed = MessageSchema.safeParse(messages[i]);
    if (!parsed.success || parsed.data.role !== 'user') continue;
    const text = contentText(parsed.data.parts) ?? contentText(parsed.data.content);
    if (text !== undefined && text.trim() !== '') return { text, path: `${path}[${i}]`, messageCount: messages.length };
  }
  return undefined;
}

/** The prompt of a body whose conversation sits in one array field (`messages`). */
export function promptFromField(field: string): (connection: Connection) => RequestPrompt | undefined {
  const BodySchema = z.looseObject({ [field]: z.array(z.unknown()) });
  return (connection) => {
    const parsed = BodySchema.safeParse(requestJson(connection));
    if (!parsed.success) return undefined;
    const messages: unknown = parsed.data[field];
    return Array.isArray(messages) ? lastUserPrompt(messages, field) : undefined;
  };
}
