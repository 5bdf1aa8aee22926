import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPortPair, type MemoryPort } from '../bridge/memory-port';
import { connectHub, RECONNECT_MS, type HubLink } from './hub-link';

const REPLY = '{"type":"approval","approval_key":"k","decisions":[{"type":"approve"}]}';

let link: HubLink | undefined;
afterEach(() => {
  link?.close();
  vi.useRealTimers();
});

describe('the panel’s link to the hub', () => {
  it('keeps what the panel sends while the worker is stopped and sends it after subscribing again; flow control it drops', async () => {
    vi.useFakeTimers();
    /** The hub's end of each port the link opened, with what reached it. */
    const hubEnds: Array<{ end: MemoryPort; heard: unknown[] }> = [];
    link = connectHub({
      tabId: 4,
      connect: () => {
        const [mine, theirs] = memoryPortPair('panel');
        const heard: unknown[] = [];
        theirs.onMessage.addListener((m) => heard.push(m));
        hubEnds.push({ end: theirs, heard });
        return mine;
      },
      onMessage: () => undefined,
      onLink: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    link.send({ type: 'export', requestId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(hubEnds[0]?.heard).toEqual([{ type: 'subscribe', tabId: 4 }, { type: 'export', requestId: 1 }]);
    // The worker stops: the hub's end goes away, and the link waits RECONNECT_MS before it connects again.
    hubEnds[0]!.end.disconnect();
    await vi.advanceTimersByTimeAsync(0);
    link.send({ type: 'answer', answerId: 2, connectionId: '1.ws-1', data: REPLY });
    link.send({ type: 'applied', frames: 10 });
    expect(hubEnds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_MS + 10);
    expect(hubEnds).toHaveLength(2);
    expect(hubEnds[1]?.heard).toEqual([
      { type: 'subscribe', tabId: 4 },
      { type: 'answer', answerId: 2, connectionId: '1.ws-1', data: REPLY },
    ]);
  });
});
