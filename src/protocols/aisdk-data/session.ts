// Session key of a v4 data stream: the useChat chat id of the request body, else the `f:` message id.
import type { Connection, DecodedFrame } from '../../model/frame';
import { frameText } from '../../model/decode';
import { chatIdOf } from '../aisdk-ui/session';
import { parseLine } from './parse-line';

export function dataSessionKey(connection: Connection, frame: DecodedFrame | undefined): string | undefined {
  const chat = chatIdOf(connection);
  if (chat) return `chat:${chat}`;
  if (!frame || frame.frame.kind !== 'message') return undefined;
  const line = frameText(frame.frame).split('\n', 1)[0] ?? '';
  if (!line.startsWith('f:')) return undefined;
  const parsed = parseLine(line);
  return parsed.ok && parsed.part.code === 'f' ? `message:${parsed.part.value.messageId}` : undefined;
}
