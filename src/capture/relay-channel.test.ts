// The private hook → relay channel in a happy-dom window: the handshake in both load orders, batches
// in order, the synchronous drain, and nothing on the window's own `message` listeners.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_MESSAGE_TAG, type PageFrame, type PageToRelay } from '../bridge/page-messages';
import { parsePageBatch } from '../bridge/page-messages.schema';
import { listenToHook, type HookChannel } from '../bridge/relay/hook-channel';
import { textFrameEncoder } from './json-encode';
import { HOOK_FLUSH_DELAY_MS, openRelayChannel } from './relay-channel';

type PageWindow = Window & typeof globalThis;

// happy-dom's DOM is JavaScript, not the browser's own: the builtin check would refuse it.
const TRUSTED = { checkBuiltins: false } as const;
const frame = (n: number): PageToRelay => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'frame',
  connectionId: 'c-1',
  time: n,
  direction: 'in',
  kind: 'message',
  data: `{"n":${n}}`,
});

describe('relay channel', () => {
  let relays: HookChannel[];
  let received: PageToRelay[];
  let batches: number;
  let windowMessages: number;
  const onWindowMessage = () => windowMessages++;
  const startRelay = () => {
    const relay = listenToHook(window, (text) => {
      batches++;
      received.push(...parsePageBatch(text).messages);
    });
    relays.push(relay);
    return relay;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    relays = [];
    received = [];
    batches = 0;
    windowMessages = 0;
    window.addEventListener('message', onWindowMessage);
  });
  afterEach(() => {
    for (const r of relays) r.stop();
    window.removeEventListener('message', onWindowMessage);
    vi.useRealTimers();
  });

  it('connects when the relay runs first, and hands frames over in batches, in order', async () => {
    const relay = startRelay();
    const hook = openRelayChannel(window as PageWindow, TRUSTED);
    expect(hook.claimed).toBe(true);
    expect(relay.connected).toBe(true);
    for (let i = 0; i < 5; i++) hook.post(frame(i));
    expect(received).toEqual([]); // not inside the caller's task
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toBe(1);
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([0, 1, 2, 3, 4]);
    expect(windowMessages).toBe(0);
  });

  it("with the build's delay, gathers what comes in separate tasks into one batch, and hands it over at once when asked", async () => {
    const relay = startRelay();
    const hook = openRelayChannel(window as PageWindow, { ...TRUSTED, flushDelayMs: HOOK_FLUSH_DELAY_MS });
    hook.post(frame(1));
    await vi.advanceTimersByTimeAsync(1); // a socket message a task, as in a flood
    hook.post(frame(2));
    await vi.advanceTimersByTimeAsync(HOOK_FLUSH_DELAY_MS - 2);
    expect(batches).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toBe(1);
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([1, 2]);
    // The page is being hidden: the relay's drain takes what is held without waiting for the timer.
    hook.post(frame(3));
    relay.drain();
    expect(batches).toBe(2);
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([1, 2, 3]);
  });

  it('connects when the hook runs first, and keeps what was posted before', async () => {
    const hook = openRelayChannel(window as PageWindow, TRUSTED);
    expect(hook.claimed).toBe(false);
    hook.post(frame(1));
    startRelay();
    expect(hook.claimed).toBe(true);
    hook.post(frame(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([1, 2]);
  });

  it('takes one channel only: a later offer is left alone', () => {
    startRelay();
    openRelayChannel(window as PageWindow, TRUSTED);
    const second = openRelayChannel(window as PageWindow, TRUSTED);
    expect(second.claimed).toBe(false);
    // A relay that starts now gets it (and the window is left with no offer pending for other tests).
    startRelay();
    expect(second.claimed).toBe(true);
  });

  it('hands over at once on a drain, and when a batch is full', () => {
    const relay = startRelay();
    const hook = openRelayChannel(window as PageWindow, TRUSTED);
    hook.post(frame(1));
    relay.drain();
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([1]);
    for (let i = 0; i < 500; i++) hook.post(frame(i));
    expect(received).toHaveLength(501);
  });

  it('hands payloads over beside the JSON text, unquoted, and runs no setter the page put on Array.prototype', () => {
    const details: unknown[] = [];
    const relay = listenToHook(window, (detail) => {
      details.push(detail);
      received.push(...parsePageBatch(detail).messages);
    });
    relays.push(relay);
    const hook = openRelayChannel(window as PageWindow, TRUSTED);
    const encode = textFrameEncoder('c-1');
    let setterCalls = 0; // a counter: pushing to an array would run the setter itself
    for (const key of ['0', '1', '2']) Object.defineProperty(Array.prototype, key, { configurable: true, set: () => void setterCalls++ });
    try {
      hook.post({ ...(frame(1) as PageFrame), data: '\u0001'.repeat(1000) });
      hook.postText(encode, 2, 'out', 'said "hi"');
    } finally {
      for (const key of ['0', '1', '2']) delete (Array.prototype as unknown as Record<string, unknown>)[key];
    }
    relay.drain();
    expect(setterCalls).toBe(0);
    expect(received.map((m) => m.type === 'frame' && [m.time, m.direction, m.data])).toEqual([
      [1, 'in', '\u0001'.repeat(1000)],
      [2, 'out', 'said "hi"'],
    ]);
    const [text, ...payloads] = details[0] as string[];
    expect(payloads).toEqual(['\u0001'.repeat(1000), 'said "hi"']);
    expect(text).not.toContain('\\u0001');
    expect(text!.length).toBeLessThan(400);
  });

  it('keeps a bounded number of messages while no relay took the channel', async () => {
    const hook = openRelayChannel(window as PageWindow, { ...TRUSTED, maxUnclaimed: 3 });
    for (let i = 0; i < 10; i++) hook.post(frame(i));
    await vi.advanceTimersByTimeAsync(1);
    startRelay();
    hook.post(frame(10));
    await vi.advanceTimersByTimeAsync(1);
    expect(received.map((m) => ('time' in m ? m.time : -1))).toEqual([0, 1, 2, 10]);
  });
});
