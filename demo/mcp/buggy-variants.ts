// The buggy backends of the MCP demo: the official server's answer to the page's get_weather call,
// altered on its way out as a faulty server or proxy would send it. Each variant breaks one rule of the
// MCP catalogue (src/protocols/mcp/rules.ts); the clean variant passes the server's bytes untouched.
// Rewrites see one JSON-RPC message of the call's SSE stream at a time and return the data of the SSE
// events to send in its place.

export type JsonRpc = Record<string, unknown>;

/** What a rewrite knows of the stream: the request the POST sent and the progress seen so far. */
export interface CallStream {
  requestId: unknown;
  progressCount: number;
  lastProgress?: JsonRpc;
}

export interface McpVariant {
  id: string;
  title: string;
  /** The rule the inspector reports on this variant (none for the clean one). */
  rule?: string;
  rewrite?: (message: JsonRpc, stream: CallStream) => string[];
}

const json = (m: unknown): string => JSON.stringify(m);
const isResponseTo = (m: JsonRpc, s: CallStream) => m.id === s.requestId && ('result' in m || 'error' in m);
const isProgress = (m: JsonRpc) => m.method === 'notifications/progress' && typeof m.params === 'object' && m.params !== null;
const params = (m: JsonRpc) => m.params as Record<string, unknown>;

/** Rewrites the call's response and passes everything else. */
const onResponse =
  (f: (response: JsonRpc, stream: CallStream) => string[]) =>
  (m: JsonRpc, s: CallStream): string[] =>
    isResponseTo(m, s) ? f(m, s) : [json(m)];

/** Rewrites progress notifications (the nth of the stream, from 1) and passes everything else. */
const onProgress =
  (f: (progress: JsonRpc, n: number) => JsonRpc) =>
  (m: JsonRpc, s: CallStream): string[] =>
    isProgress(m) ? [json(f(m, ++s.progressCount))] : [json(m)];

export const mcpVariants: readonly McpVariant[] = [
  { id: 'clean', title: 'Clean: the official server as it is' },
  {
    id: 'unknown-id',
    title: 'A response to an id the page never used',
    rule: 'mcp/response-unknown-id',
    rewrite: onResponse((r) => [json({ ...r, id: 4242 }), json(r)]),
  },
  {
    id: 'duplicate-response',
    title: 'The call answered twice',
    rule: 'mcp/duplicate-response',
    rewrite: onResponse((r) => [json(r), json(r)]),
  },
  {
    id: 'progress-after-result',
    title: 'Progress sent after the result',
    rule: 'mcp/progress-after-result',
    rewrite: (m, s) => {
      if (isProgress(m)) s.lastProgress = m;
      if (!isResponseTo(m, s) || !s.lastProgress) return [json(m)];
      const last = params(s.lastProgress);
      return [json(m), json({ ...s.lastProgress, params: { ...last, progress: Number(last.progress) + 1, message: 'done' } })];
    },
  },
  {
    id: 'progress-not-increasing',
    title: 'Progress that goes back',
    rule: 'mcp/progress-not-increasing',
    rewrite: onProgress((p, n) => (n === 3 ? { ...p, params: { ...params(p), progress: 1 } } : p)),
  },
  {
    id: 'progress-unknown-token',
    title: 'Progress for a token no request gave',
    rule: 'mcp/progress-unknown-token',
    rewrite: onProgress((p, n) => (n === 2 ? { ...p, params: { ...params(p), progressToken: 'expired-token' } } : p)),
  },
  {
    id: 'invalid-json',
    title: 'A message cut short (not JSON)',
    rule: 'mcp/invalid-json',
    rewrite: onResponse((r) => ['{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"Oslo', json(r)]),
  },
  {
    id: 'invalid-message',
    title: 'A message that is not JSON-RPC 2.0',
    rule: 'mcp/invalid-message',
    rewrite: onResponse((r) => [json({ jsonrpc: '1.0', method: 'notifications/message', params: { level: 'info', data: 'forecast ready' } }), json(r)]),
  },
  {
    id: 'invalid-result',
    title: 'A tool result without its text',
    rule: 'mcp/invalid-result',
    rewrite: onResponse((r) => [json({ ...r, result: { content: [{ type: 'text' }] } })]),
  },
  {
    id: 'error-response',
    title: 'The call fails with a JSON-RPC error',
    rule: 'mcp/error-response',
    rewrite: onResponse((r) => [json({ jsonrpc: '2.0', id: r.id, error: { code: -32603, message: 'Weather service unavailable' } })]),
  },
  {
    id: 'unknown-method',
    title: 'A notification of a method MCP does not define',
    rule: 'mcp/unknown-method',
    rewrite: onResponse((r) => [json({ jsonrpc: '2.0', method: 'notifications/weather/alert', params: { city: 'Oslo', level: 'storm' } }), json(r)]),
  },
];

export const variantById = (id: string | null): McpVariant => mcpVariants.find((v) => v.id === id) ?? mcpVariants[0]!;
