// What each protocol's request and stream say, as turns read them: the page's message in a request
// (a user's text, tool results — each protocol puts them somewhere else) and the answer's text in the
// stream. The field names are those the conversation readers (conversations/<protocol>.ts) and the
// loop checks (tool-loop/<protocol>.ts) use.
import { contentText } from '../protocols/shared/request-prompt';
import { isRecord } from '../protocols/shared/view-helpers';
import { safeJson } from '../model/safe-text';
import type { ConversationProtocol } from './conversations';

/** A tool result the page sent back: the call id it answers, its value, and whether it reports the tool's failure. */
export interface SentResult {
  /** The call id as sent; empty when the result names none. */
  id: string;
  value: unknown;
  error: boolean;
  /** `id → result` as a turn shows it. */
  line: string;
}

/** A message the page sent, read for a turn: its role, its text, and the tool results it carries. */
export interface SentMessage {
  role: string;
  text?: string;
  results: SentResult[];
}

/** Longest result text kept before the line is clipped: the frame holds the whole payload. */
const MAX_RESULT = 400;

const sentResult = (id: unknown, value: unknown, error = false, errorWord = ''): SentResult => {
  const callId = typeof id === 'string' ? id : '';
  // Text (or text parts) as text; any other value (the AI SDK's `output` object) as its JSON.
  const line = `${callId || 'no id'} → ${contentText(value) ?? safeJson(value, { maxLength: MAX_RESULT })}${error ? ` (${errorWord})` : ''}`;
  return { id: callId, value, error, line };
};

const role = (m: Record<string, unknown>): string => (typeof m.role === 'string' ? m.role : '');

/** OpenAI Chat: `role: "tool"` messages with `tool_call_id`. */
function chatMessage(m: Record<string, unknown>): SentMessage {
  if (m.role === 'tool') return { role: 'tool', results: [sentResult(m.tool_call_id, m.content)] };
  return { role: role(m), text: contentText(m.content), results: [] };
}

/**
 * Cohere v2: OpenAI Chat's fields; a tool message's content is a string or a list of `text` blocks and
 * `document` blocks (`document.data`, an object), read as the text or the data they carry.
 */
function cohereMessage(m: Record<string, unknown>): SentMessage {
  if (m.role !== 'tool' || !Array.isArray(m.content)) return chatMessage(m);
  const values = m.content.map((block: unknown) => (isRecord(block) && block.type === 'document' && isRecord(block.document) ? block.document.data : isRecord(block) && block.type === 'text' ? block.text : block));
  return { role: 'tool', results: [sentResult(m.tool_call_id, values.length === 1 ? values[0] : values)] };
}

/**
 * Gemini Interactions: a step or turn (`user_input` / `role: "user"`, `model_output` / `function_call` /
 * `role: "model"`), its text, and the `function_result` parts it carries (`call_id`, `result`).
 */
function interactionsEntry(m: Record<string, unknown>): SentMessage {
  const results: SentResult[] = [];
  for (const part of [m, ...(Array.isArray(m.content) ? m.content : [])]) {
    if (isRecord(part) && part.type === 'function_result') results.push(sentResult(part.call_id, part.result, part.is_error === true, 'is_error'));
  }
  const text = contentText(m.content) ?? (typeof m.text === 'string' ? m.text : undefined);
  const user = m.type === 'user_input' || m.role === 'user' || m.type === 'function_result';
  const model = m.type === 'model_output' || m.type === 'function_call' || m.role === 'model';
  return { role: user ? (results.length > 0 && text === undefined ? 'tool' : 'user') : model ? 'assistant' : '', text, results };
}

/** Anthropic: `tool_result` blocks (`tool_use_id`, `content`, `is_error`) in a user message, beside its text blocks. */
function anthropicMessage(m: Record<string, unknown>): SentMessage {
  const results: SentResult[] = [];
  if (Array.isArray(m.content)) {
    for (const block of m.content) {
      if (!isRecord(block) || block.type !== 'tool_result') continue;
      results.push(sentResult(block.tool_use_id, block.content ?? '', block.is_error === true, 'is_error'));
    }
  }
  return { role: role(m), text: contentText(m.content), results };
}

/** OpenAI Responses: `function_call_output` / `custom_tool_call_output` items (`call_id`, `output`); messages are items with a role. */
function responsesItem(m: Record<string, unknown>): SentMessage {
  if (m.type === 'function_call_output' || m.type === 'custom_tool_call_output') return { role: 'tool', results: [sentResult(m.call_id, m.output)] };
  if (m.type !== undefined && m.type !== 'message') return { role: '', results: [] };
  return { role: role(m), text: contentText(m.content), results: [] };
}

/** AI SDK UI: text parts, and tool parts (`tool-<name>`, `dynamic-tool`) whose state is `output-available` or `output-error`. */
function uiMessage(m: Record<string, unknown>): SentMessage {
  const results: SentResult[] = [];
  const texts: string[] = [];
  if (Array.isArray(m.parts)) {
    for (const part of m.parts) {
      if (!isRecord(part) || typeof part.type !== 'string') continue;
      if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      const isTool = part.type.startsWith('tool-') || part.type === 'dynamic-tool';
      if (isTool && part.state === 'output-available') results.push(sentResult(part.toolCallId, part.output));
      else if (isTool && part.state === 'output-error') results.push(sentResult(part.toolCallId, part.errorText, true, 'output-error'));
    }
  }
  return { role: role(m), text: texts.length > 0 ? texts.join('\n') : contentText(m.content), results };
}

