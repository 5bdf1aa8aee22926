// AG-UI runs for joining: RunAgentInput's `threadId` names the conversation and `messages` (with ids)
// repeat it. The run's frontend tool calls are those it started and gave no TOOL_CALL_RESULT.
import { z } from 'zod';
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { isRecord } from '../../protocols/shared/view-helpers';
import { idMessageKey, type ConversationReader, type StreamedAnswer, type StreamedToolCall } from './types';

const BodySchema = z.looseObject({ threadId: z.string(), messages: z.array(z.unknown()) });

export const agUiReader: ConversationReader = {
  protocol: 'ag-ui',
  joinsByScope: true,
  read(body, frames) {
    const parsed = BodySchema.safeParse(body);
    if (!parsed.success) return undefined;
    const { messages, threadId } = parsed.data;
    return { messages, keys: messages.map(idMessageKey), answer: runAnswer(frames), scope: threadId };
  },
};

function runAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const calls = new Map<string, StreamedToolCall>();
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event = decodeFrame(frame).json;
    if (!isRecord(event) || typeof event.type !== 'string') continue;
    const id = typeof event.toolCallId === 'string' ? event.toolCallId : undefined;
    if (event.type === 'TOOL_CALL_START' && id !== undefined) {
      answer.allCallIds?.push(id);
      calls.set(id, { id, name: typeof event.toolCallName === 'string' ? event.toolCallName : '', arguments: '' });
    } else if (event.type === 'TOOL_CALL_ARGS' && id !== undefined) {
      const call = calls.get(id);
      if (call && typeof event.delta === 'string') call.arguments += event.delta;
    } else if (event.type === 'TOOL_CALL_RESULT' && id !== undefined) {
      calls.delete(id);
    } else if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') {
      answer.finishReason = event.type === 'RUN_FINISHED' ? 'finished' : 'error';
      answer.finishFrame = frame.index;
    }
  }
  answer.toolCalls = [...calls.values()];
  return answer;
}
