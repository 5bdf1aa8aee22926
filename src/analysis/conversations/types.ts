// The shapes of conversations across requests, shared by the join and each protocol's reader.
import { z } from 'zod';
import type { Frame } from '../../model/frame';
import { isRecord } from '../../protocols/shared/view-helpers';
import type { Session } from '../sessions';

/** Protocols whose requests are joined into conversations. */
export type ConversationProtocol = 'openai-chat' | 'anthropic' | 'openai-responses' | 'aisdk-ui' | 'ag-ui' | 'gemini' | 'cohere' | 'gemini-interactions';

/** A tool call the stream asked the page to run, its arguments as JSON text. */
export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What the request's stream answered (for OpenAI Chat, choice 0: the one a client continues with). */
export interface StreamedAnswer {
  /** The calls the page itself must run and answer (server-run tools are left out). */
  toolCalls: StreamedToolCall[];
  /** The stream's own word for how it ended (finish_reason, stop_reason, response status, `finish`). */
  finishReason?: string;
  /** Index of the frame that carried it. */
  finishFrame?: number;
  /** OpenAI Responses: the response's id, which a follow-up names in `previous_response_id`. */
  responseId?: string;
  /** Every tool call id of the stream, server-run ones included. */
  allCallIds?: string[];
  /**
   * A long decode's token the stream left for its next request to send back (Gemini's
   * `continuationToken`, the Interactions API's `continuation_token`): the answer goes on there.
   */
  continuationToken?: string;
}

export interface ConversationRequest {
  connectionId: string;
  session: Session;
  /** The request's messages as sent (`messages`, or the Responses `input` items). */
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
  protocol: ConversationProtocol;
  /** OpenAI Responses: the request continues the stored response with this id (`previous_response_id`). */
  previousResponseId?: string;
  /**
   * Position in the conversation's `requests` of the request whose answer this one's stream goes on
   * with: a long decode's next request, sending back the continuation token that answer left. It sends
   * that request's messages again, so it continues nothing itself (no `continues`).
   */
  hopOf?: number;
  /** With `hopOf`: the answer of all the decode's requests up to this one, read as the one stream a client makes of them. */
  wholeAnswer?: StreamedAnswer;
}

/** What a request's stream answered, with the earlier requests of its long decode when it is one of its later requests. */
export const wholeAnswerOf = (request: ConversationRequest): StreamedAnswer => request.wholeAnswer ?? request.answer;

export interface Conversation {
  /** The connection id of the conversation's first request. */
  id: string;
  protocol: ConversationProtocol;
  /** In capture order; each but the first continues an earlier one. */
  requests: ConversationRequest[];
}

/** One request as a protocol reads it, before joining. */
export interface RequestRead {
  messages: readonly unknown[];
  /** Per message, what makes it the same message when the page sends it again. */
  keys: string[];
  answer: StreamedAnswer;
  /** Only requests of the same scope join (the AI SDK's chat id, AG-UI's threadId). */
  scope?: string;
  previousResponseId?: string;
  /** The last message is the answer being continued in place (AI SDK UI): the same messages continue, not repeat. */
  continuesInPlace?: boolean;
  /** The continuation token the request sends back: it resumes the answer that left it (a long decode). */
  resumes?: string;
}

export interface ConversationReader {
  protocol: ConversationProtocol;
  /** The request, from its parsed body and its connection's frames; undefined when it is not one this protocol joins. */
  read(body: unknown, frames: readonly Frame[]): RequestRead | undefined;
  /** A request that repeats no earlier request's messages joins the latest request of its scope. */
  joinsByScope?: boolean;
}

/** The key of a message that keeps its id across requests while its content grows (AI SDK UI, AG-UI). */
export function idMessageKey(message: unknown): string {
  if (!isRecord(message)) return 'invalid';
  return JSON.stringify([typeof message.role === 'string' ? message.role : '', typeof message.id === 'string' ? message.id : '']);
}

const MessagesBodySchema = z.looseObject({ messages: z.array(z.unknown()) });

/** A reader of bodies whose conversation is their `messages` array (OpenAI Chat, Anthropic). */
export function messagesReader(protocol: ConversationProtocol, key: (message: unknown) => string, answer: (frames: readonly Frame[]) => StreamedAnswer): ConversationReader {
  return {
    protocol,
    read(body, frames) {
      const parsed = MessagesBodySchema.safeParse(body);
      if (!parsed.success) return undefined;
      const messages = parsed.data.messages;
      return { messages, keys: messages.map(key), answer: answer(frames) };
    },
  };
}