/** AG-UI: `role: "tool"` messages with `toolCallId`. */
function agUiMessage(m: Record<string, unknown>): SentMessage {
  if (m.role === 'tool') return { role: 'tool', results: [sentResult(m.toolCallId, m.content)] };
  return { role: role(m), text: contentText(m.content), results: [] };
}

/** Gemini: `contents` with `parts`: text parts, and `functionResponse` parts (`id` or `name`, `response`); the model's role is `model`. */
function geminiContent(m: Record<string, unknown>): SentMessage {
  const results: SentResult[] = [];
  const texts: string[] = [];
  for (const part of Array.isArray(m.parts) ? m.parts : []) {
    if (!isRecord(part)) continue;
    if (typeof part.text === 'string' && part.thought !== true) texts.push(part.text);
    const fr = part.functionResponse;
    if (isRecord(fr)) results.push(sentResult(typeof fr.id === 'string' ? fr.id : fr.name, fr.response));
  }
  const r = role(m);
  return { role: r === 'model' ? 'assistant' : results.length > 0 && texts.length === 0 ? 'tool' : r, text: texts.length > 0 ? texts.join('\n') : undefined, results };
}

const SENT: Record<ConversationProtocol, (m: Record<string, unknown>) => SentMessage> = {
  'openai-chat': chatMessage,
  anthropic: anthropicMessage,
  'openai-responses': responsesItem,
  'aisdk-ui': uiMessage,
  'ag-ui': agUiMessage,
  gemini: geminiContent,
  cohere: cohereMessage,
  'gemini-interactions': interactionsEntry,
};

export function sentMessage(protocol: ConversationProtocol, message: unknown): SentMessage | undefined {
  return isRecord(message) ? SENT[protocol](message) : undefined;
}

/**
 * The answer's text in one stream event: a piece to add, or `reset` where a new message or response
 * starts (a recording of several steps: the last one is the answer the page continues).
 */
export type TextPiece = string | { reset: true } | undefined;

const RESET = { reset: true } as const;

function anthropicText(e: Record<string, unknown>): TextPiece {
  if (e.type === 'message_start') return RESET;
  if (e.type === 'content_block_delta' && isRecord(e.delta) && e.delta.type === 'text_delta' && typeof e.delta.text === 'string') return e.delta.text;
  return undefined;
}

function responsesText(e: Record<string, unknown>): TextPiece {
  if (e.type === 'response.created') return RESET;
  if (e.type === 'response.output_text.delta' && typeof e.delta === 'string') return e.delta;
  return undefined;
}

function uiText(e: Record<string, unknown>): TextPiece {
  return e.type === 'text-delta' && typeof e.delta === 'string' ? e.delta : undefined;
}

function agUiText(e: Record<string, unknown>): TextPiece {
  if (e.type === 'RUN_STARTED') return RESET;
  if ((e.type === 'TEXT_MESSAGE_CONTENT' || e.type === 'TEXT_MESSAGE_CHUNK') && typeof e.delta === 'string') return e.delta;
  return undefined;
}

function chatText(e: Record<string, unknown>): TextPiece {
  if (!Array.isArray(e.choices)) return undefined;
  let text = '';
  for (const choice of e.choices) {
    // Choice 0: the one a client continues with.
    if (!isRecord(choice) || (choice.index ?? 0) !== 0 || !isRecord(choice.delta)) continue;
    if (typeof choice.delta.content === 'string') text += choice.delta.content;
  }
  return text === '' ? undefined : text;
}

function geminiText(e: Record<string, unknown>): TextPiece {
  const candidate: unknown = Array.isArray(e.candidates) ? e.candidates[0] : undefined;
  const parts: unknown = isRecord(candidate) && isRecord(candidate.content) ? candidate.content.parts : undefined;
  if (!Array.isArray(parts)) return undefined;
  let text = '';
  for (const part of parts) if (isRecord(part) && part.thought !== true && typeof part.text === 'string') text += part.text;
  return text === '' ? undefined : text;
}

/** Cohere v2: content-delta's text (its thinking is not the answer); a stream is one message. */
function cohereText(e: Record<string, unknown>): TextPiece {
  if (e.type === 'message-start') return RESET;
  if (e.type !== 'content-delta' || !isRecord(e.delta) || !isRecord(e.delta.message) || !isRecord(e.delta.message.content)) return undefined;
  const text = e.delta.message.content.text;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** Gemini Interactions: a `text` delta of a step (a new interaction resets). */
function interactionsText(e: Record<string, unknown>): TextPiece {
  if (e.event_type === 'interaction.created') return RESET;
  if (e.event_type !== 'step.delta' || !isRecord(e.delta) || e.delta.type !== 'text') return undefined;
  return typeof e.delta.text === 'string' && e.delta.text !== '' ? e.delta.text : undefined;
}

const TEXT: Record<ConversationProtocol, (e: Record<string, unknown>) => TextPiece> = {
  'openai-chat': chatText,
  anthropic: anthropicText,
  'openai-responses': responsesText,
  'aisdk-ui': uiText,
  'ag-ui': agUiText,
  gemini: geminiText,
  cohere: cohereText,
  'gemini-interactions': interactionsText,
};

export function textPiece(protocol: ConversationProtocol, event: unknown): TextPiece {
  return isRecord(event) ? TEXT[protocol](event) : undefined;
}
