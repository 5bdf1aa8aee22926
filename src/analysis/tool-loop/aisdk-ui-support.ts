// Building AI SDK UI (useChat) tool-loop captures in tests: chat request bodies with UI messages and
// the UI message stream chunks that answer them.
import type { Call, RequestExchange, StreamOptions } from './test-support';

export const uiStream: StreamOptions = { url: 'https://chat.example/api/chat' };

export const uiUser = (id: string, text: string) => ({ id, role: 'user', parts: [{ type: 'text', text }] });

type ToolState = 'input-available' | 'output-available' | 'output-error';

export const toolPart = (c: Call, state: ToolState = 'output-available') => ({
  type: `tool-${c.name}`,
  toolCallId: c.id,
  state,
  input: JSON.parse(c.arguments) as unknown,
  ...(state === 'output-available' ? { output: { temp: 21 } } : state === 'output-error' ? { errorText: 'offline' } : {}),
});

export const uiAssistant = (id: string, ...parts: unknown[]) => ({ id, role: 'assistant', parts: [{ type: 'step-start' }, ...parts] });

/** A stream that gives these client-side tool calls (no output) and finishes. */
export function uiCallsAnswer(messageId: string, calls: readonly Call[]): (object | string)[] {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    ...calls.flatMap((c) => [
      { type: 'tool-input-start', toolCallId: c.id, toolName: c.name },
      { type: 'tool-input-delta', toolCallId: c.id, inputTextDelta: c.arguments },
      { type: 'tool-input-available', toolCallId: c.id, toolName: c.name, input: JSON.parse(c.arguments) as unknown },
    ]),
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'tool-calls' },
    '[DONE]',
  ];
}

export function uiTextAnswer(messageId: string, text: string): (object | string)[] {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: text },
    { type: 'text-end', id: 't1' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
    '[DONE]',
  ];
}

export const uiExchange = (messages: readonly unknown[], answer: (object | string)[], chatId = 'chat_1'): RequestExchange => ({
  body: { id: chatId, messages, trigger: 'submit-message' },
  answer,
});
