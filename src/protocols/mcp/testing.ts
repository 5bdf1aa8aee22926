// Test helpers for MCP: JSON-RPC messages with their direction (`>` the page sent it, `<` the server),
// run through a pipeline of the MCP protocol.
import type { Frame } from '../../model/frame';
import { run, type RunResult } from '../aisdk-ui/testing';
import { mcpProtocol } from './index';

/** `['>', message]` is a message the page sent; `['<', message]` one it received; a string is sent as is. */
export type Step = readonly ['>' | '<', unknown];

export function stepFrames(steps: readonly Step[]): Frame[] {
  return steps.map(([dir, m], index) => ({
    index,
    connectionId: 'c1',
    time: index,
    direction: dir === '>' ? 'out' : 'in',
    kind: 'message',
    data: typeof m === 'string' ? m : JSON.stringify(m),
  }));
}

export function runSteps(steps: readonly Step[], options: { finish?: boolean } = {}): RunResult {
  return run(stepFrames(steps), mcpProtocol, options);
}

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
export const cancel = (requestId: number | string) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'user stopped' } });
