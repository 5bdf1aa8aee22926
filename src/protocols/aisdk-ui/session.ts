// Session keys for AI SDK streams: useChat posts `{id: <chat id>, messages, …}`, so the chat id in the
// request body ties all the turns of one conversation together.
import type { Connection, DecodedFrame } from '../../model/frame';
import { isRecord, parseJson } from './json-util';

export function chatIdOf(connection: Connection): string | undefined {
  const body = connection.requestBody;
  if (!body || body.length > 5_000_000) return undefined;
  const parsed = parseJson(body);
  if (!parsed.ok || !isRecord(parsed.value)) return undefined;
  const id = parsed.value.id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

export function uiSessionKey(connection: Connection, frame: DecodedFrame | undefined): string | undefined {
  const chat = chatIdOf(connection);
  if (chat) return `chat:${chat}`;
  const json = frame?.json;
  if (isRecord(json) && json.type === 'start' && typeof json.messageId === 'string') return `message:${json.messageId}`;
  return undefined;
}
