import { describe, expect, it } from 'vitest';
import type { Connection } from '../../model/frame';
import { readInput } from '../../readers/read-input';
import { harOf, streamingEntry, uncapturedStreams, type NetworkStream } from './network-streams';

const SSE_BODY = 'data: {"type":"RUN_STARTED","threadId":"t-1","runId":"run-w"}\n\ndata: {"type":"RUN_FINISHED","threadId":"t-1","runId":"run-w"}\n\n';

/** A HAR entry as DevTools reports it (with its getContent method and fields the panel does not read). */
function devtoolsEntry(url: string, contentType: string, method = 'GET', extra: Record<string, unknown> = {}) {
  return {
    startedDateTime: '2026-12-02T10:27:47.780Z',
    time: 12.5,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [{ name: 'Accept', value: '*/*' }], cookies: [] },
    response: { status: 200, statusText: 'OK', headers: [{ name: 'Content-Type', value: contentType }], content: { size: 120, mimeType: contentType.split(';')[0] } },
    // As DevTools has them: a few undefined outside a service worker.
    timings: { blocked: 1, send: 0, wait: 5, receive: 2, _workerRouterEvaluationStart: undefined },
    _resourceType: 'fetch',
    _initiator: { type: 'script' },
    getContent: () => undefined,
    ...extra,
  };
}

const stream = (url: string, method = 'GET', body = SSE_BODY): NetworkStream => ({
  entry: streamingEntry(devtoolsEntry(url, 'text/event-stream', method))!,
  content: () => Promise.resolve({ text: body }),
});

const connection = (id: string, url: string, method?: string): Connection => ({ id, transport: 'fetch-stream', url, ...(method !== undefined && { method }) });

describe('streamingEntry', () => {
  it('takes the responses the hook taps: SSE, line-delimited JSON, the AI SDK v4 data stream', () => {
    expect(streamingEntry(devtoolsEntry('http://127.0.0.1:1/s', 'text/event-stream; charset=utf-8'))?.request.url).toBe('http://127.0.0.1:1/s');
    expect(streamingEntry(devtoolsEntry('http://127.0.0.1:1/s', 'application/x-ndjson'))).toBeDefined();
    const dataStream = devtoolsEntry('http://127.0.0.1:1/s', 'text/plain; charset=utf-8');
    dataStream.response.headers.push({ name: 'X-Vercel-AI-Data-Stream', value: 'v1' });
    expect(streamingEntry(dataStream)).toBeDefined();
  });

  it('leaves other responses, and entries of the wrong shape, alone', () => {
    expect(streamingEntry(devtoolsEntry('http://127.0.0.1:1/a', 'application/json'))).toBeUndefined();
    expect(streamingEntry(devtoolsEntry('http://127.0.0.1:1/a', 'text/html'))).toBeUndefined();
    expect(streamingEntry({ ...devtoolsEntry('http://127.0.0.1:1/s', 'text/event-stream'), request: 'GET /s' })).toBeUndefined();
    expect(streamingEntry(null)).toBeUndefined();
  });

  it('keeps only the fields it checked (no method, no DevTools-only field)', () => {
    const entry = streamingEntry(devtoolsEntry('http://127.0.0.1:1/s', 'text/event-stream'))!;
    expect(Object.keys(entry).sort()).toEqual(['_resourceType', 'request', 'response', 'startedDateTime', 'time', 'timings']);
  });
});

describe('uncapturedStreams', () => {
  it('says which streams no captured connection accounts for, by method and address', () => {
    const page = stream('http://127.0.0.1:1/stream?run=page');
    const worker = stream('http://127.0.0.1:1/stream?run=worker');
    const posted = stream('http://127.0.0.1:1/stream?run=page', 'POST');
    const connections = [connection('1.1', 'http://127.0.0.1:1/stream?run=page', 'GET')];
    expect(uncapturedStreams([page, worker, posted], connections)).toEqual([worker, posted]);
  });

  it('counts requests to one address: the capture accounts for as many as it holds', () => {
    const streams = [1, 2, 3].map(() => stream('http://127.0.0.1:1/api/chat', 'POST'));
    const one = [connection('1.1', 'http://127.0.0.1:1/api/chat', 'POST')];
    expect(uncapturedStreams(streams, one)).toEqual(streams.slice(1));
    const three = [1, 2, 3].map((i) => connection(`1.${i}`, 'http://127.0.0.1:1/api/chat', 'post'));
    expect(uncapturedStreams(streams, three)).toEqual([]);
  });

  it('reads a connection without a method as GET and a relative address against the request', () => {
    const s = stream('http://127.0.0.1:1/events?x=1');
    expect(uncapturedStreams([s], [connection('1.1', '/events?x=1')])).toEqual([]);
    expect(uncapturedStreams([s], [connection('1.1', 'http://127.0.0.1:2/events?x=1')])).toEqual([s]);
  });
});

describe('harOf', () => {
  it('writes a HAR the import reads: the stream as a connection with its frames', async () => {
    const s = stream('http://127.0.0.1:1/stream?run=worker');
    const { har, unread } = await harOf([s]);
    expect(unread).toBe(0);
    const { capture } = readInput(har);
    expect(capture.connections).toMatchObject([{ url: 'http://127.0.0.1:1/stream?run=worker', method: 'GET', status: 200 }]);
    expect(capture.frames.filter((f) => f.kind === 'message').map((f) => JSON.parse(f.data).type)).toEqual(['RUN_STARTED', 'RUN_FINISHED']);
  });

  it('still writes the entry when DevTools no longer holds the body, and counts it', async () => {
    const gone: NetworkStream = { entry: stream('http://127.0.0.1:1/a').entry, content: () => Promise.resolve(undefined) };
    const failing: NetworkStream = { entry: stream('http://127.0.0.1:1/b').entry, content: () => Promise.reject(new Error('gone')) };
    const { har, unread } = await harOf([gone, failing, stream('http://127.0.0.1:1/c')]);
    expect(unread).toBe(2);
    const entries = (JSON.parse(har) as { log: { entries: { response: { content: Record<string, unknown> } }[] } }).log.entries;
    expect(entries.map((e) => e.response.content.text)).toEqual([undefined, undefined, SSE_BODY]);
    expect(entries[0]!.response.content).toEqual({ mimeType: 'text/event-stream' });
  });
});
