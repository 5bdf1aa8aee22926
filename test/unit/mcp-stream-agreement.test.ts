// @vitest-environment node
// Agreement with the SDK's MCP client on hand-written answers: a server on 127.0.0.1 answers a
// tools/call with a scripted SSE stream (or JSON body), `@modelcontextprotocol/sdk`'s Client reads it
// over StreamableHTTPClientTransport through a recording fetch (test/support/mcp-recording.ts), and the
// recording is read back by `check` and `render`. What the client ends with (its call's result or
// rejection, the progress its onprogress saw, the elicitations it handled and answered) is held against
// the view and the findings. It holds the ways the SDK client reads a stream otherwise than the
// specification: a priming event (an event id, empty data) it skips; events named other than "message",
// which it ignores; a server's notifications/cancelled for the client's own call, which changes nothing,
// and for the server's request 0, which it ignores too; response ids and progress tokens it matches by
// Number(); a JSON batch whose responses it takes before its notifications, and one it drops whole for
// one bad message; a server request id reused, which it answers twice; and a POST stream that closes
// before its response with no event id to resume from (or a JSON body without it), where its call
// times out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toCaptureFile } from '../../src/capture-format/capture-format';
import { check } from '../../src/api/check';
import { render } from '../../src/api/render';
import type { QuestionItem, ToolItem, ViewItem } from '../../src/model/view';
import { Recorder } from '../support/mcp-recording';

type Msg = Record<string, unknown>;
/** One SSE event of the answer: a message (`null`: empty data), its `event:` name and `id:`. */
interface Ev {
  msg: Msg | null;
  event?: string;
  id?: string;
}
interface Script {
  /** `sse` (default): the events as an SSE stream; `json`: their messages as one JSON body (a batch when several). */
  mode?: 'sse' | 'json';
  events: Ev[];
  /** Before the last event, wait (up to a second) for this many answers of the client to the server's requests. */
  answers?: number;
  /** Write every event but the last in one piece (the client reads them at once). */
  together?: boolean;
}

const CALL = 1; // initialize is 0
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const P = (progress: number, token: unknown = CALL): Msg => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress, total: 9 } });
const RES = (id: unknown = CALL, text = 'Booked'): Msg => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
const ELICIT = (id: unknown): Msg => ({ jsonrpc: '2.0', id, method: 'elicitation/create', params: { message: 'Where to?', requestedSchema: { type: 'object', properties: { city: { type: 'string', enum: ['Oslo', 'Paris'] } }, required: ['city'] } } });
const CANCEL = (requestId: unknown): Msg => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'server gave up' } });
const ev = (msg: Msg | null, extra: Omit<Ev, 'msg'> = {}): Ev => ({ msg, ...extra });
const sseText = (e: Ev) => `${e.id !== undefined ? `id: ${e.id}\n` : ''}${e.event ? `event: ${e.event}\n` : ''}data: ${e.msg === null ? '' : JSON.stringify(e.msg)}\n\n`;

// ---------------------------------------------------------------- the loopback server
let script: Script | undefined;
let answers = 0;
let server: Server;
let url: string;

async function readBody(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = { 'mcp-session-id': 'session-1' };
  if (req.method !== 'POST') {
    // No standalone GET stream; DELETE ends the session.
    res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
    return;
  }
  const body = JSON.parse(await readBody(req)) as Msg;
  if (body.method === 'initialize') {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'scripted', version: '1.0.0' } } }));
    return;
  }
  if (body.method === 'tools/call' && script) return serveCall(script, res, headers);
  if (!('method' in body)) answers++; // the client's answer to an elicitation
  res.writeHead(202, headers).end();
}

