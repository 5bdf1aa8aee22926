import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_BATCH_EVENT, CHANNEL_FLUSH_EVENT, CHANNEL_OFFER_EVENT, MAX_CHANNEL_BATCH_CHARS, PAGE_MESSAGE_TAG } from '../page-messages';
import { memoryPortPair, type MemoryPort } from '../memory-port';
import type { RelayBatch } from '../relay-to-hub';
import { HOOK_NEVER_CONNECTED, Relay } from './relay';
import { pageConnection, pageFrame } from './test-messages';

const frame = pageFrame;

/** A fake hub end: records batches, acknowledges when told to. */
class FakeHub {
  ports: MemoryPort[] = [];
  /** Ports closed at this end without the relay's end hearing of it (what a browser may do). */
  gone = new Set<MemoryPort>();
  batches: RelayBatch[] = [];
  autoAck = true;
  connect = () => {
    const [relaySide, hubSide] = memoryPortPair('relay');
    this.ports.push(hubSide);
    hubSide.onMessage.addListener((m) => {
      if (this.gone.has(hubSide)) return;
      const batch = m as RelayBatch;
      this.batches.push(batch);
      if (this.autoAck) hubSide.postMessage({ type: 'ack', seq: batch.seq });
    });
    return relaySide;
  };
  get frames(): number[] {
    return this.batches.flatMap((b) => b.messages.map((m) => ('time' in m ? m.time : -1)));
  }
}

/** A pagehide or pageshow event (happy-dom's PageTransitionEvent is a plain Event, without `persisted`). */
const pageTransition = (type: 'pagehide' | 'pageshow', persisted: boolean): Event => Object.assign(new Event(type), { persisted });

