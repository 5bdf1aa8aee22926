// @vitest-environment node
// The demo's sessions of the other protocols, fetched and read the way a chat page does (POST + the whole
// streamed body, or every WebSocket frame), turned into a capture and run through the inspector's own
// session split and pipeline with nothing forced: each must be detected as its protocol, clean runs must
// be free of errors and warnings, and buggy runs must break the same rules as their invalid file does
// when that file is read directly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { protocolSessions, sessionUrl, type ProtocolSession } from '../../demo/protocols/index';
import { fixtureFrames } from '../../demo/protocols/fixture-frames';
import { startDemoServer, type DemoServer } from '../../demo/server-core';
import { readInput } from '../../src/readers/read-input';
import type { Capture, Connection, Frame } from '../../src/model/frame';
import { splitSessions } from '../../src/analysis/sessions';
import { protocols } from '../../src/protocols/registry';

const ROOT = path.resolve(__dirname, '../..');

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, delayScale: 0 });
});
afterAll(() => server.close());

// Only the protocols the demo replays; MCP has a page of its own with a real server (demo/mcp/).
const REQUESTS: Partial<Record<ProtocolSession['id'], unknown>> = {
  'flat-block': {},
  'ag-ui': { threadId: 'thread-1', runId: 'run-1', state: {}, messages: [{ id: 'u1', role: 'user', content: 'Weather in Oslo?' }], tools: [], context: [], forwardedProps: {} },
  anthropic: { model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
  'openai-chat': { model: 'deepseek-reasoner', stream: true, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
  'openai-responses': { model: 'gpt-5-mini', stream: true, input: 'Weather in Paris?' },
  'aisdk-ui': { id: 'chat-1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Hanoi?' }] }] },
  'aisdk-data': { messages: [{ role: 'user', content: 'Weather in Hanoi?' }] },
  gemini: { contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }] },
  cohere: { model: 'command-a', stream: true, messages: [{ role: 'user', content: 'Weather in Paris?' }] },
  'gemini-interactions': { model: 'gemini-2.5-flash', stream: true, input: 'Weather in Paris?' },
};

function requestFor(s: ProtocolSession): unknown {
  const body = REQUESTS[s.id];
  return s.id === 'openai-responses' && s.transport === 'websocket' ? { type: 'response.create', ...(body as object) } : body;
}

interface Received {
  connection: Connection;
  frames: Frame[];
  body?: string;
}

const message = (index: number, data: string, extra: Partial<Frame> = {}): Frame => ({
  index, connectionId: 'c1', time: index, direction: 'in', kind: 'message', data, ...extra,
});

async function fetchSession(s: ProtocolSession, buggy: boolean): Promise<Received> {
  const url = `${server.url.replace(/\/$/, '')}${sessionUrl(s, buggy)}`;
  const requestBody = JSON.stringify(requestFor(s));
  const requestHeaders = { 'content-type': 'application/json', accept: s.transport === 'sse' ? 'text/event-stream' : '*/*' };
  const res = await fetch(url, { method: 'POST', headers: requestHeaders, body: requestBody });
  expect(res.status).toBe(200);
  const body = await res.text();
  const responseHeaders = Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v]));
  const frames: Frame[] = [];
  if (s.transport === 'lines') {
    for (const line of body.split('\n')) if (line.trim() !== '') frames.push(message(frames.length, line));
  } else {
    const parser = createParser({
      onEvent: (e) => frames.push(message(frames.length, e.data, e.event === undefined ? {} : { eventName: e.event })),
    });
    parser.feed(body);
  }
  const transport = s.transport === 'lines' ? 'fetch-stream' : 'sse';
  return { connection: { id: 'c1', transport, url, method: 'POST', requestHeaders, requestBody, status: res.status, responseHeaders }, frames, body };
}

/** Every frame the server sends after the request: as many as the fixture it plays holds (the socket stays open). */
async function socketSession(s: ProtocolSession, buggy: boolean): Promise<Received> {
  const url = `${server.url.replace(/^http/, 'ws').replace(/\/$/, '')}${s.path}${buggy ? '?buggy=1' : ''}`;
  const request = JSON.stringify(requestFor(s));
  const want = (await fixtureFrames(buggy ? s.buggyFixture : s.fixture)).length;
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => {
      frames.push(message(0, request, { direction: 'out' }));
      ws.send(request);
    });
    ws.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      frames.push(message(frames.length, data.toString()));
      if (frames.length - 1 === want) {
        ws.close();
        resolve();
      }
    });
    ws.on('close', () => reject(new Error(`the socket closed after ${frames.length - 1} of ${want} frames`)));
    ws.on('error', reject);
  });
  return { connection: { id: 'c1', transport: 'websocket', url }, frames };
}

