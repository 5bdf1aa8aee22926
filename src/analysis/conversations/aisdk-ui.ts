// AI SDK UI (useChat) requests for joining: the chat `id` keeps chats apart, `messages` are UI messages
// with ids and parts. A client-side tool comes back in the same assistant message: its tool part goes
// from `input-available` to `output-available` (or `output-error`), and the follow-up resends that
// message, which the next stream continues in place.
import { z } from 'zod';
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { isRecord } from '../../protocols/shared/view-helpers';
import { idMessageKey, type ConversationReader, type StreamedAnswer, type StreamedToolCall } from './types';

const BodySchema = z.looseObject({ messages: z.array(z.unknown()), id: z.string().optional(), trigger: z.string().optional() });

/** Chunks after which the page has nothing left to run for the call. */
const RESOLVING = new Set(['tool-output-available', 'tool-output-error', 'tool-output-denied', 'tool-input-error', 'tool-approval-request']);

export const aisdkUiReader: ConversationReader = {
  protocol: 'aisdk-ui',
  read(body, frames) {
    const parsed = BodySchema.safeParse(body);
    if (!parsed.success) return undefined;
    const { messages, id, trigger } = parsed.data;
    const last: unknown = messages[messages.length - 1];
    const continuesInPlace = isRecord(last) && last.role === 'assistant' && trigger !== 'regenerate-message';
    return { messages, keys: messages.map(idMessageKey), answer: uiAnswer(frames), continuesInPlace, ...(id === undefined ? {} : { scope: id }) };
  },
};

/** The stream's client-side calls: `tool-input-available` not run by the provider and not answered or sent for approval in the same stream. */
export function uiAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const calls = new Map<string, StreamedToolCall>();
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const chunk = decodeFrame(frame).json;
    if (!isRecord(chunk) || typeof chunk.type !== 'string') continue;
    const id = typeof chunk.toolCallId === 'string' ? chunk.toolCallId : undefined;
    if (id !== undefined && !answer.allCallIds?.includes(id)) answer.allCallIds?.push(id);
    if (chunk.type === 'tool-input-available' && id !== undefined && chunk.providerExecuted !== true) {
      calls.set(id, { id, name: typeof chunk.toolName === 'string' ? chunk.toolName : '', arguments: JSON.stringify(chunk.input ?? null) });
    } else if (RESOLVING.has(chunk.type) && id !== undefined) {
      calls.delete(id);
    } else if (chunk.type === 'finish') {
      answer.finishReason = typeof chunk.finishReason === 'string' ? chunk.finishReason : 'finish';
      answer.finishFrame = frame.index;
    }
  }
  answer.toolCalls = [...calls.values()];
  return answer;
}
