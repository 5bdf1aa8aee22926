// AG-UI runs for joining: RunAgentInput's `threadId` names the conversation and `messages` (with ids)
// repeat it. The run's frontend tool calls are those it started and gave no TOOL_CALL_RESULT: the page
// runs them and sends the next run an assistant message with `toolCalls` and one `tool` message each.
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

/** The last run's frontend tool calls (started, given no TOOL_CALL_RESULT) and how it ended. */
export function runAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const calls = new Map<string, StreamedToolCall>();
  let latest: StreamedToolCall | undefined;
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event = decodeFrame(frame).json;
    if (!isRecord(event) || typeof event.type !== 'string') continue;
    const id = typeof event.toolCallId === 'string' ? event.toolCallId : undefined;
    const delta = typeof event.delta === 'string' ? event.delta : '';
    if (event.type === 'RUN_STARTED') {
      // A recording of several runs: the page continues after the last one.
      calls.clear();
      delete answer.finishReason;
      delete answer.finishFrame;
    } else if ((event.type === 'TOOL_CALL_START' || event.type === 'TOOL_CALL_CHUNK') && id !== undefined && !calls.has(id)) {
      answer.allCallIds?.push(id);
      latest = { id, name: typeof event.toolCallName === 'string' ? event.toolCallName : '', arguments: delta };
      calls.set(id, latest);
    } else if (event.type === 'TOOL_CALL_ARGS' || event.type === 'TOOL_CALL_CHUNK') {
      // A chunk without an id continues the latest call.
      const call = id === undefined ? (event.type === 'TOOL_CALL_CHUNK' ? latest : undefined) : calls.get(id);
      if (call) call.arguments += delta;
    } else if (event.type === 'TOOL_CALL_RESULT' && id !== undefined) {
      calls.delete(id);
    } else if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') {
      // A run that ends in an interrupt waits for the user, not for tool results.
      const interrupted = isRecord(event.outcome) && event.outcome.type === 'interrupt';
      answer.finishReason = event.type === 'RUN_ERROR' ? 'error' : interrupted ? 'interrupt' : 'finished';
      answer.finishFrame = frame.index;
    }
  }
  answer.toolCalls = [...calls.values()];
  return answer;
}
