// Conversations across requests. Chat APIs are stateless: the page resends the whole conversation with
// every request, so a request continues an earlier one when its `messages` repeat that request's
// messages and go on past them (with the streamed answer, then tool results or the next user message).
// This joins OpenAI Chat Completions requests; each request keeps the answer its stream gave.
import { z } from 'zod';
import type { Connection, Frame } from '../model/frame';
import { decodeFrame } from '../model/decode';
import { ChunkSchema } from '../protocols/openai-chat/schema';
import { contentText, requestJson } from '../protocols/shared/request-prompt';
import { isRecord } from '../protocols/shared/view-helpers';
import type { Session } from './sessions';

/** A tool call as the stream gave it (choice 0), its arguments as the concatenated text. */
export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What the request's stream answered (choice 0: the one a client continues with). */
export interface StreamedAnswer {
  toolCalls: StreamedToolCall[];
  finishReason?: string;
  /** Index of the frame that carried the finish_reason. */
  finishFrame?: number;
}

export interface ConversationRequest {
  connectionId: string;
  session: Session;
  /** The request's `messages` as sent. */
  messages: readonly unknown[];
  messagesCount: number;
  /** Index of the request's first frame: its request body where the capture has one, else its first chunk. */
  firstFrame: number;
  answer: StreamedAnswer;
  /** Position in the conversation's `requests` of the request this one continues. */
  continues?: number;
  /** Position in the conversation's `requests` of an earlier request with the same messages that this one sends again. */
  repeats?: number;
  /** Index in `messages` of the first message past those of the request it continues. */
  newFrom: number;
}

export interface Conversation {
  /** The connection id of the conversation's first request. */
  id: string;
  protocol: 'openai-chat';
  /** In capture order; each but the first continues an earlier one. */
  requests: ConversationRequest[];
}

const BodySchema = z.looseObject({ messages: z.array(z.unknown()) });

/** The OpenAI Chat conversations of a capture's sessions. Requests with no readable `messages` are left out. */
export function conversations(sessions: readonly Session[]): Conversation[] {
  const requests = sessions
    .filter((s) => s.pipeline.protocol === 'openai-chat')
    .flatMap((s) => s.connections.map((c) => chatRequest(s, c)).filter((r) => r !== undefined))
    .sort((a, b) => a.firstFrame - b.firstFrame);
  const out: Conversation[] = [];
  // Placed requests by a hash of their whole message list, so finding the request a new one continues
  // costs one lookup per prefix of its messages, not a comparison with every earlier request.
  const byPrefix = new Map<string, Placed[]>();
  for (const request of requests) {
    const keys = request.messages.map(messageKey);
    const hashes = prefixHashes(keys);
    const same = bestParent(byPrefix, keys, hashes, keys.length, keys.length);
    const parent = same ? undefined : bestParent(byPrefix, keys, hashes);
    let placed: Placed;
    if (same) {
      // A request sent again (a retry, "regenerate") takes the earlier one's place in its conversation.
      const earlier = same.conversation.requests[same.position];
      if (earlier?.continues !== undefined) request.continues = earlier.continues;
      request.newFrom = earlier?.newFrom ?? 0;
      request.repeats = same.position;
      same.conversation.requests.push(request);
      placed = { conversation: same.conversation, position: same.conversation.requests.length - 1, keys };
    } else if (parent) {
      request.continues = parent.position;
      request.newFrom = parent.keys.length;
      parent.conversation.requests.push(request);
      placed = { conversation: parent.conversation, position: parent.conversation.requests.length - 1, keys };
    } else {
      const conversation: Conversation = { id: request.connectionId, protocol: 'openai-chat', requests: [request] };
      out.push(conversation);
      placed = { conversation, position: 0, keys };
    }
    const whole = hashes[keys.length - 1];
    if (whole === undefined) continue;
    let list = byPrefix.get(whole);
    if (!list) byPrefix.set(whole, (list = []));
    list.push(placed);
  }
  return out;
}

interface Placed {
  conversation: Conversation;
  position: number;
  keys: string[];
}

