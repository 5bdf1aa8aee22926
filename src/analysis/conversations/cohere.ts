// Cohere v2 chat requests for joining: `messages` (OpenAI Chat's fields: `tool_calls` on the assistant
// message, `role: "tool"` messages with `tool_call_id`), and the tool calls of the stream, which numbers
// them by `index` (tool-call-start with id and name, tool-call-delta with argument pieces, tool-call-end).
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { isRecord } from '../../protocols/shared/view-helpers';
import { messageKey } from './openai-chat';
import { messagesReader, type StreamedAnswer, type StreamedToolCall } from './types';

export const cohereReader = messagesReader('cohere', messageKey, cohereAnswer);

/** The streamed call of a tool-call event: `delta.message.tool_calls` (one object, not a list). */
function callDelta(event: Record<string, unknown>): Record<string, unknown> | undefined {
  const message = isRecord(event.delta) ? event.delta.message : undefined;
  return isRecord(message) && isRecord(message.tool_calls) ? message.tool_calls : undefined;
}

/**
 * The connection's tool calls (merged by `index`, in index order; those that reached tool-call-end, as
 * the AI SDK emits a call only there: `cohere/tool-call-not-ended`) and message-end's finish_reason.
 */
export function cohereAnswer(frames: readonly Frame[]): StreamedAnswer {
  const calls = new Map<number, StreamedToolCall>();
  const ended = new Set<number>();
  const answer: StreamedAnswer = { toolCalls: [] };
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event: unknown = decodeFrame(frame).json;
    if (!isRecord(event)) continue;
    if ((event.type === 'tool-call-start' || event.type === 'tool-call-delta') && typeof event.index === 'number') {
      const tc = callDelta(event);
      if (!tc) continue;
      let call = calls.get(event.index);
      if (!call) calls.set(event.index, (call = { id: '', name: '', arguments: '' }));
      const fn = isRecord(tc.function) ? tc.function : undefined;
      if (typeof tc.id === 'string' && tc.id !== '') call.id = tc.id;
      if (typeof fn?.name === 'string' && fn.name !== '') call.name = fn.name;
      if (typeof fn?.arguments === 'string') call.arguments += fn.arguments;
    } else if (event.type === 'tool-call-end' && typeof event.index === 'number') {
      ended.add(event.index);
    } else if (event.type === 'message-end' && answer.finishReason === undefined && isRecord(event.delta) && typeof event.delta.finish_reason === 'string') {
      answer.finishReason = event.delta.finish_reason;
      answer.finishFrame = frame.index;
    }
  }
  answer.toolCalls = [...calls.entries()]
    .filter(([index]) => ended.has(index))
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => c);
  return answer;
}
