// @vitest-environment node
// Agreement with useStream on LangGraph run streams: each stream is served from 127.0.0.1 to
// @langchain/langgraph-sdk's `Client().runs.stream` (or `runs.joinStream`) and read by useStream's
// non-React core, StreamManager with MessageTupleManager (dist/ui/manager.js, messages.js), as
// StreamOrchestrator drives it, without the thread read that follows a run. What the client ends with
// (its state, the messages and their tool calls, its error) is compared with the fold's view and
// findings. It holds: the state beside an interrupt (`values: {"__interrupt__": …}` merged into the
// state, kept by a later `values`, dropped by the next run; and the official server's run that stops at
// an approval), parallel tool calls streamed at index 0 with their own ids, a tool call streamed without
// an id, events after the run's `error` event, a join that replays the run from its first event, and a
// chunk after the message's whole copy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@langchain/langgraph-sdk';
import { MessageTupleManager, StreamError, StreamManager } from '@langchain/langgraph-sdk/ui';
import type { Connection, Frame } from '../../src/model/frame';
import type { TextItem, ToolItem, ViewModel } from '../../src/model/view';
import { runLangGraph } from '../../src/protocols/langgraph/test-helpers';
import { recordLangGraphThread } from '../support/langgraph-recording';
import { startLangGraphServer } from '../../demo/langgraph/langgraph-server';

const STREAM_MODE = ['values', 'updates', 'messages-tuple'];
const RUN = '01a221bf-dd4e-7590-8d9f-1d56e7474cd1';
const THREAD = '11111111-1111-4111-8111-111111111111';

type Ev = { event: string; data: unknown };

// ---------------------------------------------------------------- the loopback server
/** The SSE body each thread's run stream answers with, taken in order (one per request). */
const bodies = new Map<string, string[]>();
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const tid = /\/threads\/([^/]+)\/runs\/(?:[^/]+\/)?stream/.exec(req.url ?? '')?.[1] ?? '';
    req.resume();
    req.on('end', () => {
      const body = bodies.get(tid)?.shift();
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await (await startLangGraphServer()).close();
});

const toSse = (events: readonly Ev[]) => events.map((e, i) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\nid: ${i}\n\n`).join('');

// ---------------------------------------------------------------- the client: useStream's core
interface ClientEnd {
  values: Record<string, unknown>;
  error: unknown;
}

let threads = 0;

/**
 * Runs on one thread, one after the other, read by one StreamManager as useStream reads them: a new run
 * starts from the state the last one left (StreamOrchestrator.submitDirect), a join (`lastEventId`)
 * replays the run when it is `-1`.
 */
async function clientRead(runs: readonly (readonly Ev[])[], join?: { lastEventId: string }): Promise<ClientEnd> {
  const tid = `00000000-0000-4000-8000-${String(++threads).padStart(12, '0')}`;
  bodies.set(tid, runs.map(toSse));
  const client = new Client({ apiUrl, apiKey: null, callerOptions: { maxRetries: 0 } });
  const manager = new StreamManager(new MessageTupleManager(), { throttle: false });
  const options = {
    getMessages: (v: Record<string, unknown>) => (Array.isArray(v.messages) ? v.messages : []),
    setMessages: (current: Record<string, unknown>, messages: unknown[]) => ({ ...current, messages }),
    initialValues: {},
    callbacks: {},
    onSuccess: async () => undefined,
    onError: () => {},
    onFinish: () => {},
    isReplaying: join?.lastEventId === '-1',
  };
  const quiet = [vi.spyOn(console, 'warn').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})];
  try {
    for (let i = 0; i < runs.length; i++) {
      await manager.start(async (signal: AbortSignal) => {
        if (join) return client.runs.joinStream(tid, RUN, { lastEventId: join.lastEventId, streamMode: STREAM_MODE as never, signal }) as never;
        manager.setStreamValues((prev) => ({ ...prev }));
        return client.runs.stream(tid, 'agent', { streamMode: STREAM_MODE as never, signal }) as never;
      }, options as never);
    }
  } finally {
    for (const spy of quiet) spy.mockRestore();
    bodies.delete(tid);
  }
  return { values: (manager.values ?? {}) as Record<string, unknown>, error: manager.error };
}

// ---------------------------------------------------------------- the fold
/** The same runs, one connection each, as the capture records them (a close after a run that ended). */
function foldRead(runs: readonly (readonly Ev[])[], join?: { lastEventId: string }) {
  const connections: Connection[] = [];
  const frames: Frame[] = [];
  runs.forEach((events, r) => {
    const id = `c${r + 1}`;
    const url = join ? `http://127.0.0.1/threads/${THREAD}/runs/${RUN}/stream` : `http://127.0.0.1/threads/${THREAD}/runs/stream`;
    connections.push(join ? { id, transport: 'sse', url, method: 'GET', requestHeaders: { 'last-event-id': join.lastEventId } } : { id, transport: 'sse', url, method: 'POST', requestBody: JSON.stringify({ assistant_id: 'agent', stream_mode: STREAM_MODE }) });
    for (const [i, e] of events.entries()) frames.push({ index: frames.length, connectionId: id, time: frames.length, direction: 'in', kind: 'message', data: JSON.stringify(e.data), eventName: e.event, eventId: String(i) });
    frames.push({ index: frames.length, connectionId: id, time: frames.length, direction: 'in', kind: 'close', data: '' });
  });
  return runLangGraph(frames, connections);
}

