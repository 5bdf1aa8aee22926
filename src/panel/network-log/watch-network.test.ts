import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelEvent } from '../store/events';
import { SETTLE_MS, watchNetworkLog, type FinishedRequest, type NetworkLogApi } from './watch-network';

/** DevTools' network log as the panel sees it: listeners to call, each request with its getContent. */
function fakeLog() {
  const finished: ((request: FinishedRequest) => void)[] = [];
  const navigated: ((url: string) => void)[] = [];
  const api: NetworkLogApi = {
    onRequestFinished: { addListener: (l) => void finished.push(l) },
    onNavigated: { addListener: (l) => void navigated.push(l) },
  };
  const finish = (contentType: string, body: string | null) => {
    const request = {
      startedDateTime: '2026-12-02T10:00:00.000Z',
      request: { method: 'GET', url: 'http://127.0.0.1:1/stream' },
      response: { status: 200, headers: [{ name: 'Content-Type', value: contentType }], content: { mimeType: contentType } },
      getContent: (callback: (content: string | null, encoding: string) => void) => callback(body, ''),
    };
    for (const l of finished) l(request);
  };
  return { api, finish, navigate: () => navigated.forEach((l) => l('http://127.0.0.1:1/next')) };
}

describe('watchNetworkLog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over a finished streaming response once it had time to be captured, and nothing else', async () => {
    const log = fakeLog();
    const events: PanelEvent[] = [];
    watchNetworkLog(log.api, (e) => events.push(e));
    log.finish('text/event-stream', 'data: {}\n\n');
    log.finish('application/json', '{}');
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events.map((e) => e.type)).toEqual(['networkStream']);
    const event = events[0] as Extract<PanelEvent, { type: 'networkStream' }>;
    expect(event.stream.entry.request.url).toBe('http://127.0.0.1:1/stream');
    expect(await event.stream.content()).toEqual({ text: 'data: {}\n\n' });
  });

  it('reads a body DevTools no longer holds as none, and says when the page navigated', async () => {
    const log = fakeLog();
    const events: PanelEvent[] = [];
    watchNetworkLog(log.api, (e) => events.push(e), 0);
    log.finish('text/event-stream', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(await (events[0] as Extract<PanelEvent, { type: 'networkStream' }>).stream.content()).toBeUndefined();
    log.navigate();
    expect(events.map((e) => e.type)).toEqual(['networkStream', 'networkNavigated']);
  });
});
