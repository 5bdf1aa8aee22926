// Gemini requests for joining: `contents` (role `user` / `model`, parts), and the function calls of
// candidate 0 of the stream (whole, or streamed with `partialArgs`), with their thought signatures.
import { z } from 'zod';
import type { Frame } from '../../model/frame';
import { decodeFrame } from '../../model/decode';
import { safeJson } from '../../model/safe-text';
import { isRecord } from '../../protocols/shared/view-helpers';
import { applyPartialArgs } from '../../protocols/gemini/partial-args';
import { nonEmptyString, resumedToken } from '../../protocols/shared/resumed-requests';
import { FunctionCallSchema, REQUEST_TOKEN_FIELD } from '../../protocols/gemini/schema';
import type { ConversationReader, StreamedAnswer, StreamedToolCall } from './types';

/** A streamed function call; `id` is the call's own id, else `name#n` (the n-th call of that name). */
export interface GeminiCall extends StreamedToolCall {
  /** The part's thoughtSignature, which the follow-up must send back with the call. */
  signature?: string;
  /** The call carried an id of its own. */
  ownId: boolean;
}

const ContentsBodySchema = z.looseObject({ contents: z.array(z.unknown()) });

export const geminiReader: ConversationReader = {
  protocol: 'gemini',
  read(body, frames) {
    const parsed = ContentsBodySchema.safeParse(body);
    if (!parsed.success) return undefined;
    const messages = parsed.data.contents;
    const read = { messages, keys: messages.map(contentKey), answer: geminiAnswer(frames) };
    // A long decode's next request sends back the token the previous response left.
    const token = resumedToken(body, REQUEST_TOKEN_FIELD);
    return token !== undefined ? { ...read, resumes: token } : read;
  },
};

/** The parts of a content, when it has a parts array. */
export function partsOf(content: unknown): unknown[] {
  return isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
}

/** Role, text, and the function calls and responses a content carries (by id, else name). */
function contentKey(content: unknown): string {
  if (!isRecord(content)) return 'invalid';
  let text = '';
  const calls: string[] = [];
  for (const part of partsOf(content)) {
    if (!isRecord(part)) continue;
    if (typeof part.text === 'string' && part.thought !== true) text += part.text;
    for (const [field, tag] of [['functionCall', 'c'], ['functionResponse', 'r']] as const) {
      const fc = part[field];
      if (isRecord(fc)) calls.push(`${tag}:${typeof fc.id === 'string' ? fc.id : typeof fc.name === 'string' ? fc.name : ''}`);
    }
  }
  return JSON.stringify([typeof content.role === 'string' ? content.role : '', text, calls]);
}

interface Building {
  name: string;
  id?: string;
  signature?: string;
  args: Record<string, unknown>;
}

const CONTINUATION = 'CONTINUATION';

/** The function calls of candidate 0 of the connection's responses, read the AI SDK's way. */
export function geminiAnswer(frames: readonly Frame[]): StreamedAnswer {
  const answer: StreamedAnswer = { toolCalls: [], allCallIds: [] };
  const done: Building[] = [];
  const open: Building[] = [];
  const onPart = (part: unknown) => {
    if (!isRecord(part)) return;
    const parsed = FunctionCallSchema.safeParse(part.functionCall);
    if (!parsed.success || part.functionCall === undefined) return;
    const fc = parsed.data;
    const signature = typeof part.thoughtSignature === 'string' && part.thoughtSignature !== '' ? part.thoughtSignature : undefined;
    const name = fc.name ?? undefined;
    const pieces = fc.partialArgs ?? undefined;
    if (pieces !== undefined || (name !== undefined && fc.willContinue === true)) {
      let call = open[open.length - 1];
      if (name !== undefined) open.push((call = { name, id: fc.id ?? undefined, signature, args: {} }));
      if (!call || !pieces) return;
      applyPartialArgs(call.args, pieces);
      if (fc.willContinue !== true && pieces.every((p) => p.willContinue !== true)) done.push(open.pop() as Building);
    } else if (name === undefined) {
      if (fc.args == null && fc.willContinue == null && open.length > 0) done.push(open.pop() as Building);
    } else {
      done.push({ name, id: fc.id ?? undefined, signature, args: fc.args ?? {} });
    }
  };
  const onResponse = (response: unknown, frame: Frame) => {
    if (!isRecord(response) || !Array.isArray(response.candidates)) return;
    // The clients and the fold read candidates[0] whatever its index.
    const candidate: unknown = response.candidates[0];
    if (!isRecord(candidate)) return;
    partsOf(candidate.content).forEach(onPart);
    // The token a long decode's next request sends back: the latest one, as @google/genai resumes from it.
    const token = nonEmptyString(candidate.continuationToken);
    if (token !== undefined) answer.continuationToken = token;
    // A decode's requests read as one stream: a stop at the per-request cap is not its finish.
    if (typeof candidate.finishReason === 'string' && (answer.finishReason === undefined || answer.finishReason === CONTINUATION)) {
      answer.finishReason = candidate.finishReason;
      answer.finishFrame = frame.index;
    }
  };
  for (const frame of frames) {
    if (frame.direction !== 'in' || frame.kind !== 'message') continue;
    const json = decodeFrame(frame).json;
    if (Array.isArray(json)) for (const r of json) onResponse(r, frame);
    else onResponse(json, frame);
  }
  const seen = new Map<string, number>();
  answer.toolCalls = done.map((c): GeminiCall => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    const call: GeminiCall = { id: c.id ?? `${c.name}#${n}`, name: c.name, arguments: safeJson(c.args), ownId: c.id !== undefined };
    if (c.signature !== undefined) call.signature = c.signature;
    return call;
  });
  answer.allCallIds = answer.toolCalls.map((c) => c.id);
  return answer;
}
