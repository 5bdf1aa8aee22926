// The protocol sessions the demo serves besides flat-block: one per protocol and transport, each played
// from the protocol's own test data, so a clean run is known-valid and a buggy run (`?buggy=1`) breaks
// exactly what the invalid file breaks. Paths are relative to the project root.
import type { ProtocolId } from '../../src/protocols/types';

export type SessionTransport = 'sse' | 'websocket' | 'lines';

export interface ProtocolSession {
  id: ProtocolId;
  transport: SessionTransport;
  /** POST route for `sse` and `lines` (with the query string the real API's client sends, if any),
   * WebSocket URL path for `websocket`. */
  path: string;
  fixture: string;
  buggyFixture: string;
  /** Label in the page's Protocol picker. */
  title: string;
  /** The picker's value (`?protocol=`) when `id/transport` is taken by another session of the protocol. */
  key?: string;
  /**
   * What a request that sends a `continuationToken` back gets (a Gemini long decode over several
   * requests), clean or buggy run alike; without it every request gets the fixture.
   */
  continued?: string;
  /**
   * The page fetches the stream in a Web Worker, as some chat front ends do to keep their thread free.
   * Content scripts do not run in workers, so the capture never sees it: in DevTools the panel names it
   * from the network log and opens it from there.
   */
  worker?: boolean;
}

const data = (id: ProtocolId, file: string): string => `src/protocols/${id}/testdata/${file}`;