async function serveCall(s: Script, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  if (s.mode === 'json') {
    const msgs = s.events.map((e) => e.msg);
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(msgs.length === 1 ? msgs[0] : msgs));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
  res.flushHeaders();
  if (s.together) res.write(s.events.slice(0, -1).map(sseText).join(''));
  for (let k = s.together ? s.events.length - 1 : 0; k < s.events.length; k++) {
    if (k === s.events.length - 1 && s.answers !== undefined) {
      const until = Date.now() + 1000;
      while (answers < s.answers && Date.now() < until) await sleep(5);
    }
    res.write(sseText(s.events[k]!));
    await sleep(2);
  }
  res.end();
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

// ---------------------------------------------------------------- one run
interface Run {
  /** The call's result text, or its rejection's message. */
  outcome: { kind: 'result'; text: string } | { kind: 'threw'; message: string };
  progress: number[];
  handled: number;
  answers: number;
  tool: ToolItem | undefined;
  questions: QuestionItem[];
  items: ViewItem[];
  findings: { rule: string; severity: string }[];
}

/** The client calls book_trip (with onprogress, a short timeout) against `s`; the recording read back. */
async function runScript(s: Script, timeout = 400): Promise<Run> {
  script = s;
  answers = 0;
  const recorder = new Recorder();
  const client = new Client({ name: 'agreement', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  let handled = 0;
  client.setRequestHandler(ElicitRequestSchema, async () => {
    handled++;
    await sleep(3);
    return { action: 'accept', content: { city: 'Paris' } };
  });
  client.onerror = () => undefined;
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: recorder.fetch });
  const progress: number[] = [];
  let outcome: Run['outcome'];
  try {
    await client.connect(transport);
    outcome = await client.callTool({ name: 'book_trip', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.progress), timeout }).then(
      (r) => ({ kind: 'result' as const, text: ((r.content ?? []) as { type: string; text?: string }[]).map((b) => b.text ?? '').join('\n') }),
      (e: unknown) => ({ kind: 'threw' as const, message: e instanceof Error ? e.message : String(e) }),
    );
    // The client's answers (and its cancel after a timeout) are POSTs of their own: let them land.
    await sleep(60);
  } finally {
    await client.close();
    await recorder.settled();
    script = undefined;
  }
  const text = JSON.stringify(toCaptureFile(recorder.capture(), { redact: false }));
  const results = check(text);
  expect(results.map((r) => r.protocol)).toEqual(['mcp']);
  const view = render(text, { format: 'view' });
  return {
    outcome,
    progress,
    handled,
    answers,
    tool: view.items.find((i): i is ToolItem => i.kind === 'tool' && i.name === 'book_trip'),
    questions: view.items.filter((i): i is QuestionItem => i.kind === 'question'),
    items: view.items,
    findings: results.flatMap((r) => r.findings).map((f) => ({ rule: f.rule, severity: f.severity })),
  };
}

const rules = (r: Run, severity?: string) => r.findings.filter((f) => severity === undefined || f.severity === severity).map((f) => f.rule);

