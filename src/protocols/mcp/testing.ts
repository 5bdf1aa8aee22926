// Test helpers for MCP: JSON-RPC messages with their direction (`>` the page sent it, `<` the server),
// run through a pipeline of the MCP protocol.
import type { Connection, Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import type { RunResult } from '../aisdk-ui/testing';
import { mcpProtocol } from './index';

/** What else a frame of a step is: its SSE event name or id, or a close (`{ kind: 'close' }`, message ignored). */
export type StepFrame = Partial<Pick<Frame, 'eventName' | 'eventId' | 'kind'>>;

/**
 * `['>', message]` is a message the page sent; `['<', message]` one it received; a string is sent as is.
 * A third element gives the frame an SSE event name or id, or makes it a close.
 */
export type Step = readonly ['>' | '<', unknown] | readonly ['>' | '<', unknown, StepFrame];

export function stepFrames(steps: readonly Step[]): Frame[] {
  return steps.map(([dir, m, extra], index) => ({
    index,
    connectionId: 'c1',
    time: index,
    direction: dir === '>' ? 'out' : 'in',
    kind: 'message',
    data: extra?.kind === 'close' ? '' : typeof m === 'string' ? m : JSON.stringify(m),
    ...extra,
  }));
}

/**
 * The steps through a pipeline of the MCP protocol. `connection`: the metadata of connection `c1` (e.g.
 * `{ transport: 'sse', method: 'POST' }`, the SSE stream a POST opened), when the case needs it.
 */
export function runSteps(steps: readonly Step[], options: { finish?: boolean; connection?: Omit<Connection, 'id'> } = {}): RunResult {
  const pipeline = new SessionPipeline([mcpProtocol], { protocol: 'mcp' });
  if (options.connection) pipeline.addConnection({ id: 'c1', ...options.connection });
  for (const f of stepFrames(steps)) pipeline.append(f);
  if (options.finish !== false) pipeline.finish();
  return { view: pipeline.view(), findings: pipeline.findings(), pipeline };
}

/** The SSE stream a POST opened, as `runSteps`' `connection`. */
export const POST_SSE: Omit<Connection, 'id'> = { transport: 'sse', method: 'POST', url: 'http://127.0.0.1/mcp' };

// Message builders.
export const call = (id: number | string, name = 'get_weather', args: unknown = { city: 'Oslo' }, token?: number | string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(token !== undefined && { _meta: { progressToken: token } }) },
});
export const result = (id: number | string, text = 'Sunny, 21 °C', isError = false) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], ...(isError && { isError }) } });
export const failure = (id: number | string | null, message = 'boom', code = -32603) => ({ jsonrpc: '2.0', id, error: { code, message } });
export const progress = (token: number | string, value: number, total?: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: value, ...(total !== undefined && { total }) },
});
export const cancel = (requestId: number | string, reason = 'user stopped') => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason } });
export const elicit = (id: number | string, message = 'Where to?') => ({
  jsonrpc: '2.0',
  id,
  method: 'elicitation/create',
  params: { message, requestedSchema: { type: 'object', properties: { city: { type: 'string', enum: ['Oslo', 'Paris'] } }, required: ['city'] } },
});
export const accept = (id: number | string, city = 'Paris') => ({ jsonrpc: '2.0', id, result: { action: 'accept', content: { city } } });