describe('Relay', () => {
  let win: EventTarget;
  let hub: FakeHub;
  /** What a page script can do: post to its own window. */
  const postToWindow = (data: unknown, source: unknown = win) => win.dispatchEvent(new MessageEvent('message', { data, source: source as Window }));
  /** The hook's private channel, offered the way the hook offers it; `post` sends one message as a batch. */
  let channel: EventTarget | undefined;
  const post = (message: unknown) => {
    if (!channel) {
      channel = new EventTarget();
      win.dispatchEvent(new FocusEvent(CHANNEL_OFFER_EVENT, { relatedTarget: channel, cancelable: true }));
    }
    channel.dispatchEvent(new CustomEvent(CHANNEL_BATCH_EVENT, { detail: JSON.stringify([message]) }));
  };
  const settle = async (ms = 25) => {
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    win = new EventTarget();
    hub = new FakeHub();
    channel = undefined;
  });
  afterEach(() => vi.useRealTimers());

  it("batches the hook's messages every 20 ms", async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    post(frame(2));
    await settle(10);
    expect(hub.batches).toHaveLength(0);
    await settle(15);
    expect(hub.batches).toHaveLength(1);
    expect(hub.batches[0]).toMatchObject({ type: 'batch', document: 'abcdef012345', seq: 1, dropped: 0, rejected: 0 });
    expect(hub.frames).toEqual([1, 2]);
  });

  it('takes no frame from messages posted to the window, and counts tagged ones as rejected', async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    // A page script forging a frame of the hook's connection, valid in every field.
    postToWindow(frame(2, '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"forged"}}'));
    postToWindow(frame(3), new EventTarget());
    postToWindow({ hello: 'world' }); // untagged: the page's own business, not counted
    post(frame(4));
    await settle();
    expect(hub.frames).toEqual([1, 4]);
    expect(relay.stats().rejected).toBe(2);
    expect(hub.batches.at(-1)).toMatchObject({ rejected: 2 });
  });

  it('counts tagged garbage as rejected and reports it even without a valid message', async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', data: 5 });
    post({ ...frame(1), tabId: 99 });
    await settle();
    expect(relay.stats().rejected).toBe(2);
    expect(hub.batches.at(-1)).toMatchObject({ messages: [], rejected: 2 });
  });

  it('resends unacknowledged batches over a new port after the worker stopped', async () => {
    hub.autoAck = false;
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', reconnectMs: 100 });
    post(frame(1));
    await settle();
    post(frame(2));
    await settle();
    expect(hub.frames).toEqual([1, 2]);
    // The worker stops: its end of the port goes away; nothing was acknowledged.
    hub.ports[0]!.disconnect();
    hub.batches = [];
    hub.autoAck = true;
    await settle(150);
    expect(hub.ports).toHaveLength(2);
    expect(hub.batches.map((b) => b.seq)).toEqual([1, 2]);
    expect(hub.frames).toEqual([1, 2]);
    await settle();
    expect(relay.stats().unacked).toBe(0);
    post(frame(3));
    await settle();
    expect(hub.batches.at(-1)).toMatchObject({ seq: 3 });
  });

  it('connects again when the hub asks after the worker stopped, naming its document with an empty batch', async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    // Nothing sent yet: nothing captured here to answer, so no port either.
    relay.wake();
    await settle();
    expect(hub.ports).toHaveLength(0);
    post(frame(1));
    await settle();
    // Connected: already known to the hub.
    relay.wake();
    await settle();
    expect(hub.batches.map((b) => b.seq)).toEqual([1]);
    // The worker stops with everything acknowledged: the relay stays without a port until asked.
    hub.ports[0]!.disconnect();
    await settle(200);
    expect(hub.ports).toHaveLength(1);
    relay.wake();
    await settle();
    expect(hub.ports).toHaveLength(2);
    expect(hub.batches.at(-1)).toEqual({ type: 'batch', document: 'abcdef012345', seq: 2, messages: [], dropped: 0, rejected: 0 });
    expect(relay.stats()).toMatchObject({ unacked: 0, connects: 2 });
  });

  it('forgets batches once acknowledged and connects lazily', async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    await settle();
    expect(hub.ports).toHaveLength(0);
    post(frame(1));
    await settle();
    expect(relay.stats()).toMatchObject({ unacked: 0, queued: 0, connects: 1 });
  });

  it('drops the oldest frames past its bound, keeps connection records and reports the count', async () => {
    hub.autoAck = false;
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', maxQueueMessages: 3 });
    const opened = pageConnection();
    post(opened);
    for (let i = 1; i <= 5; i++) post(frame(i));
    await settle();
    expect(relay.stats()).toMatchObject({ dropped: 3, queued: 0, unacked: 3 });
    hub.ports[0]?.disconnect();
    await settle(150);
    const batch = hub.batches.at(-1)!;
    expect(batch.messages.map((m) => (m.type === 'frame' ? m.time : 'connection'))).toEqual(['connection', 4, 5]);
    expect(batch.dropped).toBe(3);
  });

  it("takes the hook's batches off the window, validates each message and keeps their order", async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    const channel = new EventTarget();
    const offer = new FocusEvent(CHANNEL_OFFER_EVENT, { relatedTarget: channel, cancelable: true });
    expect(win.dispatchEvent(offer)).toBe(false); // taken
    const send = (detail: unknown) => channel.dispatchEvent(new CustomEvent(CHANNEL_BATCH_EVENT, { detail }));
    send(JSON.stringify([frame(1), { ...frame(2), tabId: 7 }, frame(3)]));
    send('not json');
    send('x'.repeat(MAX_CHANNEL_BATCH_CHARS + 1));
    send(JSON.stringify([frame(4)]));
    expect(hub.batches).toHaveLength(0); // nothing is parsed or sent inside the hook's dispatch
    await settle();
    expect(hub.frames).toEqual([1, 3, 4]);
    expect(relay.stats().rejected).toBe(3);
  });

  it('asks the hook for what it still holds when the page is hidden, and sends it at once', async () => {
    hub.autoAck = false;
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    const channel = new EventTarget();
    win.dispatchEvent(new FocusEvent(CHANNEL_OFFER_EVENT, { relatedTarget: channel, cancelable: true }));
    channel.addEventListener(CHANNEL_FLUSH_EVENT, () =>
      channel.dispatchEvent(new CustomEvent(CHANNEL_BATCH_EVENT, { detail: JSON.stringify([frame(9)]) })),
    );
    win.dispatchEvent(new Event('pagehide'));
    expect(relay.stats()).toMatchObject({ queued: 0, unacked: 1 }); // sent, without waiting for the batch timer
    await settle(1); // the memory port delivers asynchronously
    expect(hub.frames).toEqual([9]);
  });

  it("marks what it sends as the page is hidden as the page's last, and says so with nothing left to send", async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    await settle();
    post(frame(2));
    win.dispatchEvent(pageTransition('pagehide', false));
    await settle(1);
    expect(hub.batches.map((b) => [b.messages.length, b.leaving])).toEqual([
      [1, undefined],
      [1, true],
    ]);
    // Hidden again with nothing queued (a page stored in the cache, then left): an empty batch says it.
    win.dispatchEvent(pageTransition('pagehide', true));
    await settle(1);
    expect(hub.batches.slice(2).map((b) => [b.messages.length, b.leaving])).toEqual([[0, true]]);
    // Only what pagehide sent: a frame after it goes unmarked.
    post(frame(3));
    await settle();
    expect(hub.batches.slice(3).map((b) => [b.messages.length, b.leaving])).toEqual([[1, undefined]]);
  });

  it('sends nothing as the page is hidden when it never sent anything', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    win.dispatchEvent(pageTransition('pagehide', false));
    await settle();
    expect(hub.ports).toHaveLength(0);
  });

  it('numbers its returns from the back/forward cache on every batch made after each', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    await settle();
    win.dispatchEvent(pageTransition('pagehide', true));
    win.dispatchEvent(pageTransition('pageshow', true));
    post(frame(2));
    await settle();
    win.dispatchEvent(pageTransition('pagehide', true));
    win.dispatchEvent(pageTransition('pageshow', true));
    post(frame(3));
    await settle();
    // Each batch once (one not confirmed when the page was stored goes again on the new port).
    const batches = [...new Map(hub.batches.map((b) => [b.seq, b])).values()];
    expect(batches.map((b) => [b.messages.map((m) => ('time' in m ? m.time : -1)), b.leaving ?? false, b.visit ?? 0])).toEqual([
      [[1], false, 0],
      [[], true, 0],
      [[2], false, 1],
      [[], true, 1],
      [[3], false, 2],
    ]);
  });

  it('marks what it sends while the page is prerendered, and says when the page is shown even with nothing to send', async () => {
    let prerendering = true;
    let shown: (() => void) | undefined;
    const prerender = { active: () => prerendering, onShown: (listener: () => void) => (shown = listener) };
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', prerender });
    post(frame(1));
    await settle();
    prerendering = false;
    shown!();
    await settle(1);
    post(frame(2));
    await settle();
    expect(hub.batches.map((b) => [b.messages.map((m) => ('time' in m ? m.time : -1)), b.prerendering ?? false])).toEqual([
      [[1], true],
      [[], false],
      [[2], false],
    ]);
    // A page shown from the start never listens for it.
    let listened = false;
    new Relay({ win: new EventTarget(), connect: hub.connect, documentId: 'abcdef012346', prerender: { active: () => false, onShown: () => (listened = true) } });
    expect(listened).toBe(false);
  });

  it('takes a new port when the page comes back from the back/forward cache, and sends again what was not confirmed', async () => {
    const relay = new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    await settle();
    expect(hub.frames).toEqual([1]);
    // The page is stored: the browser closes the port at the hub's end and tells this side nothing,
    // so what is posted on it afterwards goes nowhere, without an error.
    win.dispatchEvent(pageTransition('pagehide', true));
    hub.gone.add(hub.ports[0]!);
    // A frame posted before the page learns it was restored (the hook's, or the relay's timer).
    post(frame(2));
    await settle();
    expect(hub.frames).toEqual([1]);
    win.dispatchEvent(pageTransition('pageshow', true));
    await settle();
    expect(hub.ports).toHaveLength(2);
    expect(hub.frames).toEqual([1, 2]);
    post(frame(3));
    await settle();
    expect(hub.frames).toEqual([1, 2, 3]);
    expect(relay.stats()).toMatchObject({ unacked: 0, connects: 2 });
    // A page shown for the first time (not from the cache) keeps its port.
    win.dispatchEvent(pageTransition('pageshow', false));
    post(frame(4));
    await settle();
    expect(hub.ports).toHaveLength(2);
    expect(hub.frames).toEqual([1, 2, 3, 4]);
  });

  it('stops listening when its signal aborts', async () => {
    const controller = new AbortController();
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', signal: controller.signal });
    controller.abort();
    post(frame(1));
    await settle();
    expect(hub.batches).toHaveLength(0);
  });

  it('tells the panel capture is off when the hook never took the channel by the time the document was parsed', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    await settle();
    expect(hub.batches).toHaveLength(0); // nothing said before the document is parsed
    win.dispatchEvent(new Event('DOMContentLoaded'));
    win.dispatchEvent(new Event('DOMContentLoaded')); // said once
    await settle();
    const messages = hub.batches.flatMap((b) => b.messages);
    expect(messages).toEqual([{ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: [HOOK_NEVER_CONNECTED], errors: 0 }]);
  });

  it('says nothing of the kind when the hook took the channel', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345' });
    post(frame(1));
    win.dispatchEvent(new Event('DOMContentLoaded'));
    await settle();
    expect(hub.batches.flatMap((b) => b.messages.map((m) => m.type))).toEqual(['frame']);
  });
  it('takes no channel offered once the start window closed, and says capture is off at DOMContentLoaded', async () => {
    let close: () => void = () => {};
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', startWindow: (c) => (close = c) });
    close(); // the first DOM change: page scripts may run from now on
    post(frame(1)); // a page script offering a channel of its own, then a batch on it
    win.dispatchEvent(new Event('DOMContentLoaded'));
    await settle();
    expect(hub.batches.flatMap((b) => b.messages)).toEqual([{ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: [HOOK_NEVER_CONNECTED], errors: 0 }]);
  });

  it('takes the channel offered within the start window', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', startWindow: () => {} });
    post(frame(1));
    await settle();
    expect(hub.frames).toEqual([1]);
  });

  it('in a document it cannot trust, takes no channel and says why once', async () => {
    new Relay({ win, connect: hub.connect, documentId: 'abcdef012345', untrustedBecause: 'capture is off here' });
    post(frame(1));
    channel = undefined;
    post(frame(2)); // a second offer: said once only
    win.dispatchEvent(new Event('DOMContentLoaded'));
    await settle();
    expect(hub.batches.flatMap((b) => b.messages)).toEqual([{ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: ['capture is off here'], errors: 0 }]);
  });
});
