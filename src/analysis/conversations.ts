// Conversations across requests. Chat APIs are stateless: the page resends the whole conversation with
// every request, so a request continues an earlier one when its messages repeat that request's
// messages and go on past them (with the streamed answer, then tool results or the next user message).
// OpenAI Responses may instead name the stored response it continues (`previous_response_id`); the AI
// SDK's chat id and AG-UI's threadId keep requests of different chats apart. Each protocol reads its
// own requests (conversations/<protocol>.ts); the join here is the same for all.
import type { Connection, Frame } from '../model/frame';
import { requestJson } from '../protocols/shared/request-prompt';
import type { Session } from './sessions';
import { agUiReader } from './conversations/ag-ui';
import { aisdkUiReader } from './conversations/aisdk-ui';
import { anthropicReader } from './conversations/anthropic';
import { cohereReader } from './conversations/cohere';
import { geminiReader } from './conversations/gemini';
import { interactionsReader } from './conversations/gemini-interactions';
import { openaiChatReader } from './conversations/openai-chat';
import { openaiResponsesReader } from './conversations/openai-responses';
import { wholeAnswerOf, type Conversation, type ConversationReader, type ConversationRequest, type RequestRead } from './conversations/types';

export type { Conversation, ConversationProtocol, ConversationRequest, StreamedAnswer, StreamedToolCall } from './conversations/types';
export { wholeAnswerOf } from './conversations/types';
export { streamedAnswer } from './conversations/openai-chat';

const READERS: ReadonlyMap<string, ConversationReader> = new Map(
  [openaiChatReader, anthropicReader, openaiResponsesReader, aisdkUiReader, agUiReader, geminiReader, cohereReader, interactionsReader].map((r) => [r.protocol, r]),
);

interface Pending {
  request: ConversationRequest;
  read: RequestRead;
  reader: ConversationReader;
  body: unknown;
  frames: readonly Frame[];
}

/** The conversations of a capture's sessions. Requests with no readable messages are left out. */
export function conversations(sessions: readonly Session[]): Conversation[] {
  const pending = sessions
    .flatMap((s) => {
      const reader = READERS.get(s.pipeline.protocol ?? '');
      return reader ? s.connections.map((c) => readRequest(reader, s, c)).filter((r) => r !== undefined) : [];
    })
    .sort((a, b) => a.request.firstFrame - b.request.firstFrame);
  const out: Conversation[] = [];
  // Placed requests by a hash of their whole message list, so finding the request a new one continues
  // costs one lookup per prefix of its messages, not a comparison with every earlier request.
  const byPrefix = new Map<string, Placed[]>();
  const byResponseId = new Map<string, Placed>();
  const latestInScope = new Map<string, Placed>();
  // A long decode's requests by the continuation token their answer left, and the frames of each
  // request's decode up to it (one request's own frames where it begins none).
  const byToken = new Map<string, Placed>();
  const decodeFrames = new Map<ConversationRequest, readonly Frame[]>();
  for (const { request, read, reader, body, frames } of pending) {
    decodeFrames.set(request, frames);
    const { keys } = read;
    const scope = `${reader.protocol}\u0000${read.scope ?? ''}`;
    const hashes = prefixHashes(keys, scope);
    const resumed = read.resumes === undefined ? undefined : byToken.get(`${scope}\u0000${read.resumes}`);
    const named = resumed || read.previousResponseId === undefined ? undefined : byResponseId.get(read.previousResponseId);
    const same = resumed || named ? undefined : bestParent(byPrefix, keys, hashes, keys.length, keys.length);
    let placed: Placed;
    if (resumed) {
      // The answer goes on in this request's stream: a client shows the two as one answer.
      const earlier = resumed.conversation.requests[resumed.position]!;
      const whole = [...(decodeFrames.get(earlier) ?? []), ...frames];
      decodeFrames.set(request, whole);
      request.hopOf = resumed.position;
      request.newFrom = earlier.newFrom;
      request.wholeAnswer = reader.read(body, whole)?.answer ?? request.answer;
      resumed.conversation.requests.push(request);
      placed = { conversation: resumed.conversation, position: resumed.conversation.requests.length - 1, keys };
    } else if (named) {
      // The follow-up sends only what is new: the stored response holds the rest.
      placed = attach(named, request, keys, 0);
    } else if (same && read.continuesInPlace) {
      placed = attach(same, request, keys, keys.length - 1);
    } else if (same) {
      // A request sent again (a retry, "regenerate") takes the earlier one's place in its conversation.
      const earlier = same.conversation.requests[same.position];
      if (earlier?.continues !== undefined) request.continues = earlier.continues;
      request.newFrom = earlier?.newFrom ?? 0;
      request.repeats = same.position;
      same.conversation.requests.push(request);
      placed = { conversation: same.conversation, position: same.conversation.requests.length - 1, keys };
    } else {
      const parent = bestParent(byPrefix, keys, hashes) ?? (reader.joinsByScope && read.scope !== undefined ? latestInScope.get(scope) : undefined);
      if (parent) {
        placed = attach(parent, request, keys, isPrefix(parent.keys, keys) ? parent.keys.length : 0);
      } else {
        const conversation: Conversation = { id: request.connectionId, protocol: reader.protocol, requests: [request] };
        out.push(conversation);
        placed = { conversation, position: 0, keys };
      }
    }
    if (request.answer.responseId !== undefined) byResponseId.set(request.answer.responseId, placed);
    const left = wholeAnswerOf(request).continuationToken;
    if (left !== undefined) byToken.set(`${scope}\u0000${left}`, placed);
    latestInScope.set(scope, placed);
    // A request that names its stored response carries only new items: no later request repeats them.
    const whole = hashes[keys.length - 1];
    if (whole === undefined || read.previousResponseId !== undefined) continue;
    let list = byPrefix.get(whole);
    if (!list) byPrefix.set(whole, (list = []));
    list.push(placed);
  }
  return out;
}

