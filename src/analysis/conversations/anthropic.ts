// Anthropic Messages requests for joining: `messages` (content a string or blocks), and the client
// tool calls of the stream: `tool_use` blocks (server_tool_use and mcp_tool_use run on the API's side).
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { contentText } from '../../protocols/shared/request-prompt';
import { isRecord } from '../../protocols/shared/view-helpers';
import { messagesReader, type StreamedAnswer, type StreamedToolCall } from './types';

export const anthropicReader = messagesReader('anthropic', messageKey, anthropicAnswer);

/** Role, text, and the ids of its tool_use and tool_result blocks: what a client keeps when it resends a message. */
function messageKey(message: unknown): string {
  if (!isRecord(message)) return 'invalid';
  const ids: string[] = [];
  if (Array.isArray(message.content)) {
    for (const block of message.content) {
      if (!isRecord(block)) continue;
      if (typeof block.id === 'string') ids.push(block.id);
      if (typeof block.tool_use_id === 'string') ids.push(`r:${block.tool_use_id}`);
    }
  }
  return JSON.stringify([typeof message.role === 'string' ? message.role : '', contentText(message.content) ?? '', ids]);
}

interface Building extends StreamedToolCall {
  /** The concatenated `partial_json`. */
  json: string;
  /** The block's input at its start. */
  start: string;
}

/** The `tool_use` blocks (input from their `input_json_delta`s) and stop_reason of the stream's last message. */
export function anthropicAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const calls: Building[] = [];
  const byIndex = new Map<number, Building>();
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event = decodeFrame(frame).json;
    if (!isRecord(event)) continue;
    if (event.type === 'message_start') {
      // A recording of several steps holds one message after another: the last one is what the page continues.
      calls.length = 0;
      byIndex.clear();
      delete answer.finishReason;
      delete answer.finishFrame;
    } else if (event.type === 'content_block_start' && isRecord(event.content_block) && typeof event.index === 'number') {
      const block = event.content_block;
      if (typeof block.id === 'string') answer.allCallIds?.push(block.id);
      if (block.type !== 'tool_use' || typeof block.id !== 'string') continue;
      const call: Building = { id: block.id, name: typeof block.name === 'string' ? block.name : '', arguments: '', json: '', start: JSON.stringify(block.input ?? {}) };
      byIndex.set(event.index, call);
      calls.push(call);
    } else if (event.type === 'content_block_delta' && isRecord(event.delta) && event.delta.type === 'input_json_delta' && typeof event.index === 'number') {
      const call = byIndex.get(event.index);
      if (call && typeof event.delta.partial_json === 'string') call.json += event.delta.partial_json;
    } else if (event.type === 'message_delta' && isRecord(event.delta) && typeof event.delta.stop_reason === 'string') {
      answer.finishReason = event.delta.stop_reason;
      answer.finishFrame = frame.index;
    }
  }
  // Without deltas the input is the block's own (`{}` when the tool takes no arguments).
  answer.toolCalls = calls.map((c) => ({ id: c.id, name: c.name, arguments: c.json || c.start }));
  return answer;
}