/** The earlier request whose messages are the longest prefix of these, from `longest` to `shortest` messages (the latest one on a tie). */
function bestParent(byPrefix: ReadonlyMap<string, Placed[]>, keys: readonly string[], hashes: readonly string[], longest = keys.length - 1, shortest = 1): Placed | undefined {
  // By default the whole list is left out: a request continues a parent by going on past its messages.
  for (let n = longest; n >= shortest; n--) {
    const candidates = byPrefix.get(hashes[n - 1] ?? '') ?? [];
    for (let i = candidates.length - 1; i >= 0; i--) {
      const c = candidates[i];
      if (c && c.keys.length === n && c.keys.every((k, j) => k === keys[j])) return c;
    }
  }
  return undefined;
}

/** `hashes[i]`: the length and a 32-bit FNV-1a hash of `keys[0..i]`. */
function prefixHashes(keys: readonly string[]): string[] {
  let h = 0x811c9dc5;
  return keys.map((key, i) => {
    for (let j = 0; j < key.length; j++) h = Math.imul(h ^ key.charCodeAt(j), 0x01000193);
    h = Math.imul(h ^ 0xff, 0x01000193);
    return `${i + 1}:${(h >>> 0).toString(36)}`;
  });
}

/**
 * What makes two messages the same one when a client resends it: role, text, tool call ids. Clients
 * rebuild messages between requests (`content: null` or absent, key order), so whole-JSON equality
 * would split real conversations.
 */
function messageKey(message: unknown): string {
  // Read field by field (each checked with typeof): a schema parse per message of every request is
  // the slowest part of joining long conversations.
  if (!isRecord(message)) return 'invalid';
  const m = message;
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls.map((c) => (isRecord(c) && typeof c.id === 'string' ? c.id : '')) : [];
  return JSON.stringify([
    typeof m.role === 'string' ? m.role : '',
    contentText(m.content) ?? '',
    typeof m.tool_call_id === 'string' ? m.tool_call_id : '',
    calls,
  ]);
}

function chatRequest(session: Session, connection: Connection): ConversationRequest | undefined {
  // A cut body cannot be compared with the next request's messages.
  if (connection.requestBodyTruncated) return undefined;
  const body = BodySchema.safeParse(requestJson(connection));
  if (!body.success) return undefined;
  const frames = session.pipeline.frames.filter((f) => f.connectionId === connection.id);
  const first = frames[0];
  if (!first) return undefined;
  const messages = body.data.messages;
  return { connectionId: connection.id, session, messages, messagesCount: messages.length, firstFrame: first.index, answer: streamedAnswer(frames), newFrom: 0 };
}

interface CallBuilder {
  id: string;
  name: string;
  arguments: string;
}

/** Choice 0 of the connection's chunks: its tool calls (merged by `index`) and finish_reason. */
export function streamedAnswer(frames: readonly Frame[]): StreamedAnswer {
  const calls = new Map<number, CallBuilder>();
  const answer: StreamedAnswer = { toolCalls: [] };
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const chunk = ChunkSchema.safeParse(decodeFrame(frame).json);
    if (!chunk.success) continue;
    for (const choice of chunk.data.choices) {
      if ((choice.index ?? 0) !== 0) continue;
      for (const tc of choice.delta?.tool_calls ?? []) {
        // Without an index (Mistral) a delta continues the call with its id, a new id starts the next
        // call, and a delta with neither continues the latest call.
        const index = typeof tc.index === 'number' ? tc.index : tc.id ? (findById(calls, tc.id) ?? calls.size) : Math.max(0, calls.size - 1);
        let call = calls.get(index);
        if (!call) calls.set(index, (call = { id: '', name: '', arguments: '' }));
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name = tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
      }
      if (choice.finish_reason && answer.finishReason === undefined) {
        answer.finishReason = choice.finish_reason;
        answer.finishFrame = frame.index;
      }
    }
  }
  answer.toolCalls = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  return answer;
}

function findById(calls: ReadonlyMap<number, CallBuilder>, id: string | null | undefined): number | undefined {
  if (!id) return undefined;
  for (const [index, call] of calls) if (call.id === id) return index;
  return undefined;
}