describe('MCP: what the SDK client makes of a hand-written answer, and the view', () => {
  it('control: progress and the result, read alike, no finding', async () => {
    const r = await runScript({ events: [ev(P(3)), ev(RES())] });
    expect(r.outcome).toEqual({ kind: 'result', text: 'Booked' });
    expect(r.progress).toEqual([3]);
    expect(r.tool).toMatchObject({ status: 'success', result: 'Booked', progress: { progress: 3 } });
    expect(rules(r)).toEqual([]);
  });

  it('a priming event (an id, empty data) is skipped: no finding, nothing shown for it', async () => {
    const r = await runScript({ events: [ev(null, { id: '0' }), ev(RES())] });
    expect(r.outcome).toEqual({ kind: 'result', text: 'Booked' });
    expect(rules(r)).toEqual([]);
    expect(r.items.map((i) => i.kind)).toEqual(['tool']);
  });

  it('a result sent as `event: result` never resolves the call (it times out): an error, the call not shown done', async () => {
    const r = await runScript({ events: [ev(RES(), { event: 'result' })] });
    expect(r.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('Request timed out') });
    expect(rules(r, 'error')).toEqual(['mcp/named-sse-event']);
    expect(r.tool?.status).not.toBe('success');
  });

  it('an elicitation and progress in named events never reach the client, nor the view', async () => {
    const r = await runScript({ events: [ev(ELICIT(7), { event: 'request' }), ev(P(3), { event: 'progress' }), ev(RES())] });
    expect(r).toMatchObject({ outcome: { kind: 'result', text: 'Booked' }, progress: [], handled: 0 });
    expect(r.questions).toEqual([]);
    expect(r.tool).toMatchObject({ status: 'success', result: 'Booked' });
    expect(r.tool?.progress).toBeUndefined();
    expect(rules(r, 'error')).toEqual(['mcp/named-sse-event', 'mcp/named-sse-event']);
  });

  it("the server's cancel of the client's call changes nothing: the result shown, a warning", async () => {
    const r = await runScript({ events: [ev(CANCEL(CALL)), ev(RES())] });
    expect(r.outcome).toEqual({ kind: 'result', text: 'Booked' });
    expect(r.tool).toMatchObject({ status: 'success', result: 'Booked' });
    expect(rules(r)).toEqual(['mcp/cancel-not-own-request']);
    expect(rules(r, 'error')).toEqual([]);
  });

  it("the server's cancel of its own elicitation stops it, but not of its request 0, which the client answers", async () => {
    const seven = await runScript({ events: [ev(ELICIT(7)), ev(CANCEL(7)), ev(RES())], together: true });
    expect(seven).toMatchObject({ outcome: { kind: 'result' }, handled: 1, answers: 0 });
    expect(seven.questions.map((q) => q.state)).toEqual(['timeout']);
    const zero = await runScript({ events: [ev(ELICIT(0)), ev(CANCEL(0)), ev(RES())], answers: 1 });
    expect(zero).toMatchObject({ outcome: { kind: 'result' }, handled: 1, answers: 1 });
    expect(zero.questions.map((q) => q.state)).toEqual(['answered']);
    expect(rules(zero)).toEqual([]);
  });

  it('response ids and progress tokens that equal the call only by Number() are read: the view too, with a warning', async () => {
    for (const id of ['01', ' 1', '1.0']) {
      const r = await runScript({ events: [ev(P(3, id)), ev(RES(id))] });
      expect(r.outcome, id).toEqual({ kind: 'result', text: 'Booked' });
      expect(r.progress, id).toEqual([3]);
      expect(r.tool, id).toMatchObject({ status: 'success', result: 'Booked', progress: { progress: 3 } });
      expect(rules(r), id).toEqual(['mcp/id-coerced', 'mcp/id-coerced']);
    }
  });

  it('a stream that closes before the response, with no event id, makes the call time out: an error', async () => {
    const r = await runScript({ events: [ev(P(3))] });
    expect(r.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('Request timed out') });
    expect(r.progress).toEqual([3]);
    expect(rules(r, 'error')).toEqual(['mcp/stream-cut']);
    expect(r.tool).toMatchObject({ status: 'error', result: expect.stringContaining('timed out') });
  });

  it('a resumable stream (a priming event) that closes before the response, its resumption refused: the call times out, an error', async () => {
    const r = await runScript({ events: [ev(null, { id: '0' }), ev(P(3))] });
    expect(r.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('Request timed out') });
    expect(rules(r, 'error')).toEqual(['mcp/stream-cut']);
    expect(r.tool?.status).not.toBe('success');
  });

  it('a JSON body without the response makes the call time out too: an error', async () => {
    const r = await runScript({ mode: 'json', events: [ev(P(3))] });
    expect(r.outcome).toMatchObject({ kind: 'threw', message: expect.stringContaining('Request timed out') });
    expect(rules(r, 'error')).toEqual(['mcp/stream-cut']);
    expect(r.tool?.status).not.toBe('success');
  });

  it('a JSON batch with one message the schema rejects is dropped whole, and the call rejects at once', async () => {
    const r = await runScript({ mode: 'json', events: [ev(ELICIT(7)), ev({ jsonrpc: '2.0', id: null, result: { content: [] } })] });
    expect(r).toMatchObject({ outcome: { kind: 'threw' }, handled: 0 });
    expect(r.questions).toEqual([]);
    expect(r.tool?.status).toBe('error');
    expect(rules(r, 'error')).toEqual(['mcp/invalid-message']);
  });

  it('a JSON batch [progress, result]: the client takes the result first and never sees the progress, nor does the view', async () => {
    const r = await runScript({ mode: 'json', events: [ev(P(3)), ev(RES())] });
    expect(r).toMatchObject({ outcome: { kind: 'result', text: 'Booked' }, progress: [] });
    expect(r.tool).toMatchObject({ status: 'success', result: 'Booked' });
    expect(r.tool?.progress).toBeUndefined();
    expect(rules(r, 'error')).toEqual([]);
  });

  it('a server request id reused while the first waits: the client answers both, and the view shows both answered', async () => {
    const r = await runScript({ events: [ev(ELICIT(7)), ev(ELICIT(7)), ev(RES())], answers: 2, together: true });
    expect(r).toMatchObject({ outcome: { kind: 'result', text: 'Booked' }, handled: 2, answers: 2 });
    expect(r.questions.map((q) => q.state)).toEqual(['answered', 'answered']);
    expect(rules(r)).toEqual(['mcp/request-id-reused']);
  });
});
