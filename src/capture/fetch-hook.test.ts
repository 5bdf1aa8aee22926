// @vitest-environment node
// The fetch hook against Node's own fetch classes (happy-dom's Request/Response keep their state in
// instance fields, not in the prototype getters the hook reads): what it posts for a streamed body,
// that the page reads the same bytes, and that uninstall puts the getters back.
import { afterEach, describe, expect, it } from 'vitest';
import type { PageConnectionOpened, PageFrame, PageToRelay } from '../bridge/page-messages';
import { createCapture } from './emitter';
import { hookFetch } from './fetch-hook';

type PageWindow = Window & typeof globalThis;

const SSE = 'event: delta\nid: 1\ndata: {"t":"he"}\n\nevent: delta\nid: 2\ndata: {"t":"llo"}\n\ndata: [DONE]\n\n';

function streamOf(text: string, pieceSize: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + pieceSize));
      at += pieceSize;
    },
  });
}

function fakeWindow(respond: () => Response): PageWindow {
  // The page's globals, with a fetch that answers from memory.
  const win = Object.create(globalThis) as Record<string, unknown>;
  win.fetch = function fetch() {
    return Promise.resolve(respond());
  };
  return win as unknown as PageWindow;
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe('fetch hook', () => {
  it('passes an SSE body through unchanged and posts one frame per event', async () => {
    const posted: PageToRelay[] = [];
    const win = fakeWindow(() => new Response(streamOf(SSE, 7), { headers: { 'content-type': 'text/event-stream' } }));
    cleanup = hookFetch(win, createCapture((m) => posted.push(m)));

    const res = await win.fetch('http://127.0.0.1:9/stream', { method: 'POST', body: '{"q":1}', headers: { 'x-a': 'b' } });
    expect(res).toBeInstanceOf(Response);
    expect(await res.text()).toBe(SSE);
    await new Promise((r) => setTimeout(r, 0));

    const [opened, ...frames] = posted;
    expect(opened).toMatchObject({ type: 'connection', transport: 'sse', method: 'POST', requestBody: '{"q":1}', status: 200 });
    expect(opened).toMatchObject({ requestHeaders: { 'x-a': 'b' } });
    const summary = (frames as PageFrame[]).map((f) => [f.kind, f.data, f.eventName, f.eventId]);
    expect(summary).toEqual([
      ['message', '{"t":"he"}', 'delta', '1'],
      ['message', '{"t":"llo"}', 'delta', '2'],
      ['message', '[DONE]', undefined, undefined],
      ['close', '', undefined, undefined],
    ]);
    expect(new Set(frames.map((f) => (f as PageFrame).connectionId))).toEqual(new Set([(opened as PageConnectionOpened).id]));
  });

  it('keeps url, type and redirected of the network response, also on clones, and restores the getters', async () => {
    const network = new Response(streamOf('{"a":1}\n{"b":2}\n', 5), { headers: { 'content-type': 'application/x-ndjson' } });
    Object.defineProperty(network, 'url', { value: 'http://127.0.0.1:9/ndjson' }); // what a network response has
    const urlGetter = Object.getOwnPropertyDescriptor(Response.prototype, 'url');
    const posted: PageToRelay[] = [];
    const win = fakeWindow(() => network);
    const uninstall = hookFetch(win, createCapture((m) => posted.push(m)));
    try {
      const res = await win.fetch('http://127.0.0.1:9/ndjson');
      expect(res).not.toBe(network);
      expect(Object.getOwnPropertyNames(res)).toEqual([]);
      expect([res.type, res.redirected, res.status]).toEqual([network.type, network.redirected, 200]);
      expect(res.clone().type).toBe(network.type);
      expect(await res.text()).toBe('{"a":1}\n{"b":2}\n');
      expect(posted.slice(1).map((m) => (m as PageFrame).data)).toEqual(['{"a":1}', '{"b":2}', '']);
      expect(posted[0]).toMatchObject({ transport: 'fetch-stream' });
    } finally {
      uninstall();
    }
    expect(Object.getOwnPropertyDescriptor(Response.prototype, 'url')).toEqual(urlGetter);
    expect(win.fetch.toString()).toContain('Promise.resolve');
  });

  it('leaves other responses alone: same object, nothing posted', async () => {
    const posted: PageToRelay[] = [];
    const original = new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } });
    const win = fakeWindow(() => original);
    cleanup = hookFetch(win, createCapture((m) => posted.push(m)));
    expect(await win.fetch('http://127.0.0.1:9/')).toBe(original);
    expect(posted).toEqual([]);
  });

  it('keeps a JSON-RPC message answered with 202 and no body (an MCP notification or answer) as an outgoing frame', async () => {
    const posted: PageToRelay[] = [];
    const original = new Response(null, { status: 202 });
    const win = fakeWindow(() => original);
    cleanup = hookFetch(win, createCapture((m) => posted.push(m)));
    const body = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    // As MCP's Streamable HTTP sends it: the answer may be a stream, so the frame waits for the response.
    const headers = { 'mcp-session-id': 's1', accept: 'application/json, text/event-stream' };
    expect(await win.fetch('http://127.0.0.1:9/mcp', { method: 'POST', body, headers })).toBe(original);
    expect(posted[0]).toMatchObject({ type: 'connection', transport: 'http-json', method: 'POST', requestBody: body, status: 202, requestHeaders: { 'mcp-session-id': 's1' } });
    expect(posted.slice(1).map((m) => [(m as PageFrame).direction, (m as PageFrame).data])).toEqual([['out', body]]);
  });

  it('keeps the body of a JSON-RPC request answered with a stream as that stream\'s request body only', async () => {
    const posted: PageToRelay[] = [];
    const sse = 'data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n';
    const win = fakeWindow(() => new Response(streamOf(sse, 64), { headers: { 'content-type': 'text/event-stream' } }));
    cleanup = hookFetch(win, createCapture((m) => posted.push(m)));
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const res = await win.fetch('http://127.0.0.1:9/mcp', { method: 'POST', body, headers: { accept: 'application/json, text/event-stream' } });
    expect(await res.text()).toBe(sse);
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.filter((m) => m.type === 'connection')).toMatchObject([{ transport: 'sse', requestBody: body, status: 200 }]);
    expect(posted.filter((m) => m.type === 'frame').map((m) => [(m as PageFrame).direction, (m as PageFrame).kind])).toEqual([
      ['in', 'message'],
      ['in', 'close'],
    ]);
  });

  it('posts a reply sent as a request of its own when it is sent, and its response on the same connection when it comes', async () => {
    const posted: PageToRelay[] = [];
    let answer!: (r: Response) => void;
    const win = Object.create(globalThis) as Record<string, unknown>;
    win.fetch = function fetch() {
      return new Promise<Response>((resolve) => (answer = resolve));
    };
    cleanup = hookFetch(win as unknown as PageWindow, createCapture((m) => posted.push(m)));
    const body = '{"type":"approval","session_id":"s1","approval_key":"s1_1","answers":{"Goal?":"Growth"}}';
    const pending = (win as unknown as PageWindow).fetch('http://127.0.0.1:9/approval', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

    // Before any response: the reply is out, on a connection that has no status yet.
    expect(posted).toHaveLength(2);
    const [opened, reply] = posted as [PageConnectionOpened, PageFrame];
    expect(opened).toMatchObject({ type: 'connection', transport: 'http-json', method: 'POST', url: 'http://127.0.0.1:9/approval', requestBody: body });
    expect(opened.status).toBeUndefined();
    expect(reply).toMatchObject({ type: 'frame', connectionId: opened.id, direction: 'out', kind: 'message', data: body });

    const original = new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    answer(original);
    expect(await pending).toBe(original);
    // The same connection's record again, now with the response; no second copy of the reply.
    expect(posted.slice(2)).toMatchObject([{ type: 'connection', id: opened.id, transport: 'http-json', requestBody: body, status: 200, responseHeaders: { 'content-type': 'application/json' } }]);
    expect((posted[2] as PageConnectionOpened).responseAt).toBeTypeOf('number');
    expect((posted[2] as PageConnectionOpened).time).toBe(opened.time);
  });

  it('leaves a chat request that only mentions a marker to its response: a stream gets the body as its request body, no frame of its own', async () => {
    const posted: PageToRelay[] = [];
    const sse = 'data: {"type":"start"}\n\n';
    const win = fakeWindow(() => new Response(streamOf(sse, 64), { headers: { 'content-type': 'text/event-stream' } }));
    cleanup = hookFetch(win, createCapture((m) => posted.push(m)));
    // A tool's output in the conversation, kept as JSON: its keys are the markers' own.
    const body = '{"id":"c1","messages":[{"role":"assistant","parts":[{"type":"tool-mcp","toolCallId":"t1","state":"output-available","input":{},"output":{"jsonrpc":"2.0","id":1,"result":{}}}]}],"trigger":"submit-message"}';
    const res = await win.fetch('http://127.0.0.1:9/api/chat', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await res.text()).toBe(sse);
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.filter((m) => m.type === 'connection')).toMatchObject([{ transport: 'sse', requestBody: body, status: 200 }]);
    expect(posted.filter((m) => m.type === 'frame' && m.direction === 'out')).toEqual([]);
  });

  it('marks a reply whose request failed with an error frame, and the page gets the same rejection', async () => {
    const posted: PageToRelay[] = [];
    const failure = new TypeError('Failed to fetch');
    const win = Object.create(globalThis) as Record<string, unknown>;
    win.fetch = function fetch() {
      return Promise.reject(failure);
    };
    cleanup = hookFetch(win as unknown as PageWindow, createCapture((m) => posted.push(m)));
    const body = '{"type":"approval","approval_key":"k1","decisions":[{"type":"approve"}]}';
    await expect((win as unknown as PageWindow).fetch('http://127.0.0.1:9/approval', { method: 'POST', body })).rejects.toBe(failure);
    expect(posted.map((m) => (m.type === 'frame' ? [m.direction, m.kind, m.data] : m.type))).toEqual([
      'connection',
      ['out', 'message', body],
      ['in', 'error', 'TypeError: Failed to fetch'],
    ]);
  });
});
