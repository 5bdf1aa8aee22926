// A2A (Agent2Agent) over JSON-RPC: `message/stream` / `SendStreamingMessage` and `tasks/resubscribe`
// / `SubscribeToTask` answered as SSE, `message/send`, `tasks/get` and the rest as JSON, in the wire
// versions v0.3 and v1.0 that `@a2a-js/sdk` speaks. One session per conversation (`contextId`).
import type { Connection } from '../../model/frame';
import type { ProtocolDefinition, RequestPrompt } from '../types';
import { requestJson } from '../shared/request-prompt';
import { isRecord } from '../shared/view-helpers';
import { detectConnection, detectFrame, sessionKey } from './detect';
import { createA2aFold } from './fold';
import { messageText } from './parts-text';
import { a2aRules } from './rules';
import { describeA2aFrame } from './describe';
import { requestMessage } from './normalize';

/** The user's message a request sends, as the user's turn. */
function promptOf(connection: Connection): RequestPrompt | undefined {
  const body = requestJson(connection);
  const message = isRecord(body) ? requestMessage(body.params) : undefined;
  if (!message || message.role !== 'user') return undefined;
  const text = messageText(message.parts);
  return text.trim() === '' ? undefined : { text, path: 'params.message', messageCount: 1 };
}

export const a2aProtocol: ProtocolDefinition = {
  id: 'a2a',
  title: 'A2A (Agent2Agent)',
  rules: a2aRules,
  detectFrame,
  detectConnection,
  sessionKey,
  createFold: createA2aFold,
  describeFrame: describeA2aFrame,
  promptOf,
};
