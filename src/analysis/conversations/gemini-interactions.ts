// Gemini Interactions requests for joining: `input` (a string, a list of content parts, a list of turns
// `{role, content}`, or a list of steps `{type: "user_input" | "model_output" | "thought" |
// "function_call", …}` as the AI SDK sends the whole history) and `previous_interaction_id`, which names
// the stored interaction a follow-up continues; and the `function_call` steps of the stream that the
// page must run (those that reached their `step.stop`, as the AI SDK emits a call only there:
// `gemini-interactions/function-call-not-stopped`), with the interaction's id and final status
// (`requires_action` asks for the results).
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { safeJson } from '../../model/safe-text';
import { contentText } from '../../protocols/shared/request-prompt';
import { nonEmptyString, resumedToken } from '../../protocols/shared/resumed-requests';
import { isRecord } from '../../protocols/shared/view-helpers';
import { REQUEST_TOKEN_FIELD } from '../../protocols/gemini-interactions/schema';
import type { ConversationReader, StreamedAnswer, StreamedToolCall } from './types';

/** Content part types that make a list of parts one user turn. */
const PART_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'document', 'video']);

export const interactionsReader: ConversationReader = {
  protocol: 'gemini-interactions',
  read(body, frames) {
    if (!isRecord(body)) return undefined;
    // A long decode's next request sends back the token the previous interaction left; when the
    // interaction is stored, @google/genai sends it without the input.
    const token = resumedToken(body, REQUEST_TOKEN_FIELD);
    const messages = token !== undefined && body.input === undefined ? [] : inputEntries(body.input);
    if (!messages) return undefined;
    const read = { messages, keys: messages.map(entryKey), answer: interactionsAnswer(frames), ...(token !== undefined && { resumes: token }) };
    return typeof body.previous_interaction_id === 'string' ? { ...read, previousResponseId: body.previous_interaction_id } : read;
  },
};

/** The request's input as a list of entries: a string or a list of content parts is one user turn. */
function inputEntries(input: unknown): readonly unknown[] | undefined {
  if (typeof input === 'string') return [{ type: 'user_input', content: [{ type: 'text', text: input }] }];
  if (!Array.isArray(input)) return undefined;
  const parts = input.length > 0 && input.every((p: unknown) => isRecord(p) && typeof p.type === 'string' && PART_TYPES.has(p.type));
  return parts ? [{ type: 'user_input', content: input }] : input;
}

/** An entry and the parts of its content: where function calls and results sit (a step, or a turn's part). */
export function entryParts(entry: unknown): Record<string, unknown>[] {
  if (!isRecord(entry)) return [];
  const content = Array.isArray(entry.content) ? entry.content.filter(isRecord) : [];
  return [entry, ...content];
}

/** An entry's type (a turn's role), text, and the call ids of the function calls and results it carries. */
function entryKey(entry: unknown): string {
  if (!isRecord(entry)) return 'invalid';
  const ids: string[] = [];
  for (const part of entryParts(entry)) {
    if (part.type === 'function_call') ids.push(`c:${typeof part.id === 'string' ? part.id : ''}`);
    else if (part.type === 'function_result') ids.push(`r:${typeof part.call_id === 'string' ? part.call_id : ''}`);
  }
  const text = contentText(entry.content) ?? (typeof entry.text === 'string' ? entry.text : '');
  return JSON.stringify([typeof entry.type === 'string' ? entry.type : '', typeof entry.role === 'string' ? entry.role : '', text, ids]);
}

interface Building extends StreamedToolCall {
  /** Arguments streamed as `arguments_delta` text; else the start's `arguments` object. */
  streamed: boolean;
  /** Its step.stop arrived. */
  stopped: boolean;
}

const REQUIRES_CONTINUATION = 'requires_continuation';

/** The last interaction's id, its stopped `function_call` steps (arguments as streamed) and its final status. */
export function interactionsAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  let calls = new Map<number, Building>();
  let offset = 0;
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const event = decodeFrame(frame).json;
    if (!isRecord(event)) continue;
    const interaction = isRecord(event.interaction) ? event.interaction : undefined;
    if (event.event_type === 'interaction.created') {
      // One connection may carry several interactions (recorded steps): the last one counts; a long
      // decode's requests, read as one stream, go on with the same answer.
      if (answer.finishReason === REQUIRES_CONTINUATION) {
        // Its steps count from 0 again: past the earlier ones.
        for (const k of calls.keys()) if (k + 1 > offset) offset = k + 1;
        continue;
      }
      offset = 0;
      calls = new Map();
      delete answer.finishReason;
      delete answer.finishFrame;
      if (typeof interaction?.id === 'string') answer.responseId = interaction.id;
    } else if (event.event_type === 'step.start' && typeof event.index === 'number' && isRecord(event.step)) {
      const step = event.step;
      if (typeof step.id === 'string' && !answer.allCallIds?.includes(step.id)) answer.allCallIds?.push(step.id);
      if (step.type !== 'function_call') continue;
      const args = isRecord(step.arguments) ? safeJson(step.arguments) : '{}';
      calls.set(event.index + offset, { id: typeof step.id === 'string' ? step.id : '', name: typeof step.name === 'string' ? step.name : '', arguments: args, streamed: false, stopped: false });
    } else if (event.event_type === 'step.delta' && typeof event.index === 'number' && isRecord(event.delta) && event.delta.type === 'arguments_delta') {
      const call = calls.get(event.index + offset);
      if (!call || typeof event.delta.arguments !== 'string') continue;
      call.arguments = call.streamed ? call.arguments + event.delta.arguments : event.delta.arguments;
      call.streamed = true;
    } else if (event.event_type === 'step.stop' && typeof event.index === 'number') {
      const call = calls.get(event.index + offset);
      if (call) call.stopped = true;
    } else if (event.event_type === 'interaction.completed' && interaction) {
      if (typeof interaction.id === 'string') answer.responseId = interaction.id;
      if (typeof interaction.status === 'string') {
        answer.finishReason = interaction.status;
        answer.finishFrame = frame.index;
      }
      // The completion's token is the one @google/genai sends back (none: the decode cannot go on).
      const left = interaction.status === REQUIRES_CONTINUATION ? nonEmptyString(interaction.continuation_token) : undefined;
      if (left !== undefined) answer.continuationToken = left;
      else delete answer.continuationToken;
    }
  }
  answer.toolCalls = [...calls.entries()]
    .filter(([, c]) => c.stopped)
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => ({ id: c.id, name: c.name, arguments: c.arguments }));
  return answer;
}