// ---------------------------------------------------------------- reading both
type Dict = Record<string, unknown>;
const messagesOf = (end: ClientEnd) => (Array.isArray(end.values.messages) ? (end.values.messages as Dict[]) : []);
const textOf = (content: unknown) => (typeof content === 'string' ? content : Array.isArray(content) ? content.map((b: Dict) => (b.type === 'text' ? String(b.text) : '')).join('') : '');
/** The AI texts the client shows, by message id. */
const clientTexts = (end: ClientEnd) => messagesOf(end).filter((m) => m.type === 'ai' && textOf(m.content) !== '').map((m) => [m.id, textOf(m.content)]);
const foldTexts = (view: ViewModel) => view.items.filter((i): i is TextItem => i.kind === 'text').map((t) => [t.messageId, t.text]);
/** The tool calls the client shows: `tool_calls`, as core collapsed the chunks. */
const clientCalls = (end: ClientEnd) => messagesOf(end).flatMap((m) => (Array.isArray(m.tool_calls) ? (m.tool_calls as Dict[]).map((c) => [c.id, c.name, c.args]) : []));
const foldCalls = (view: ViewModel) => view.items.filter((i): i is ToolItem => i.kind === 'tool').map((t) => [t.toolId, t.name, t.input]);
const invalidCalls = (end: ClientEnd) => messagesOf(end).flatMap((m) => (Array.isArray(m.invalid_tool_calls) ? (m.invalid_tool_calls as Dict[]) : []));
const rules = (findings: readonly { rule: string }[]) => findings.map((f) => f.rule);

// ---------------------------------------------------------------- the parts
const M: Ev = { event: 'metadata', data: { run_id: RUN, attempt: 1 } };
const END: Ev = { event: 'end', data: null };
const HUMAN = { type: 'human', content: 'Weather in Paris?', id: 'h1' };
const AI1 = { type: 'ai', content: 'It is sunny.', id: 'ai1', tool_calls: [], invalid_tool_calls: [] };
const INTERRUPT = { id: 'int-1', value: { action_requests: [{ name: 'get_weather', args: { city: 'Paris' } }], review_configs: [{ action_name: 'get_weather', allowed_decisions: ['approve', 'reject'] }] } };
const values = (data: Dict): Ev => ({ event: 'values', data });
const chunk = (id: string, content: string, extra: object = {}): Ev => ({ event: 'messages', data: [{ type: 'AIMessageChunk', content, id, tool_call_chunks: [], ...extra }, { langgraph_node: 'agent', langgraph_step: 1 }] });
const calls = (id: string, ...chunks: object[]): Ev => chunk(id, '', { tool_call_chunks: chunks.map((c) => ({ type: 'tool_call_chunk', ...c })) });
const ERROR: Ev = { event: 'error', data: { error: 'ValueError', message: 'boom' } };