const receive = (s: ProtocolSession, buggy: boolean) => (s.transport === 'websocket' ? socketSession(s, buggy) : fetchSession(s, buggy));

/** Protocol and error/warning rule ids of a capture, through the project's session split, nothing forced. */
function inspect(capture: Capture): { protocol: string; rules: string[] } {
  const sessions = splitSessions(capture, protocols);
  expect(sessions).toHaveLength(1);
  const pipeline = sessions[0]!.pipeline;
  const rules = pipeline.findings().filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.rule);
  return { protocol: pipeline.protocol, rules: rules.sort() };
}

/** The file's message frames as the project's reader sees them. */
function fileFrames(fixture: string): Frame[] {
  return readInput(readFileSync(path.join(ROOT, fixture), 'utf8')).capture.frames.filter((f) => f.kind === 'message');
}

const label = (s: ProtocolSession) => `${s.id} over ${s.transport}`;

describe('demo protocol sessions', () => {
  it('cover every registered protocol but flat-block and LangGraph, and the two WebSocket modes', async () => {
    // flat-block has the demo's own chat. MCP and A2A are conversations of requests both ways, which a
    // replay of received frames cannot stand for: the demo runs the SDKs' own servers for them on pages of
    // their own (demo/mcp/ with test/unit/demo-mcp.test.ts and test/e2e/mcp-demo.test.ts; demo/a2a/ with
    // test/e2e/a2a-panel.test.ts). LangGraph's page runs the official server, started on the first visit
    // to /langgraph (test/unit/demo-langgraph-route.test.ts, test/e2e/langgraph.test.ts).
    const mcpPage = (await fetch(`${server.url}api/mcp`)).ok;
    const a2aPage = (await fetch(`${server.url}agent-to-agent.html`)).ok;
    const ids = new Set([...protocolSessions.map((s) => s.id), ...(mcpPage ? ['mcp' as const] : []), ...(a2aPage ? ['a2a' as const] : [])]);
    expect([...ids].sort()).toEqual(protocols.map((p) => p.id).filter((id) => id !== 'flat-block' && id !== 'langgraph').sort());
    expect(protocolSessions.filter((s) => s.transport === 'websocket').map((s) => s.id).sort()).toEqual(['ag-ui', 'openai-responses']);
  });

  it('are listed by GET /api/protocols', async () => {
    const res = await fetch(`${server.url}api/protocols`);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(protocolSessions)));
  });

  for (const s of protocolSessions) {
    describe(label(s), () => {
      it('sends the clean fixture, detected as its protocol with no error or warning', async () => {
        const got = await receive(s, false);
        const streamed = got.frames.filter((f) => f.direction === 'in');
        // What went over the wire is the fixture itself (event names only where the transport has them).
        const expected = fileFrames(s.fixture).map((f) => (s.transport === 'sse' && f.eventName !== undefined ? { data: f.data, eventName: f.eventName } : { data: f.data }));
        expect(streamed.map((f) => (f.eventName === undefined ? { data: f.data } : { data: f.data, eventName: f.eventName }))).toEqual(expected);

        const withMetadata = inspect({ connections: [got.connection], frames: got.frames });
        expect(withMetadata).toEqual({ protocol: s.id, rules: [] });
        // The frames alone are enough too: a capture that lost the headers and URL still says the same.
        expect(inspect({ connections: [], frames: got.frames })).toEqual({ protocol: s.id, rules: [] });
      });

      it('sends the buggy fixture with ?buggy=1, breaking the rules the invalid file breaks', async () => {
        const got = await receive(s, true);
        const fromWire = inspect({ connections: [got.connection], frames: got.frames });
        const fromFile = inspect(readInput(readFileSync(path.join(ROOT, s.buggyFixture), 'utf8')).capture);
        expect(fromFile.protocol).toBe(s.id);
        expect(fromFile.rules.length).toBeGreaterThan(0);
        expect(fromWire).toEqual(fromFile);
      });
    });
  }
});