export const protocolSessions: readonly ProtocolSession[] = [
  {
    id: 'ag-ui',
    transport: 'sse',
    path: '/protocols/ag-ui',
    fixture: data('ag-ui', 'valid-tool-call.sse'),
    buggyFixture: data('ag-ui', 'invalid-chunks-and-json.sse'),
    title: 'AG-UI · SSE',
  },
  {
    id: 'ag-ui',
    transport: 'websocket',
    path: '/protocols/ag-ui/ws',
    fixture: data('ag-ui', 'valid-reasoning-interrupt.json'),
    buggyFixture: data('ag-ui', 'invalid-open-message.jsonl'),
    title: 'AG-UI · WebSocket',
  },
  {
    id: 'ag-ui',
    transport: 'sse',
    key: 'ag-ui/subagents',
    path: '/protocols/ag-ui/subagents',
    fixture: data('ag-ui', 'valid-subagents.jsonl'),
    buggyFixture: data('ag-ui', 'invalid-subagents.jsonl'),
    title: 'AG-UI · sub-agents',
  },
  {
    id: 'ag-ui',
    transport: 'sse',
    key: 'ag-ui/worker',
    path: '/protocols/ag-ui/worker',
    fixture: data('ag-ui', 'valid-tool-call.sse'),
    buggyFixture: data('ag-ui', 'invalid-chunks-and-json.sse'),
    title: 'AG-UI · fetched in a worker',
    worker: true,
  },
  {
    id: 'anthropic',
    transport: 'sse',
    path: '/protocols/anthropic',
    fixture: data('anthropic', 'valid-thinking-tool.sse'),
    buggyFixture: data('anthropic', 'invalid-interleaved-blocks.sse'),
    title: 'Anthropic · SSE',
  },
  {
    id: 'openai-chat',
    transport: 'sse',
    path: '/protocols/openai-chat',
    fixture: data('openai-chat', 'valid-reasoning-tools.sse'),
    buggyFixture: data('openai-chat', 'invalid-unfinished.sse'),
    title: 'OpenAI Chat · SSE',
  },
  {
    id: 'openai-responses',
    transport: 'sse',
    path: '/protocols/openai-responses',
    fixture: data('openai-responses', 'valid-reasoning-message-tool.sse'),
    buggyFixture: data('openai-responses', 'invalid-gap-and-cutoff.sse'),
    title: 'OpenAI Responses · SSE',
  },
  {
    id: 'openai-responses',
    transport: 'websocket',
    path: '/protocols/openai-responses/ws',
    fixture: data('openai-responses', 'valid-reasoning-message-tool.sse'),
    buggyFixture: data('openai-responses', 'invalid-gap-and-cutoff.sse'),
    title: 'OpenAI Responses · WebSocket',
  },
  {
    // What the API added after openai 6: an MCP server's tool listing, a hosted tool search and its
    // output, programmatic tool calling (a program and the call it makes), a compaction.
    id: 'openai-responses',
    transport: 'sse',
    key: 'openai-responses/hosted',
    path: '/protocols/openai-responses/hosted',
    fixture: data('openai-responses', 'valid-tools-hosted.sse'),
    buggyFixture: data('openai-responses', 'invalid-tools-hosted.sse'),
    title: 'OpenAI Responses · hosted tools',
  },
  {
    id: 'aisdk-ui',
    transport: 'sse',
    path: '/protocols/aisdk-ui',
    fixture: data('aisdk-ui', 'valid-weather-tool.sse'),
    buggyFixture: data('aisdk-ui', 'invalid-orphan-tool-output.sse'),
    title: 'AI SDK UI · SSE',
  },
  {
    id: 'aisdk-data',
    transport: 'lines',
    path: '/protocols/aisdk-data',
    fixture: data('aisdk-data', 'valid-multi-step.txt'),
    buggyFixture: data('aisdk-data', 'invalid-tool-result-orphan.txt'),
    title: 'AI SDK data (v4) · lines',
  },
  {
    // The real API's own route, so the inspector sees the URL a Gemini page sends.
    id: 'gemini',
    transport: 'sse',
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    fixture: data('gemini', 'valid-thought-text-calls.sse'),
    buggyFixture: data('gemini', 'invalid-unfinished-call.sse'),
    title: 'Gemini · SSE',
  },
  {
    // A long decode over two requests: the first response stops at the per-request output cap
    // (finishReason CONTINUATION) and the page sends its continuationToken back, as @google/genai does;
    // the buggy one leaves the token out of that chunk, and the page resumes from the earlier checkpoint.
    id: 'gemini',
    transport: 'sse',
    key: 'gemini/long-decode',
    path: '/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    fixture: data('gemini', 'valid-two-hop-decode.sse'),
    buggyFixture: data('gemini', 'invalid-two-hop-decode.sse'),
    continued: data('gemini', 'valid-two-hop-decode-rest.sse'),
    title: 'Gemini · long decode',
  },
  {
    id: 'gemini-interactions',
    transport: 'sse',
    path: '/v1beta/interactions',
    fixture: data('gemini-interactions', 'valid-thought-text-call.sse'),
    buggyFixture: data('gemini-interactions', 'invalid-cut-short.sse'),
    title: 'Gemini Interactions · SSE',
  },
  {
    id: 'cohere',
    transport: 'sse',
    path: '/v2/chat',
    fixture: data('cohere', 'valid-thinking-tool-call.sse'),
    buggyFixture: data('cohere', 'invalid-cut-short.sse'),
    title: 'Cohere · SSE',
  },
];

/** The URL path of a session's route, without its query string. */
export const routePath = (session: ProtocolSession): string => session.path.split('?')[0]!;

/** A session's route with `?buggy=1` (or `&buggy=1`) added when the buggy run is asked for. */
export function sessionUrl(session: ProtocolSession, buggy: boolean): string {
  if (!buggy) return session.path;
  return `${session.path}${session.path.includes('?') ? '&' : '?'}buggy=1`;
}

/** Response headers a real backend of each protocol sends on its streaming answer. */
export function responseHeaders(session: ProtocolSession): Record<string, string> {
  const common = { 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
  if (session.transport === 'lines') {
    return { ...common, 'content-type': 'text/plain; charset=utf-8', 'x-vercel-ai-data-stream': 'v1' };
  }
  const sse = { ...common, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' };
  return session.id === 'aisdk-ui' ? { ...sse, 'x-vercel-ai-ui-message-stream': 'v1' } : sse;
}
