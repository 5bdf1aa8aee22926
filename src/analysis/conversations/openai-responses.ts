// OpenAI Responses requests for joining: the `input` items (a string is one user message) and
// `previous_response_id`, and the calls of the stream the page must run: `function_call` and
// `custom_tool_call` items after the response's last message (hosted tools, MCP and shell calls are
// not checked).
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { contentText } from '../../protocols/shared/request-prompt';
import { isRecord } from '../../protocols/shared/view-helpers';
import type { ConversationReader, StreamedAnswer, StreamedToolCall } from './types';

/** Client-run call item types and the output item type that answers each. */
export const RESPONSES_CALL_OUTPUTS: ReadonlyMap<string, string> = new Map([
  ['function_call', 'function_call_output'],
  ['custom_tool_call', 'custom_tool_call_output'],
]);

const TERMINAL = new Set(['response.completed', 'response.failed', 'response.incomplete']);

export const openaiResponsesReader: ConversationReader = {
  protocol: 'openai-responses',
  read(body, frames) {
    if (!isRecord(body)) return undefined;
    const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : body.input;
    if (!Array.isArray(input)) return undefined;
    const messages: readonly unknown[] = input;
    const read = { messages, keys: messages.map(itemKey), answer: responsesAnswer(frames) };
    return typeof body.previous_response_id === 'string' ? { ...read, previousResponseId: body.previous_response_id } : read;
  },
};

/** An item's type (a message's role), text, and call id or item id. */
function itemKey(item: unknown): string {
  if (!isRecord(item)) return 'invalid';
  const type = typeof item.type === 'string' ? item.type : 'message';
  const id = typeof item.call_id === 'string' ? item.call_id : typeof item.id === 'string' && type !== 'message' ? item.id : '';
  return JSON.stringify([type, typeof item.role === 'string' ? item.role : '', contentText(item.content) ?? '', id]);
}

/** The last response's id, its client-run calls (as the done items or the terminal response give them) and its status. */
export function responsesAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const byCallId = new Map<string, StreamedToolCall & { type: string }>();
  const take = (item: unknown): void => {
    // Calls followed by a message were run by the server within the response (xAI's search tools
    // come as custom_tool_call items): only the calls after the last message are the page's.
    if (isRecord(item) && item.type === 'message') byCallId.clear();
    if (!isRecord(item) || typeof item.call_id !== 'string') return;
    if (!answer.allCallIds?.includes(item.call_id)) answer.allCallIds?.push(item.call_id);
    if (typeof item.type !== 'string' || !RESPONSES_CALL_OUTPUTS.has(item.type)) return;
    const args = typeof item.arguments === 'string' ? item.arguments : typeof item.input === 'string' ? item.input : '';
    byCallId.set(item.call_id, { id: item.call_id, name: typeof item.name === 'string' ? item.name : '', arguments: args, type: item.type });
  };
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event = decodeFrame(frame).json;
    if (!isRecord(event) || typeof event.type !== 'string') continue;
    const response = isRecord(event.response) ? event.response : undefined;
    if (event.type === 'response.created') {
      // One connection may carry several responses (WebSocket mode, recorded steps): the last one counts.
      byCallId.clear();
      delete answer.finishReason;
      delete answer.finishFrame;
      delete answer.responseId;
    }
    if (response && typeof response.id === 'string' && answer.responseId === undefined) answer.responseId = response.id;
    if (event.type === 'response.output_item.done') take(event.item);
    if (TERMINAL.has(event.type) && answer.finishReason === undefined) {
      if (response && Array.isArray(response.output)) {
        // The terminal response's output is authoritative.
        byCallId.clear();
        response.output.forEach(take);
      }
      answer.finishReason = response && typeof response.status === 'string' ? response.status : event.type.slice('response.'.length);
      answer.finishFrame = frame.index;
    }
  }
  answer.toolCalls = [...byCallId.values()].map(({ id, name, arguments: args }) => ({ id, name, arguments: args }));
  return answer;
}