describe('wire format of each protocol', () => {
  const find = (id: string, transport: string) => protocolSessions.find((s) => s.id === id && s.transport === transport)!;

  it('Anthropic: named events whose name is the payload type', async () => {
    const { frames, body } = await fetchSession(find('anthropic', 'sse'), false);
    expect(body).toMatch(/^event: message_start\ndata: \{/);
    for (const f of frames) expect(f.eventName).toBe((JSON.parse(f.data) as { type: string }).type);
  });

  it('OpenAI Chat: unnamed data records ending with [DONE]', async () => {
    const { frames, connection } = await fetchSession(find('openai-chat', 'sse'), false);
    expect(connection.responseHeaders?.['content-type']).toMatch(/^text\/event-stream/);
    expect(frames.every((f) => f.eventName === undefined)).toBe(true);
    expect(frames.at(-1)?.data).toBe('[DONE]');
  });

  it('OpenAI Responses: named events with increasing sequence_number, also as WebSocket frames', async () => {
    const sse = await fetchSession(find('openai-responses', 'sse'), false);
    const seq = sse.frames.map((f) => (JSON.parse(f.data) as { sequence_number: number }).sequence_number);
    expect(seq).toEqual(seq.map((_, i) => i));
    expect(sse.frames.every((f) => f.eventName === (JSON.parse(f.data) as { type: string }).type)).toBe(true);
    const ws = await socketSession(find('openai-responses', 'websocket'), false);
    expect(ws.frames.filter((f) => f.direction === 'in').map((f) => f.data)).toEqual(sse.frames.map((f) => f.data));
  });

  it('AI SDK: the UI stream and the v4 data stream announce themselves in headers', async () => {
    const ui = await fetchSession(find('aisdk-ui', 'sse'), false);
    expect(ui.connection.responseHeaders?.['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(ui.frames.at(-1)?.data).toBe('[DONE]');
    const data = await fetchSession(find('aisdk-data', 'lines'), false);
    expect(data.connection.responseHeaders?.['x-vercel-ai-data-stream']).toBe('v1');
    expect(data.connection.responseHeaders?.['content-type']).toMatch(/^text\/plain/);
    expect(data.body).toMatch(/^f:\{.*\}\n0:"/);
  });

  it('Gemini: unnamed data records on the real route, with alt=sse kept beside buggy=1', async () => {
    const s = find('gemini', 'sse');
    expect(s.path).toMatch(/^\/v1beta\/models\/[^/]+:streamGenerateContent\?alt=sse$/);
    expect(sessionUrl(s, true)).toBe(`${s.path}&buggy=1`);
    const { frames } = await fetchSession(s, false);
    expect(frames.every((f) => f.eventName === undefined)).toBe(true);
    expect(frames.at(-1)?.data).toMatch(/"finishReason":"STOP"/);
  });

  it('Gemini Interactions and Cohere: named events whose name is the payload\'s event type', async () => {
    const interactions = await fetchSession(find('gemini-interactions', 'sse'), false);
    for (const f of interactions.frames) expect(f.eventName).toBe((JSON.parse(f.data) as { event_type: string }).event_type);
    const cohere = await fetchSession(find('cohere', 'sse'), false);
    for (const f of cohere.frames) expect(f.eventName).toBe((JSON.parse(f.data) as { type: string }).type);
  });

  it('Gemini long decode: a request that sends a continuationToken back gets the rest of the answer, clean or buggy', async () => {
    const s = protocolSessions.find((p) => p.key === 'gemini/long-decode')!;
    const post = async (buggy: boolean, body: object) => (await fetch(`${server.url.replace(/\/$/, '')}${sessionUrl(s, buggy)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).text();
    const contents = REQUESTS.gemini as object;
    const rest = readFileSync(path.join(ROOT, s.continued!), 'utf8');
    expect(await post(false, contents)).toBe(readFileSync(path.join(ROOT, s.fixture), 'utf8'));
    expect(await post(false, { ...contents, continuationToken: 'Y29udC0x' })).toBe(rest);
    expect(await post(true, { ...contents, continuationToken: 'Y2twdC0x' })).toBe(rest);
  });

  it('refuses a request that is not a JSON object', async () => {
    const res = await fetch(`${server.url}protocols/anthropic`, { method: 'POST', body: 'not json' });
    expect(res.status).toBe(400);
  });

  it('closes a Responses socket whose first frame is not response.create', async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}protocols/openai-responses/ws`);
    const code = await new Promise<number>((resolve) => {
      ws.on('open', () => ws.send(JSON.stringify({ type: 'response.cancel' })));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(1008);
  });
});
