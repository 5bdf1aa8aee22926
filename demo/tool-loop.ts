// POST /tool-loop/v1/chat/completions: a stand-in for an OpenAI-compatible model with one client-side
// tool, `get_weather`. A request whose last message is the user's gets a stream that asks for the
// tool (two parallel calls with `?parallel=1`); a request that carries tool results gets the final
// answer. `?endless=1` asks for the tool again after every result (a model that never stops), unless
// the request sets `tool_choice: "none"`. With `stream_options.include_usage` the stream ends with a
// usage chunk (no choices), as OpenAI's does: made-up but fixed token counts, named after the model the
// request asked for, so the panel can show tokens and cost. The page (public/tool-loop.js) runs the
// loop, right or wrong.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, refuse } from './protocols/http';

const MAX_REQUEST_BYTES = 512 * 1024;
const CHUNK_DELAY_MS = 80;

export const TOOL_LOOP_PATH = '/tool-loop/v1/chat/completions';

interface ChatRequest {
  messages: unknown[];
  tool_choice?: unknown;
  model?: string;
  includeUsage: boolean;
}

export async function streamToolLoop(req: IncomingMessage, res: ServerResponse, url: URL, delayScale: number): Promise<void> {
  const request = parse(await readBody(req, MAX_REQUEST_BYTES));
  if (!request) return refuse(res, 400, 'expected a JSON body with a messages array');
  const last = request.messages[request.messages.length - 1];
  const lastRole = isObject(last) ? last.role : undefined;
  const round = request.messages.filter((m) => isObject(m) && m.role === 'assistant').length + 1;
  const answer = request.tool_choice === 'none' || (lastRole === 'tool' && url.searchParams.get('endless') !== '1');
  const cities = url.searchParams.get('parallel') === '1' ? ['Hà Nội', 'Đà Nẵng'] : ['Hà Nội'];
  const model = request.model ?? 'demo-tools';
  const chunks = answer ? textChunks(round, model, request.messages) : callChunks(round, model, cities);
  if (request.includeUsage) chunks.push(usageChunk(round, model, request.messages.length, chunks.length));
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  res.flushHeaders();
  let gone = false;
  res.on('close', () => (gone = true));
  for (const data of [...chunks, '[DONE]']) {
    if (gone || res.destroyed) return;
    res.write(`data: ${data}\n\n`);
    if (delayScale > 0) await new Promise((r) => setTimeout(r, CHUNK_DELAY_MS * delayScale));
  }
  res.end();
}

function chunk(round: number, model: string, delta: object, finish: string | null = null): string {
  return JSON.stringify({ id: `chatcmpl-demo-${round}`, object: 'chat.completion.chunk', created: 1_770_000_000 + round, model, choices: [{ index: 0, delta, finish_reason: finish }] });
}

/** OpenAI's closing usage chunk: no choices, the request's and the answer's token counts. */
function usageChunk(round: number, model: string, messages: number, chunks: number): string {
  const prompt = 40 + 25 * messages;
  const completion = 6 * chunks;
  return JSON.stringify({ id: `chatcmpl-demo-${round}`, object: 'chat.completion.chunk', created: 1_770_000_000 + round, model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
}

/** The tool calls, each call's arguments in two pieces, then finish_reason "tool_calls". */
function callChunks(round: number, model: string, cities: readonly string[]): string[] {
  return [
    chunk(round, model, { role: 'assistant', content: null }),
    ...cities.flatMap((city, index) => {
      const args = JSON.stringify({ city });
      return [
        chunk(round, model, { tool_calls: [{ index, id: `call_${round}_${index + 1}`, type: 'function', function: { name: 'get_weather', arguments: args.slice(0, 6) } }] }),
        chunk(round, model, { tool_calls: [{ index, function: { arguments: args.slice(6) } }] }),
      ];
    }),
    chunk(round, model, {}, 'tool_calls'),
  ];
}

/** The final answer, read from the tool results the request carried. */
function textChunks(round: number, model: string, messages: readonly unknown[]): string[] {
  const results = messages.filter((m) => isObject(m) && m.role === 'tool').length;
  const words = ['Trời ', 'hôm nay ', `nắng, 31 °C (${results} kết quả công cụ).`];
  return [chunk(round, model, { role: 'assistant', content: '' }), ...words.map((content) => chunk(round, model, { content })), chunk(round, model, {}, 'stop')];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(body: string | undefined): ChatRequest | undefined {
  if (body === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    if (isObject(value) && Array.isArray(value.messages)) {
      const model = typeof value.model === 'string' && /^[\w.:-]{1,64}$/.test(value.model) ? value.model : undefined;
      const includeUsage = isObject(value.stream_options) && value.stream_options.include_usage === true;
      return { messages: value.messages, tool_choice: value.tool_choice, includeUsage, ...(model !== undefined && { model }) };
    }
  } catch {
    // Refused below.
  }
  return undefined;
}

export interface ToolLoopVariant {
  id: string;
  title: string;
  /** The tool-loop rules the page's bug breaks (the one it is about first); none for the clean variants. */
  rules?: readonly string[];
  /** The model asks for two calls at once. */
  parallel?: boolean;
  /** The model asks for the tool again after every result. */
  endless?: boolean;
}

/** The page's variants (`?variant=`), served as GET /api/tool-loop; each buggy one has a clean twin. */
export const toolLoopVariants: readonly ToolLoopVariant[] = [
  { id: 'clean', title: 'Clean loop' },
  { id: 'clean-parallel', title: 'Clean loop, two parallel calls', parallel: true },
  { id: 'stalled', title: 'Bug: the UI reads only delta.content', rules: ['openai-chat/loop-stalled'] },
  { id: 'wrong-id', title: 'Bug: tool_call_id is the tool name', rules: ['openai-chat/loop-unknown-tool-call-id', 'openai-chat/loop-missing-tool-result'] },
  { id: 'missing-result', title: 'Bug: only the first of two parallel results is sent', rules: ['openai-chat/loop-missing-tool-result'], parallel: true },
  { id: 'changed', title: 'Bug: the arguments are sent back as an object', rules: ['openai-chat/loop-tool-calls-changed'] },
  { id: 'too-deep', title: 'Bug: a model that keeps calling, no bound below 12 rounds', rules: ['openai-chat/loop-too-deep'], endless: true },
  { id: 'clean-endless', title: 'Clean: a model that keeps calling, stopped after 3 rounds', endless: true },
];
