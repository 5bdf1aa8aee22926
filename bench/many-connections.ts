// Sessions of many requests, each on its own connection (an MCP tools/call POST answered on its SSE
// stream, an A2A message/stream, a LangGraph run, a Cohere chat): the cost of one request at the 32,000th against at the 2,000th. A fold
// that reads every request of the session at a connection's end makes a session of N requests cost N²;
// the MCP fold's stream-cut checks did (52 s for 32,000 calls before they read only the connection's own),
// and so did its look-up by number of a response whose id matches no request (the row answering every
// call with an id no call has; 16,000 such answers took 13 s before it looked only where a number matches).
import { performance } from 'node:perf_hooks';
import type { Connection, Frame } from '../src/model/frame';
import { SessionPipeline } from '../src/analysis/pipeline';
import { protocols } from '../src/protocols/registry';
import type { ProtocolId } from '../src/protocols/types';

export interface ManyConnections {
  /** The row: the protocol, or the protocol and how its requests are answered. */
  name: string;
  protocol: ProtocolId;
  /** Microseconds a request (its connection, answer and close), over the first 2,000 and the last 2,000 of 32,000. */
  startUs: number;
  endUs: number;
  ratio: number;
  findings: number;
  /** The findings the row's requests must make: none, or one each where every answer is wrong on purpose. */
  findingsExpected: number;
}

const TOTAL = 32_000;
const WINDOW = 2_000;

/** One request's connection and the frames that answer it. */
type Request = (n: number) => { connection: Connection; frames: Omit<Frame, 'index' | 'time'>[] };

/** An MCP tools/call POST answered on its SSE stream with the response of id `answerId`. */
const mcpCall = (n: number, answerId: number | string): ReturnType<Request> => {
  const id = `c${n}`;
  return {
    connection: { id, transport: 'sse', method: 'POST', url: 'http://127.0.0.1:4100/mcp', requestBody: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'weather', arguments: { city: 'Paris' } } }) },
    frames: [
      { connectionId: id, direction: 'in', kind: 'message', data: JSON.stringify({ jsonrpc: '2.0', id: answerId, result: { content: [{ type: 'text', text: 'Sunny' }] } }) },
      { connectionId: id, direction: 'in', kind: 'close', data: '' },
    ],
  };
};

const REQUESTS: Partial<Record<ProtocolId, Request>> = {
  mcp: (n) => mcpCall(n, n),
  a2a: (n) => {
    const id = `c${n}`;
    const task = `task-${n}`;
    const result = (r: object) => JSON.stringify({ jsonrpc: '2.0', id: n, result: r });
    return {
      connection: { id, transport: 'sse', method: 'POST', url: 'http://127.0.0.1:4100/a2a', requestBody: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'message/stream', params: { message: { kind: 'message', messageId: `u${n}`, role: 'user', parts: [{ kind: 'text', text: 'Weather?' }] } } }) },
      frames: [
        { connectionId: id, direction: 'in', kind: 'message', data: result({ kind: 'task', id: task, contextId: 'ctx', status: { state: 'submitted' } }) },
        { connectionId: id, direction: 'in', kind: 'message', data: result({ kind: 'status-update', taskId: task, contextId: 'ctx', status: { state: 'completed', message: { kind: 'message', messageId: `a${n}`, role: 'agent', parts: [{ kind: 'text', text: 'Sunny' }] } }, final: true }) },
        { connectionId: id, direction: 'in', kind: 'close', data: '' },
      ],
    };
  },
  // The thread's runs: each run's values carry that run's turn only, so the frames stay the same size.
  langgraph: (n) => {
    const id = `c${n}`;
    const event = (eventName: string, data: unknown) => ({ connectionId: id, direction: 'in' as const, kind: 'message' as const, eventName, data: JSON.stringify(data) });
    const human = { type: 'human', content: 'Weather?', id: `h${n}` };
    const ai = { type: 'ai', content: 'Sunny.', id: `ai${n}`, tool_calls: [] };
    return {
      connection: { id, transport: 'sse', method: 'POST', url: 'http://127.0.0.1:4100/threads/t1/runs/stream', requestBody: JSON.stringify({ assistant_id: 'agent', input: { messages: [{ role: 'user', content: 'Weather?' }] }, stream_mode: ['values', 'messages-tuple'] }) },
      frames: [
        event('metadata', { run_id: `run-${n}`, attempt: 1 }),
        event('values', { messages: [human] }),
        event('messages', [{ type: 'AIMessageChunk', content: 'Sunny.', id: `ai${n}` }, { langgraph_node: 'agent' }]),
        event('values', { messages: [human, ai] }),
        { connectionId: id, direction: 'in', kind: 'close', data: '' },
      ],
    };
  },
  cohere: (n) => {
    const id = `c${n}`;
    const event = (data: object) => ({ connectionId: id, direction: 'in' as const, kind: 'message' as const, data: JSON.stringify(data) });
    return {
      connection: { id, transport: 'sse', method: 'POST', url: 'http://127.0.0.1:4100/v2/chat', requestBody: JSON.stringify({ model: 'command-a-03-2025', stream: true, messages: [{ role: 'user', content: 'Weather?' }] }) },
      frames: [
        event({ type: 'message-start', id: `m${n}`, delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } }),
        event({ type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } }),
        event({ type: 'content-delta', index: 0, delta: { message: { content: { text: 'Sunny.' } } } }),
        event({ type: 'content-end', index: 0 }),
        event({ type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { tokens: { input_tokens: 3, output_tokens: 2 } } } }),
        { connectionId: id, direction: 'in', kind: 'close', data: '' },
      ],
    };
  },
};

/** The rows: each protocol's requests answered as they should be, and MCP's answered with ids no call has or with ids as strings. */
const ROWS: { name: string; protocol: ProtocolId; request: Request; findingsEach: number }[] = [
  ...(Object.keys(REQUESTS) as ProtocolId[]).map((protocol) => ({ name: protocol, protocol, request: REQUESTS[protocol] as Request, findingsEach: 0 })),
  // Each answer names no call (a response for an unknown id) and leaves its call cut off when its stream closes.
  { name: 'mcp, unknown ids', protocol: 'mcp', request: (n) => mcpCall(n, TOTAL + n), findingsEach: 2 },
  // Each answer names its call only as a number ("7" for 7), which the SDK client takes (id-coerced).
  { name: 'mcp, ids as strings', protocol: 'mcp', request: (n) => mcpCall(n, String(n)), findingsEach: 1 },
];

export function benchManyConnections(): ManyConnections[] {
  return ROWS.map(({ name, protocol, request, findingsEach }) => {
    const pipeline = new SessionPipeline(protocols, { protocol, keepFrames: false });
    let index = 0;
    let startMs = 0;
    let endMs = 0;
    for (let n = 1; n <= TOTAL; n++) {
      const t = performance.now();
      const { connection, frames } = request(n);
      pipeline.addConnection(connection);
      for (const f of frames) pipeline.append({ ...f, index, time: index++ });
      pipeline.findings();
      const spent = performance.now() - t;
      if (n <= WINDOW) startMs += spent;
      else if (n > TOTAL - WINDOW) endMs += spent;
    }
    pipeline.finish();
    const [startUs, endUs] = [(startMs * 1000) / WINDOW, (endMs * 1000) / WINDOW];
    return { name, protocol, startUs, endUs, ratio: endUs / startUs, findings: pipeline.findings().length, findingsExpected: findingsEach * TOTAL };
  });
}