describe('LangGraph run streams: useStream and the fold agree', () => {
  it('values {__interrupt__} after the full values: the client keeps every key beside the interrupt, and so does the view', async () => {
    const run = [M, values({ messages: [HUMAN, AI1], step: 1 }), { event: 'updates', data: { __interrupt__: [INTERRUPT] } }, values({ __interrupt__: [INTERRUPT] }), END];
    const end = await clientRead([run]);
    expect(Object.keys(end.values).sort()).toEqual(['__interrupt__', 'messages', 'step']);
    expect(foldRead([run]).view.state).toEqual(end.values);
  });

  it('a values without __interrupt__ keeps the interrupt; the next run\'s first values drops it', async () => {
    const run = [M, values({ __interrupt__: [INTERRUPT] }), values({ messages: [HUMAN], step: 2 }), END];
    const kept = await clientRead([run]);
    expect(kept.values).toEqual({ messages: [HUMAN], step: 2, __interrupt__: [INTERRUPT] });
    expect(foldRead([run]).view.state).toEqual(kept.values);
    const resumed = [M, values({ messages: [HUMAN, AI1], step: 3 }), END];
    const dropped = await clientRead([run, resumed]);
    expect(dropped.values).toEqual({ messages: [HUMAN, AI1], step: 3 });
    expect(foldRead([run, resumed]).view.state).toEqual(dropped.values);
  });

  it('the official server\'s run that stops at an approval: the state the client ends with is the view\'s', async () => {
    const recording = await recordLangGraphThread();
    const first = recording.capture.connections[0]!;
    const events = recording.capture.frames.filter((f) => f.connectionId === first.id && f.kind === 'message').map((f) => ({ event: f.eventName ?? '', data: JSON.parse(f.data) as unknown }));
    const end = await clientRead([events]);
    expect(Object.keys(end.values)).toContain('messages');
    expect(Object.keys(end.values)).toContain('__interrupt__');
    expect(foldRead([events]).view.state).toEqual(end.values);
  }, 60_000);

  it('parallel tool calls streamed at index 0 with their own ids (Gemini\'s integration): two calls', async () => {
    const run = [M, values({ messages: [HUMAN] }), calls('ai4', { index: 0, id: 'call_a', name: 'get_weather', args: '{"city":"Paris"}' }), calls('ai4', { index: 0, id: 'call_b', name: 'get_weather', args: '{"city":"Rome"}' })];
    const end = await clientRead([run]);
    expect(clientCalls(end)).toEqual([
      ['call_a', 'get_weather', { city: 'Paris' }],
      ['call_b', 'get_weather', { city: 'Rome' }],
    ]);
    const { view, findings } = foldRead([run]);
    expect(foldCalls(view)).toEqual(clientCalls(end));
    expect(findings).toEqual([]);
  });

  it('a tool call streamed without an id: the client holds it in invalid_tool_calls and shows no call; the view draws none and reports it', async () => {
    const run = [M, values({ messages: [HUMAN] }), calls('ai2', { index: 0, name: 'get_weather', args: '{"city":' }), calls('ai2', { index: 0, args: '"Paris"}' }), END];
    const end = await clientRead([run]);
    expect(clientCalls(end)).toEqual([]);
    expect(invalidCalls(end)).toMatchObject([{ name: 'get_weather', args: '{"city":"Paris"}', error: 'Malformed args.' }]);
    const { view, findings } = foldRead([run]);
    expect(foldCalls(view)).toEqual([]);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['langgraph/tool-call-without-id', 'error']]);
    // The id in a later chunk: core takes it, the client shows the call, and so does the view.
    const late = [...run.slice(0, -1), calls('ai2', { index: 0, id: 'call_1' }), END];
    const shown = await clientRead([late]);
    expect(clientCalls(shown)).toEqual([['call_1', 'get_weather', { city: 'Paris' }]]);
    const fold = foldRead([late]);
    expect(foldCalls(fold.view)).toEqual(clientCalls(shown));
    expect(fold.findings).toEqual([]);
  });

  it('events after the run\'s error event: the client stops reading at the error, the view does too and reports them', async () => {
    const run = [M, values({ messages: [HUMAN], step: 0 }), ERROR, values({ messages: [HUMAN, AI1], step: 1 }), chunk('ai3', 'More'), END];
    const end = await clientRead([run]);
    expect(end.error).toBeInstanceOf(StreamError);
    expect(end.values).toEqual({ messages: [HUMAN], step: 0 });
    const { view, findings } = foldRead([run]);
    expect(view.state).toEqual(end.values);
    expect(foldTexts(view)).toEqual(clientTexts(end));
    expect(rules(findings)).toEqual(['langgraph/error-event', 'langgraph/event-after-error']);
  });

  it('a join replayed from -1 on a second connection: the client starts the message over, and so does the view', async () => {
    const first = [M, values({ messages: [HUMAN] }), chunk('ai1', 'It is '), chunk('ai1', 'sunny')];
    // The replay, read while the run still streams (before its whole copy).
    const replay = [...first, chunk('ai1', '.')];
    const end = await clientRead([first, replay], { lastEventId: '-1' });
    expect(clientTexts(end)).toEqual([['ai1', 'It is sunny.']]);
    expect(foldTexts(foldRead([first, replay], { lastEventId: '-1' }).view)).toEqual(clientTexts(end));
  });

  it('a chunk after the message\'s whole copy: the client shows its chunks joined, and so does the view', async () => {
    const run = [M, values({ messages: [HUMAN] }), chunk('ai1', 'It is '), chunk('ai1', 'sunny'), values({ messages: [HUMAN, AI1] }), chunk('ai1', '.'), END];
    const end = await clientRead([run]);
    expect(clientTexts(end)).toEqual([['ai1', 'It is sunny.']]);
    expect(foldTexts(foldRead([run]).view)).toEqual(clientTexts(end));
  });
});
