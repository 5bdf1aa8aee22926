// The panel store's list of streams from DevTools' network log: what adds to it and what empties it.
import { describe, expect, it } from 'vitest';
import { createStore, EMPTY_STATUS } from '../store/store';
import { applyEvent } from '../store/apply';
import { MAX_NETWORK_STREAMS, streamingEntry, type NetworkStream } from './network-streams';

const stream = (n: number): NetworkStream => ({
  entry: streamingEntry({
    startedDateTime: '2026-12-02T10:00:00.000Z',
    request: { method: 'GET', url: `http://127.0.0.1:1/stream?n=${n}` },
    response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream' } },
  })!,
  content: () => Promise.resolve({ text: '' }),
});

const urls = (streams: readonly NetworkStream[]) => streams.map((s) => s.entry.request.url.split('=')[1]);

describe('network streams in the panel store', () => {
  it('keeps the newest, up to its bound', () => {
    const store = createStore();
    for (let n = 0; n < MAX_NETWORK_STREAMS + 3; n++) applyEvent(store, { type: 'networkStream', stream: stream(n) });
    expect(store.networkStreams.value).toHaveLength(MAX_NETWORK_STREAMS);
    expect(urls(store.networkStreams.value).slice(0, 2)).toEqual(['3', '4']);
  });

  it('takes none while recording is paused: the tab keeps nothing then, by choice', () => {
    const store = createStore();
    store.status.value = { ...EMPTY_STATUS, recording: false };
    applyEvent(store, { type: 'networkStream', stream: stream(1) });
    expect(store.networkStreams.value).toEqual([]);
  });

  it("empties with the tab's capture, and on a navigation unless the log is preserved", () => {
    const store = createStore();
    applyEvent(store, { type: 'networkStream', stream: stream(1) });
    applyEvent(store, { type: 'hub', message: { type: 'cleared', tabId: 1 } });
    expect(store.networkStreams.value).toEqual([]);
    applyEvent(store, { type: 'networkStream', stream: stream(2) });
    store.status.value = { ...EMPTY_STATUS, preserveLog: true };
    applyEvent(store, { type: 'networkNavigated' });
    expect(urls(store.networkStreams.value)).toEqual(['2']);
    store.status.value = { ...EMPTY_STATUS, preserveLog: false };
    applyEvent(store, { type: 'networkNavigated' });
    expect(store.networkStreams.value).toEqual([]);
  });
});
