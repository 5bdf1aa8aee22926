// Test-only: reads an SSE body with the official `ai` client (DefaultChatTransport's SSE parsing and
// schema check, then readUIMessageStream's reducer), with a local Response instead of the network.
// The current major (ai 7, which declares Node ≥ 22 but runs this on Node 20) by default, or the previous
// one (ai 6, the `ai-6` alias), which users still run.
import * as ai7 from 'ai';
import type { UIMessage } from 'ai';
import * as ai6 from 'ai-6';

type Client = Pick<typeof ai7, 'AISDKError' | 'DefaultChatTransport' | 'readUIMessageStream'>;
// ai 6's classes have the same shape under their own declarations.
const CLIENTS: Record<6 | 7, Client> = { 7: ai7, 6: ai6 as unknown as Client };

export interface ReferenceResult {
  message: UIMessage | undefined;
  /**
   * The last state of each message the stream built, in order: a `start` with a new messageId makes
   * readUIMessageStream begin another message, and the chat shows them all.
   */
  messages: UIMessage[];
  /** What made the client reject the stream (schema failure, missing part …), if anything. */
  rejection: unknown;
  /** `error` chunks, which the client reports but does not treat as a broken stream. */
  errorChunks: string[];
}

export async function readWithAi(body: string, major: 6 | 7 = 7): Promise<ReferenceResult> {
  const { AISDKError, DefaultChatTransport, readUIMessageStream } = CLIENTS[major];
  const transport = new DefaultChatTransport<UIMessage>({
    api: 'http://127.0.0.1/api/chat',
    fetch: async () =>
      new Response(body, {
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
      }),
  });
  const stream = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-1',
    messageId: undefined,
    messages: [],
    abortSignal: undefined,
  });
  let message: UIMessage | undefined;
  const messages: UIMessage[] = [];
  let rejection: unknown;
  const errorChunks: string[] = [];
  const onError = (err: unknown) => {
    // `error` chunks arrive as plain Errors; everything the client rejects is an AISDKError.
    if (AISDKError.isInstance(err) || !(err instanceof Error)) rejection ??= err;
    else errorChunks.push(err.message);
  };
  for await (const m of readUIMessageStream<UIMessage>({ stream, onError })) {
    if (message !== undefined && message.id === m.id) messages[messages.length - 1] = m;
    else messages.push(m);
    message = m;
  }
  return { message, messages, rejection, errorChunks };
}

export interface ToolSummary {
  toolCallId: string;
  toolName: string;
  input: unknown;
  status: 'pending' | 'success' | 'error';
  result: unknown;
}

/**
 * The input a call shows: the panel shows the text streamed until the input is available, where the
 * client shows its partial parse (ai's parsePartialJson, which this applies to the panel's text).
 */
export async function shownInput(tool: { input: unknown; inputText?: string }): Promise<unknown> {
  if (tool.input !== undefined || !tool.inputText) return tool.input;
  return (await ai7.parsePartialJson(tool.inputText)).value;
}

/** Text, reasoning and tool calls of the client's messages, in the shape we compare. */
export function summarizeMessage(message: UIMessage | readonly UIMessage[] | undefined): { texts: string[]; reasoning: string[]; tools: ToolSummary[] } {
  const texts: string[] = [];
  const reasoning: string[] = [];
  const tools: ToolSummary[] = [];
  const parts = message === undefined ? [] : 'parts' in message ? message.parts : message.flatMap((m) => m.parts);
  for (const part of parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'reasoning') reasoning.push(part.text);
    else if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) {
      const p = part as unknown as Record<string, unknown>;
      const state = p.state as string;
      const toolName = part.type === 'dynamic-tool' ? String(p.toolName) : part.type.slice('tool-'.length);
      const status = state === 'output-available' ? (p.preliminary ? 'pending' : 'success') : state === 'output-error' || state === 'output-denied' ? 'error' : 'pending';
      const result = state === 'output-available' ? p.output : state === 'output-error' ? p.errorText : state === 'output-denied' ? 'denied' : undefined;
      tools.push({ toolCallId: String(p.toolCallId), toolName, input: p.input, status, result });
    }
  }
  return { texts, reasoning, tools };
}
