// OpenAI Chat Completions requests for joining: `messages`, and the tool calls of choice 0 of the stream.
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { ChunkSchema } from '../../protocols/openai-chat/schema';
import { contentText } from '../../protocols/shared/request-prompt';
import { isRecord } from '../../protocols/shared/view-helpers';
import { messagesReader, type StreamedAnswer, type StreamedToolCall } from './types';

export const openaiChatReader = messagesReader('openai-chat', messageKey, streamedAnswer);

/**
 * What makes two messages the same one when a client resends it: role, text, tool call ids (the keys of
 * Cohere v2's messages too, which have the same fields). Clients
 * rebuild messages between requests (`content: null` or absent, key order), so whole-JSON equality
 * would split real conversations.
 */
export function messageKey(message: unknown): string {
  // Read field by field (each checked with typeof): a schema parse per message of every request is
  // the slowest part of joining long conversations.
  if (!isRecord(message)) return 'invalid';
  const m = message;
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls.map((c) => (isRecord(c) && typeof c.id === 'string' ? c.id : '')) : [];
  return JSON.stringify([typeof m.role === 'string' ? m.role : '', contentText(m.content) ?? '', typeof m.tool_call_id === 'string' ? m.tool_call_id : '', calls]);
}

/** Choice 0 of the connection's chunks: its tool calls (merged by `index`) and finish_reason. */
export function streamedAnswer(frames: readonly Frame[]): StreamedAnswer {
  const calls = new Map<number, StreamedToolCall>();
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

function findById(calls: ReadonlyMap<number, StreamedToolCall>, id: string | null | undefined): number | undefined {
  if (!id) return undefined;
  for (const [index, call] of calls) if (call.id === id) return index;
  return undefined;
}