interface Placed {
  conversation: Conversation;
  position: number;
  keys: readonly string[];
}

function attach(parent: Placed, request: ConversationRequest, keys: readonly string[], newFrom: number): Placed {
  request.continues = parent.position;
  request.newFrom = newFrom;
  parent.conversation.requests.push(request);
  return { conversation: parent.conversation, position: parent.conversation.requests.length - 1, keys };
}

function isPrefix(prefix: readonly string[], keys: readonly string[]): boolean {
  return prefix.length <= keys.length && prefix.every((k, i) => k === keys[i]);
}

/** The earlier request whose messages are the longest prefix of these, from `longest` to `shortest` messages (the latest one on a tie). */
function bestParent(byPrefix: ReadonlyMap<string, Placed[]>, keys: readonly string[], hashes: readonly string[], longest = keys.length - 1, shortest = 1): Placed | undefined {
  // By default the whole list is left out: a request continues a parent by going on past its messages.
  for (let n = longest; n >= shortest; n--) {
    const candidates = byPrefix.get(hashes[n - 1] ?? '') ?? [];
    for (let i = candidates.length - 1; i >= 0; i--) {
      const c = candidates[i];
      if (c && c.keys.length === n && isPrefix(c.keys, keys)) return c;
    }
  }
  return undefined;
}

/** `hashes[i]`: the length and a 32-bit FNV-1a hash of the scope and `keys[0..i]`. */
function prefixHashes(keys: readonly string[], scope: string): string[] {
  let h = 0x811c9dc5;
  for (let j = 0; j < scope.length; j++) h = Math.imul(h ^ scope.charCodeAt(j), 0x01000193);
  return keys.map((key, i) => {
    h = Math.imul(h ^ 0xff, 0x01000193);
    for (let j = 0; j < key.length; j++) h = Math.imul(h ^ key.charCodeAt(j), 0x01000193);
    return `${i + 1}:${(h >>> 0).toString(36)}`;
  });
}

function readRequest(reader: ConversationReader, session: Session, connection: Connection): Pending | undefined {
  // A cut body cannot be compared with the next request's messages.
  if (connection.requestBodyTruncated) return undefined;
  const body = requestJson(connection);
  if (body === undefined) return undefined;
  const frames = session.pipeline.frames.filter((f) => f.connectionId === connection.id);
  const first = frames[0];
  if (!first) return undefined;
  const read = reader.read(body, frames);
  if (!read) return undefined;
  const request: ConversationRequest = {
    connectionId: connection.id,
    session,
    messages: read.messages,
    messagesCount: read.messages.length,
    firstFrame: first.index,
    answer: read.answer,
    newFrom: 0,
    protocol: reader.protocol,
  };
  if (read.previousResponseId !== undefined) request.previousResponseId = read.previousResponseId;
  return { request, read, reader, body, frames };
}
