// Relay, hub and panel store wired together in one process over in-memory ports.
import { describe, expect, it, vi } from 'vitest';
import { PAGE_MESSAGE_TAG, type PageConnectionOpened, type PageFrame, type PageToRelay } from '../bridge/page-messages';
import { memoryPortPair, type MemoryPort } from '../bridge/memory-port';
import type { RelayBatch } from '../bridge/relay-to-hub';
import { createStore } from './testing/client-store';
import { connectToHub } from './testing/client-link';
import { Hub } from './hub';
import { MAX_LEFT_DOCUMENTS } from './tab';
import type { HubToPanel } from '../bridge/hub-to-panel';
import { unpackFrames } from '../bridge/packed-frames';
import { MemoryStorage } from './storage';
import { SLICE, WINDOW } from './panel-feed';
import type { ProtocolDefinition } from '../protocols/types';
import { toy } from './testing/toy-protocol';
import { createStore as createPanelStore } from '../panel/store/store';
import { applyEvent } from '../panel/store/apply';

const EXT = 'ext-id';
const ORIGIN = 'chrome-extension://ext-id/';
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

const opened = (id = 'ws-1'): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'connection', id, transport: 'websocket', url: 'ws://127.0.0.1/ws', time: 1 });
const frame = (n: number, connectionId = 'ws-1', kind: 'message' | 'close' = 'message'): PageToRelay => ({
  [PAGE_MESSAGE_TAG]: 1,
  type: 'frame',
  connectionId,
  time: 1000 + n,
  direction: n % 2 ? 'in' : 'out',
  kind,
  data: `{"n":${n}}`,
});
const batch = (seq: number, messages: PageToRelay[], document = 'aaaaaaaa01'): RelayBatch => ({ type: 'batch', document, seq, messages, dropped: 0, rejected: 0 });

/** Opens ws-1 and sends `total` frames on it, in batches the relay could have sent. */
function sendFrames(r: { send(b: RelayBatch): void }, total: number): void {
  r.send(batch(1, [opened()]));
  for (let from = 0, seq = 2; from < total; from += 1000, seq++) r.send(batch(seq, Array.from({ length: Math.min(1000, total - from) }, (_, i) => frame(from + i))));
}

/** A message as the tests read it: a packed append with its frames unpacked. */
function readable(m: unknown): HubToPanel {
  const message = m as HubToPanel;
  if (message.type !== 'packed') return message;
  const { packed, ...rest } = message;
  return { ...rest, type: 'append', frames: unpackFrames(packed) };
}

/** A panel port that records what the hub sends it. */
function listening(tabId: number, heard: HubToPanel[]): MemoryPort {
  const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
  mine.onMessage.addListener((m) => heard.push(readable(m)));
  mine.postMessage({ type: 'subscribe', tabId });
  return theirs;
}


function setup(storage = new MemoryStorage(), limits?: { maxFrames: number; maxBytes: number }, registry: readonly ProtocolDefinition[] = []) {
  const hub = new Hub({ storage, registry, extensionId: EXT, extensionOrigin: ORIGIN, ...(limits && { limits }) });
  const relay = (tabId: number, sender: MemoryPort['sender'] = { id: EXT, url: 'http://127.0.0.1/', tab: { id: tabId } }) => {
    const [mine, theirs] = memoryPortPair('relay', sender);
    const acks: number[] = [];
    let disconnected = false;
    mine.onMessage.addListener((m) => acks.push((m as { seq: number }).seq));
    mine.onDisconnect.addListener(() => (disconnected = true));
    hub.acceptPort(theirs);
    return { send: (b: RelayBatch) => mine.postMessage(b), acks, isDisconnected: () => disconnected };
  };
  const panel = (tabId: number) => {
    const store = createStore();
    const link = connectToHub(store, tabId, () => {
      const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
      hub.acceptPort(theirs);
      return mine;
    });
    return { store, link };
  };
  return { hub, storage, relay, panel };
}

describe('Hub', () => {
  it('stores frames in order with capture indexes and feeds panels a snapshot then appends', async () => {
    const { hub, relay, panel } = setup();
    const r = relay(3);
    r.send(batch(1, [opened(), frame(1), frame(2)]));
    await tick();
    const p = panel(3);
    await tick();
    expect(p.store.link.value).toBe('live');
    expect(p.store.frames.map((f) => f.index)).toEqual([0, 1]);
    r.send(batch(2, [frame(3)]));
    await tick();
    expect(r.acks).toEqual([1, 2]);
    expect(p.store.frames.map((f) => [f.index, f.connectionId, f.data])).toEqual([
      [0, '1.ws-1', '{"n":1}'],
      [1, '1.ws-1', '{"n":2}'],
      [2, '1.ws-1', '{"n":3}'],
    ]);
    expect([...p.store.sessions.value.values()]).toMatchObject([{ id: '1.ws-1', frames: 3, protocol: 'unknown' }]);
    expect((await hub.tab(3))!.frameList()).toHaveLength(3);
  });

  it('after a cold start hydrates the tab first and ignores resent batches', async () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    first.relay(4).send(batch(1, [opened(), frame(1), frame(2)]));
    await tick();
    // The worker stops: a new hub on the same storage, the relay resends batch 1 and goes on.
    const second = setup(storage);
    const r = second.relay(4);
    r.send(batch(1, [opened(), frame(1), frame(2)]));
    r.send(batch(2, [frame(3)]));
    await tick();
    expect(r.acks).toEqual([1, 2]);
    const tab = (await second.hub.tab(4))!;
    expect(tab.frameList().map((f) => [f.index, f.data])).toEqual([
      [0, '{"n":1}'],
      [1, '{"n":2}'],
      [2, '{"n":3}'],
    ]);
    expect(tab.sessions.summaries()).toMatchObject([{ frames: 3 }]);
  });

  it('takes the tab from the port sender and refuses ports from the wrong contexts', async () => {
    const { hub, relay } = setup();
    relay(5).send(batch(1, [frame(1)]));
    const fromPage = relay(6, { id: EXT, url: `${ORIGIN}panel.html`, tab: { id: 6 } });
    const otherExtension = relay(6, { id: 'someone-else', url: 'http://x/', tab: { id: 6 } });
    const noTab = relay(6, { id: EXT, url: 'http://x/' });
    fromPage.send(batch(1, [frame(1)]));
    await tick();
    expect(fromPage.isDisconnected() && otherExtension.isDisconnected() && noTab.isDisconnected()).toBe(true);
    expect(hub.refused.ports).toBe(3);
    expect((await hub.tab(5))!.frameList()).toHaveLength(1);
    expect(await hub.tab(6, false)).toBeUndefined();
  });

  it('drops invalid batches and batches for another document on the same port', async () => {
    const { hub, relay } = setup();
    const r = relay(7);
    r.send(batch(1, [frame(1)]));
    r.send({ ...batch(2, [frame(2)]), document: '__proto__' });
    r.send(batch(3, [frame(3)], 'bbbbbbbb02'));
    await tick();
    expect((await hub.tab(7))!.frameList().map((f) => f.data)).toEqual(['{"n":1}']);
    expect(hub.refused.messages).toBe(2);
  });

  it('clears a tab on navigation unless the log is preserved, and forgets closed tabs', async () => {
    const { hub, storage, relay, panel } = setup();
    const r = relay(8);
    r.send(batch(1, [opened(), frame(1)]));
    await tick();
    const p = panel(8);
    await tick();
    p.link.send({ type: 'setPreserveLog', value: true });
    await tick();
    expect(p.store.status.value.preserveLog).toBe(true);
    await hub.onNavigation(8);
    expect((await hub.tab(8))!.frameList()).toHaveLength(1);
    // With the log preserved, the numbering goes on across the navigation.
    r.send(batch(2, [frame(2)]));
    await tick();
    expect((await hub.tab(8))!.frameList().map((f) => f.index)).toEqual([0, 1]);
    expect(p.store.frames.map((f) => f.index)).toEqual([0, 1]);
    p.link.send({ type: 'setPreserveLog', value: false });
    await tick();
    await hub.onNavigation(8);
    await tick();
    expect((await hub.tab(8))!.frameList()).toHaveLength(0);
    expect(p.store.frames).toHaveLength(0);
    r.send(batch(3, [frame(3)]));
    await tick();
    // A new capture is numbered from 0 again, in the hub, the panel and the storage.
    expect((await hub.tab(8))!.frameList().map((f) => f.index)).toEqual([0]);
    expect(p.store.frames.map((f) => f.index)).toEqual([0]);
    expect((await storage.load(8))!.frames.map((f) => [f.index, f.data])).toEqual([[0, '{"n":3}']]);
    await hub.onTabRemoved(8);
    expect(await storage.load(8)).toBeUndefined();
  });

  describe("a page's batches that come after the navigation that left it", () => {
    // The old page's document 'aaaaaaaa01' streamed frames timed 1001…; the navigation commits at 1010.
    const NEW_PAGE = 'bbbbbbbb02';
    const data = async (hub: Hub, tabId: number) => (await hub.tab(tabId))!.frameList().map((f) => [f.index, f.data]);

    it('leaves out what the old page received before the commit and what it sent as it was hidden; keeps the new page', async () => {
      const { hub, relay, panel } = setup();
      const r = relay(20);
      r.send(batch(1, [opened(), frame(1), frame(2)]));
      await tick();
      const p = panel(20);
      await tick();
      await hub.onNavigation(20, 1010);
      // On their way as the navigation committed: a batch the relay's timer sent, then its last one.
      r.send({ ...batch(2, [frame(3), frame(4)]), dropped: 2 });
      r.send({ ...batch(3, [frame(5), frame(9)]), leaving: true });
      relay(20).send(batch(1, [{ ...(opened('sse-1') as PageConnectionOpened), time: 1011 }, { ...(frame(20, 'sse-1') as PageFrame), data: '{"new":1}' }], NEW_PAGE));
      await tick();
      expect(await data(hub, 20)).toEqual([[0, '{"new":1}']]);
      expect(p.store.frames.map((f) => [f.index, f.data])).toEqual([[0, '{"new":1}']]);
      // The old page's counters are not the new page's.
      expect(p.store.status.value.dropped).toBe(0);
      expect((await hub.tab(20))!.record.documents['aaaaaaaa01']).toMatchObject({ left: { at: 1010, visit: 0 }, hidden: true });
    });

    it("keeps what a document heard from before the navigation receives after the commit (a page's first batch can beat the navigation's event)", async () => {
      const { hub, relay } = setup();
      const r = relay(21);
      r.send(batch(1, [opened(), frame(1)]));
      await tick();
      await hub.onNavigation(21, 1010);
      r.send(batch(2, [frame(9), frame(10), frame(11)]));
      await tick();
      expect(await data(hub, 21)).toEqual([
        [0, '{"n":10}'],
        [1, '{"n":11}'],
      ]);
    });

    it('takes a page back from the back/forward cache as the tab\'s page again, but not what it held before it was left', async () => {
      const { hub, relay } = setup();
      const r = relay(22);
      r.send(batch(1, [opened(), frame(1)]));
      await tick();
      await hub.onNavigation(22, 1010);
      // Back (the return's commit at 1020): a batch not confirmed before the page was stored comes again with
      // its first visit's number; what the page received after its return comes with the next.
      await hub.onNavigation(22, 1020);
      r.send(batch(2, [frame(2)]));
      r.send({ ...batch(3, [frame(21), frame(22)]), visit: 1 });
      await tick();
      expect(await data(hub, 22)).toEqual([
        [0, '{"n":21}'],
        [1, '{"n":22}'],
      ]);
      expect((await hub.tab(22))!.record.documents['aaaaaaaa01']).not.toHaveProperty('left');
      // Left again: its last batch goes with the capture the navigation cleared.
      await hub.onNavigation(22, 1030);
      r.send({ ...batch(4, [frame(29)]), visit: 1, leaving: true });
      await tick();
      expect(await data(hub, 22)).toEqual([]);
    });

    it('keeps everything with the log preserved, and marks nothing without the commit time', async () => {
      const { hub, relay, panel } = setup();
      const r = relay(23);
      r.send(batch(1, [opened(), frame(1)]));
      await tick();
      const p = panel(23);
      await tick();
      p.link.send({ type: 'setPreserveLog', value: true });
      await tick();
      await hub.onNavigation(23, 1010);
      r.send({ ...batch(2, [frame(2)]), leaving: true });
      await tick();
      expect((await data(hub, 23)).map(([, d]) => d)).toEqual(['{"n":1}', '{"n":2}']);
      p.link.send({ type: 'setPreserveLog', value: false });
      await tick();
      await hub.onNavigation(23);
      r.send(batch(3, [frame(3)]));
      await tick();
      expect(await data(hub, 23)).toEqual([[0, '{"n":3}']]);
    });

    it(`remembers the newest ${MAX_LEFT_DOCUMENTS} left documents, and a late batch of the newest is still left out`, async () => {
      const storage = new MemoryStorage();
      const { hub, relay } = setup(storage);
      const doc = (n: number) => `dddddddd${String(n).padStart(3, '0')}`;
      const pages = MAX_LEFT_DOCUMENTS + 6;
      for (let n = 0; n < pages; n++) {
        relay(25).send(batch(1, [opened(), frame(2000 + 10 * n)], doc(n)));
        await tick();
        await hub.onNavigation(25, 2005 + 10 * n);
      }
      const documents = (await hub.tab(25))!.record.documents;
      const kept = Object.keys(documents).sort();
      expect(kept).toHaveLength(MAX_LEFT_DOCUMENTS);
      expect(kept[0]).toBe(doc(6));
      expect(kept.at(-1)).toBe(doc(pages - 1));
      expect(Object.keys((await storage.load(25))!.record.documents)).toHaveLength(MAX_LEFT_DOCUMENTS);
      // The last page left: its batch on the way after the navigation is not the next page's.
      relay(25).send({ ...batch(2, [frame(2000 + 10 * (pages - 1) + 1)], doc(pages - 1)), leaving: true });
      relay(25).send(batch(1, [opened('sse-1'), { ...(frame(5000, 'sse-1') as PageFrame), data: '{"new":1}' }], NEW_PAGE));
      await tick();
      expect(await data(hub, 25)).toEqual([[0, '{"new":1}']]);
    });

    it('still tells them apart after the worker restarts, and for a page that left before anything of its own was kept', async () => {
      const storage = new MemoryStorage();
      const first = setup(storage);
      first.relay(24).send(batch(1, [{ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: [], errors: 0 }]));
      await tick();
      // Nothing to clear, yet the document is marked as left, and the mark is stored.
      await first.hub.onNavigation(24, 1010);
      const second = setup(storage);
      second.relay(24).send({ ...batch(2, [opened(), frame(3), frame(12)]), leaving: true });
      second.relay(24).send(batch(3, [frame(4), frame(13)]));
      await tick();
      expect(await data(second.hub, 24)).toEqual([[0, '{"n":13}']]);
    });
  });

  describe('a page being prerendered', () => {
    const NEXT = 'cccccccc03';
    const next = (n: number): PageToRelay => ({ ...(frame(n, 'sse-1') as PageFrame), data: `{"next":${n}}` });
    const nextOpened = (): PageToRelay => ({ ...(opened('sse-1') as PageConnectionOpened), transport: 'sse', time: 1003 });
    const data = async (hub: Hub, tabId: number) => (await hub.tab(tabId))!.frameList().map((f) => [f.index, f.connectionId, f.data]);

    it("is held out of the current page's capture, and opens the capture of the navigation that shows it", async () => {
      const { hub, relay, panel } = setup();
      const current = relay(30);
      current.send(batch(1, [opened(), frame(1)]));
      const prerendered = relay(30);
      prerendered.send({ ...batch(1, [nextOpened(), next(4), next(5)], NEXT), prerendering: true });
      await tick();
      const p = panel(30);
      await tick();
      expect(await data(hub, 30)).toEqual([[0, '1.ws-1', '{"n":1}']]);
      expect(p.store.frames).toHaveLength(1);
      // Shown: the navigation's event first, then the relay's batch saying the page is shown.
      await hub.onNavigation(30, 1010);
      prerendered.send(batch(2, [next(12)], NEXT));
      await tick();
      expect(await data(hub, 30)).toEqual([
        [0, '2.sse-1', '{"next":4}'],
        [1, '2.sse-1', '{"next":5}'],
        [2, '2.sse-1', '{"next":12}'],
      ]);
      expect(p.store.frames.map((f) => f.data)).toEqual(['{"next":4}', '{"next":5}', '{"next":12}']);
      expect((await hub.tab(30))!.connections.get('2.sse-1')).toMatchObject({ transport: 'sse' });
    });

    it("keeps what it received before it was shown when the relay's batch beats the navigation's event", async () => {
      const { hub, relay, storage } = setup();
      relay(31).send(batch(1, [opened(), frame(1)]));
      const prerendered = relay(31);
      prerendered.send({ ...batch(1, [nextOpened(), next(4)], NEXT), prerendering: true });
      prerendered.send(batch(2, [], NEXT));
      await tick();
      await hub.onNavigation(31, 1010);
      prerendered.send(batch(3, [next(12)], NEXT));
      await tick();
      expect(await data(hub, 31)).toEqual([
        [0, '2.sse-1', '{"next":4}'],
        [1, '2.sse-1', '{"next":12}'],
      ]);
      // Stored as kept: a worker restart reads the same capture back.
      expect((await storage.load(31))!.frames.map((f) => [f.index, f.data])).toEqual([
        [0, '{"next":4}'],
        [1, '{"next":12}'],
      ]);
      expect((await hub.tab(31))!.record.documents[NEXT]).not.toHaveProperty('left');
    });

    it('holds a bounded amount, counting the frames past it as dropped', async () => {
      const { hub, relay } = setup();
      relay(32).send(batch(1, [opened(), frame(1)]));
      const prerendered = relay(32);
      const big = { ...(next(1) as PageFrame), data: 'x'.repeat(900_000) };
      for (let seq = 1; seq <= 40; seq++) prerendered.send({ ...batch(seq, [big], NEXT), prerendering: true });
      await tick();
      await hub.onNavigation(32, 2000);
      prerendered.send(batch(41, [], NEXT));
      await tick();
      const tab = (await hub.tab(32))!;
      // 32 MB held at most: 35 frames of 900,000 characters; the other 5 counted in the capture of the page shown.
      expect(tab.frameList()).toHaveLength(35);
      expect(tab.record.dropped).toBe(5);
      expect(tab.frameList().every((f) => f.connectionId === '2.sse-1')).toBe(true);
    });

    it('lets go of a prerender the user never went to at the second navigation after it began', async () => {
      const { hub, relay } = setup();
      relay(33).send(batch(1, [opened(), frame(1)]));
      const prerendered = relay(33);
      prerendered.send({ ...batch(1, [nextOpened(), next(4)], NEXT), prerendering: true });
      await tick();
      const tab = (await hub.tab(33))!;
      expect(tab.heldPrerenders()).toEqual(new Map([[NEXT, 2]]));
      // The user goes somewhere else: the navigation may still be the one that shows it, so it is kept.
      await hub.onNavigation(33, 1010);
      expect(tab.heldPrerenders()).toEqual(new Map([[NEXT, 2]]));
      relay(33).send(batch(1, [opened('ws-9'), { ...(frame(1020, 'ws-9') as PageFrame), data: '{"other":1}' }], 'eeeeeeee05'));
      await tick();
      // And on again: nothing showed it, so it is let go, and its document is one of the pages left.
      await hub.onNavigation(33, 1030);
      expect(tab.heldPrerenders()).toEqual(new Map());
      expect(tab.record.documents[NEXT]).toMatchObject({ left: { at: 1030 } });
      expect(tab.record.documents[NEXT]).not.toHaveProperty('prerendering');
      // A batch of it still on its way is not the new page's.
      prerendered.send(batch(2, [next(12)], NEXT));
      await tick();
      expect(await data(hub, 33)).toEqual([]);
    });

    it('lets go of what it holds at the second navigation with the log preserved too', async () => {
      const { hub, relay, panel } = setup();
      const p = panel(34);
      await tick();
      p.link.send({ type: 'setPreserveLog', value: true });
      await tick();
      relay(34).send({ ...batch(1, [nextOpened(), next(4)], NEXT), prerendering: true });
      await tick();
      const tab = (await hub.tab(34))!;
      await hub.onNavigation(34, 1010);
      await hub.onNavigation(34, 1030);
      expect(tab.heldPrerenders()).toEqual(new Map());
    });
  });

  it('keeps open connections across a clear by the user, so later frames keep their metadata', async () => {
    const { hub, relay, panel } = setup();
    const r = relay(12);
    r.send(batch(1, [opened('ws-1'), opened('ws-2'), frame(1), frame(2, 'ws-2', 'close')]));
    await tick();
    const p = panel(12);
    await tick();
    p.link.send({ type: 'clear' });
    await tick();
    expect(p.store.frames).toHaveLength(0);
    r.send(batch(2, [frame(3)]));
    await tick();
    const tab = (await hub.tab(12))!;
    expect([...tab.connections.keys()]).toEqual(['1.ws-1']);
    expect(tab.connections.get('1.ws-1')).toMatchObject({ transport: 'websocket', url: 'ws://127.0.0.1/ws' });
    expect(p.store.frames.map((f) => [f.index, f.connectionId])).toEqual([[0, '1.ws-1']]);
    expect([...p.store.sessions.value.values()]).toMatchObject([{ id: '1.ws-1', frames: 1 }]);
  });

  it('bounds the buffer, dropping the oldest frames and counting them', async () => {
    const { hub, relay, panel } = setup(new MemoryStorage(), { maxFrames: 10, maxBytes: 1e9 });
    const r = relay(9);
    for (let seq = 1; seq <= 4; seq++) r.send(batch(seq, [1, 2, 3].map((i) => frame(seq * 10 + i))));
    await tick();
    const tab = (await hub.tab(9))!;
    expect(tab.frameList().length).toBeLessThanOrEqual(10);
    expect(tab.record.dropped + tab.frameList().length).toBe(12);
    expect(tab.frameList().at(-1)!.data).toBe('{"n":43}');
    const p = panel(9);
    await tick();
    expect(p.store.status.value.dropped).toBe(tab.record.dropped);
  });

  it('tells a watching panel the new lower bound, never the whole buffer again', async () => {
    const { hub, relay, panel } = setup(new MemoryStorage(), { maxFrames: 10, maxBytes: 1e9 });
    const p = panel(15);
    await tick();
    const r = relay(15);
    r.send(batch(1, [opened(), opened('ws-2')]));
    await tick();
    const heard: HubToPanel[] = [];
    hub.acceptPort(listening(15, heard));
    await tick();
    heard.length = 0;
    // ws-2 sends 4 frames, then ws-1 keeps going: the bound drops ws-2's frames and ws-1's first ones.
    r.send(batch(2, [1, 2, 3, 4].map((n) => frame(n, 'ws-2'))));
    for (let seq = 3; seq <= 9; seq++) r.send(batch(seq, [1, 2].map((i) => frame(seq * 10 + i))));
    await tick();
    const tab = (await hub.tab(15))!;
    expect(tab.record.dropped).toBeGreaterThan(4);
    const types = heard.map((m) => m.type);
    expect(types).not.toContain('snapshot');
    const trims = heard.filter((m) => m.type === 'trim');
    expect(trims.length).toBeGreaterThan(0);
    expect(trims.at(-1)).toEqual({ type: 'trim', tabId: 15, below: tab.frameList()[0]!.index });
    // No append carries a frame below a bound the panel was already told of.
    let bound = 0;
    for (const m of heard) {
      if (m.type === 'trim') bound = m.below;
      if (m.type === 'append') expect(m.frames.filter((f) => f.index < bound)).toEqual([]);
    }
    expect(p.store.frames.map((f) => f.index)).toEqual(tab.frameList().map((f) => f.index));
    expect(p.store.framesOf('1.ws-2')).toEqual([]);
  });

  it('tells a watching panel of a regroup with the joined session only, never a snapshot', async () => {
    const { hub, relay, panel } = setup(new MemoryStorage(), undefined, [toy]);
    const p = panel(16);
    await tick();
    const heard: HubToPanel[] = [];
    hub.acceptPort(listening(16, heard));
    await tick();
    heard.length = 0;
    const r = relay(16);
    const toyFrame = (n: number, connectionId: string, json: unknown): PageToRelay => ({ ...(frame(n, connectionId) as PageFrame), direction: 'in', data: JSON.stringify(json) });
    const history: PageToRelay = { ...(opened('hist') as object), transport: 'http-json', url: 'http://127.0.0.1/history?sid=A' } as PageToRelay;
    r.send(batch(1, [history, toyFrame(1, 'hist', { toy: 'history' }), opened('ws-1'), toyFrame(2, 'ws-1', { ping: true })]));
    await tick();
    r.send(batch(2, [toyFrame(3, 'ws-1', { toy: 1, sid: 'A' }), toyFrame(4, 'ws-1', { toy: 2 })]));
    await tick();
    expect(heard.map((m) => m.type)).not.toContain('snapshot');
    const last = heard.at(-1)!;
    expect(last).toMatchObject({ type: 'append', removedSessions: ['1.ws-1'] });
    expect(last.type === 'append' && last.sessions.map((s) => [s.id, [...s.connectionIds].sort()])).toEqual([['1.hist', ['1.hist', '1.ws-1']]]);
    expect([...p.store.sessions.value.keys()]).toEqual(['1.hist']);
    // The panel's own store, fed what the hub sent, ends with the one joined session and every frame.
    const store = createPanelStore();
    applyEvent(store, { type: 'hub', message: { type: 'snapshot', tabId: 16, capture: { connections: [], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true } });
    for (const message of heard) applyEvent(store, { type: 'hub', message });
    expect(store.sessions.set.list.map((s) => [...s.connectionIds].sort())).toEqual([['1.hist', '1.ws-1']]);
    expect(store.sessions.set.list[0]!.pipeline.frames.map((f) => f.index)).toEqual([0, 1, 2, 3]);
  });

  it('answers a numbered Preserve log request in the status it sends the panel that asked; every panel of the tab gets the setting', async () => {
    const { hub, storage, relay } = setup();
    relay(18).send(batch(1, [opened(), frame(1)]));
    await tick();
    const panelOf = () => {
      const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
      const heard: HubToPanel[] = [];
      mine.onMessage.addListener((m) => heard.push(readable(m)));
      mine.postMessage({ type: 'subscribe', tabId: 18 });
      hub.acceptPort(theirs);
      return { post: (m: unknown) => mine.postMessage(m), statuses: () => heard.filter((m) => m.type === 'status') };
    };
    const asking = panelOf();
    const other = panelOf();
    await tick();
    asking.post({ type: 'setPreserveLog', value: true, requestId: 41 });
    await tick();
    expect(asking.statuses()).toEqual([expect.objectContaining({ preserveLog: true, answers: 41 })]);
    expect(other.statuses()).toEqual([expect.objectContaining({ preserveLog: true })]);
    expect(other.statuses()[0]).not.toHaveProperty('answers');
    expect((await storage.load(18))!.record.preserveLog).toBe(true);
    // The other panel turns it off: the asking panel hears it without an answer of its own.
    other.post({ type: 'setPreserveLog', value: false, requestId: 41 });
    await tick();
    expect(asking.statuses()[1]).toEqual(expect.objectContaining({ preserveLog: false }));
    expect(asking.statuses()[1]).not.toHaveProperty('answers');
    expect(other.statuses()[1]).toEqual(expect.objectContaining({ preserveLog: false, answers: 41 }));
  });

  it('keeps at most a window of frames unapplied on the way to a panel, says how many wait, and sends the rest as it applies them', async () => {
    const { hub, relay } = setup();
    const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
    const heard: HubToPanel[] = [];
    mine.onMessage.addListener((m) => heard.push(readable(m)));
    mine.postMessage({ type: 'subscribe', tabId: 17 });
    hub.acceptPort(theirs);
    await tick();
    const total = WINDOW + 5_000;
    sendFrames(relay(17), total);
    await tick();
    const appends = () => heard.filter((m): m is Extract<HubToPanel, { type: 'append' }> => m.type === 'append');
    const sent = () => appends().reduce((n, m) => n + m.frames.length, 0);
    expect(sent()).toBe(WINDOW);
    expect(Math.max(...appends().map((m) => m.frames.length))).toBeLessThanOrEqual(SLICE);
    expect(appends().at(-1)!.waiting).toBe(total - WINDOW);
    // The panel applied one slice: one more slice comes, and the count of what waits goes down.
    mine.postMessage({ type: 'applied', frames: SLICE });
    await tick();
    expect(sent()).toBe(WINDOW + SLICE);
    expect(appends().at(-1)!.waiting).toBe(total - WINDOW - SLICE);
    mine.postMessage({ type: 'applied', frames: WINDOW });
    await tick();
    // Every frame exactly once, in order.
    expect(appends().flatMap((m) => m.frames.map((f) => f.index))).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(appends().at(-1)!.waiting).toBe(0);
  });

  it('sends a big tab to a new panel as a first slice and then appends, every frame once', async () => {
    const { relay, panel } = setup();
    sendFrames(relay(18), 3 * SLICE + 7);
    await tick();
    const p = panel(18);
    await tick();
    expect(p.store.frames.map((f) => f.index)).toEqual(Array.from({ length: 3 * SLICE + 7 }, (_, i) => i));
  });

  it('bounds the buffer by the bytes frames take as JSON, not by their characters', async () => {
    // 10 frames of 1,000 control characters: 10,000 characters, but 60,000 bytes of JSON.
    const { hub, relay, panel } = setup(new MemoryStorage(), { maxFrames: 1000, maxBytes: 30_000 });
    const r = relay(13);
    const control = (n: number): PageToRelay => ({ ...(frame(n) as PageFrame), data: '\u0001'.repeat(1000) });
    r.send(batch(1, [opened(), ...Array.from({ length: 10 }, (_, i) => control(i))]));
    await tick();
    const tab = (await hub.tab(13))!;
    expect(tab.frameList().length).toBeLessThanOrEqual(4);
    expect(tab.record.dropped + tab.frameList().length).toBe(10);
    const p = panel(13);
    await tick();
    expect(p.store.link.value).toBe('live');
    expect(p.store.frames).toHaveLength(tab.frameList().length);
  });

  it('shows what the hook could not capture and how often its own code failed', async () => {
    const { relay, panel } = setup();
    const p = panel(14);
    await tick();
    const health = (degraded: string[], errors: number): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded, errors });
    const r = relay(14);
    r.send(batch(1, [health(['fetch: Response.prototype.clone was replaced before capture started'], 0)]));
    r.send(batch(2, [health(['fetch: Response.prototype.clone was replaced before capture started'], 3)]));
    await tick();
    expect(p.store.status.value).toMatchObject({ degraded: ['fetch: Response.prototype.clone was replaced before capture started'], hookErrors: 3 });
  });

  it('counts the payloads the hook did not keep for the capture budget, from running totals of each document', async () => {
    const { relay, panel } = setup();
    const p = panel(19);
    await tick();
    const health = (notKept?: number): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'health', degraded: [], errors: 0, ...(notKept !== undefined && { notKept }) });
    const r = relay(19);
    r.send(batch(1, [health(40)]));
    r.send(batch(2, [health(100)]));
    // A report of a lower total (the relay's own notice has none) takes nothing away.
    r.send(batch(3, [health()]));
    // Another document of the tab counts from its own total.
    relay(19).send(batch(1, [health(5)], 'bbbbbbbb02'));
    await tick();
    expect(p.store.status.value.notKept).toBe(105);
  });

  it('ignores frames while recording is off and counts them', async () => {
    const { hub, relay, panel } = setup();
    const p = panel(10);
    await tick();
    p.link.send({ type: 'setRecording', value: false });
    await tick();
    relay(10).send(batch(1, [opened(), frame(1), frame(2)]));
    await tick();
    expect((await hub.tab(10))!.frameList()).toHaveLength(0);
    expect(p.store.status.value).toMatchObject({ recording: false, ignored: 2 });
  });

  it('answers export requests with the stored capture', async () => {
    const { relay, panel } = setup();
    relay(11).send(batch(1, [opened(), frame(1)]));
    await tick();
    const p = panel(11);
    const reply = await p.link.requestExport();
    expect(reply.capture.frames).toHaveLength(1);
    expect(reply.capture.connections).toMatchObject([{ id: '1.ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws' }]);
  });

  describe('an answer from the panel after the worker stopped', () => {
    const REPLY = '{"type":"approval","approval_key":"k","decisions":[{"type":"approve"}]}';
    /** A relay port of tab 7 (a page document's), recording what the hub sends it. */
    const relayOf = (hub: Hub) => {
      const [mine, theirs] = memoryPortPair('relay', { id: EXT, url: 'http://127.0.0.1/', tab: { id: 7 } });
      const heard: unknown[] = [];
      mine.onMessage.addListener((m) => heard.push(m));
      hub.acceptPort(theirs);
      return { send: (b: RelayBatch) => mine.postMessage(b), answers: () => heard.filter((m) => (m as { type: string }).type === 'answer') };
    };
    /** A panel of tab 7 that sends one answer on ws-1 of the first document and records the refusals. */
    const answering = (hub: Hub) => {
      const heard: HubToPanel[] = [];
      const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
      mine.onMessage.addListener((m) => heard.push(readable(m)));
      hub.acceptPort(theirs);
      mine.postMessage({ type: 'subscribe', tabId: 7 });
      mine.postMessage({ type: 'answer', answerId: 3, connectionId: '1.ws-1', data: REPLY });
      return { refusals: () => heard.filter((m) => m.type === 'answerRefused'), receipts: () => heard.filter((m) => m.type === 'answerReceived') };
    };
    /** The tab as a worker stopped after the relay's last batch left it: stored, with no relay port. */
    async function stoppedWorker(): Promise<MemoryStorage> {
      const storage = new MemoryStorage();
      const before = new Hub({ storage, registry: [], extensionId: EXT, extensionOrigin: ORIGIN });
      relayOf(before).send(batch(1, [opened()]));
      await tick();
      return storage;
    }

    it("wakes the relay of the socket's document and sends the answer through it once it connects", async () => {
      const storage = await stoppedWorker();
      const relays: Array<ReturnType<typeof relayOf>> = [];
      const woken: Array<[number, string]> = [];
      const hub: Hub = new Hub({
        storage,
        registry: [],
        extensionId: EXT,
        extensionOrigin: ORIGIN,
        // What the woken relay does (Relay.wake): connect, and name its document with an empty batch.
        wakeRelay: (tabId, document) => {
          woken.push([tabId, document]);
          const relay = relayOf(hub);
          relays.push(relay);
          relay.send(batch(2, [], document));
        },
      });
      const panel = answering(hub);
      await tick(10);
      expect(woken).toEqual([[7, 'aaaaaaaa01']]);
      expect(relays[0]?.answers()).toEqual([{ type: 'answer', connectionId: 'ws-1', data: REPLY }]);
      expect(panel.refusals()).toEqual([]);
      expect(panel.receipts()).toEqual([{ type: 'answerReceived', answerId: 3 }]);
    });

    it('refuses it, saying why, when no relay connects in time; without a way to wake one, at once', async () => {
      const storage = await stoppedWorker();
      vi.useFakeTimers();
      try {
        const woken: string[] = [];
        const hub = new Hub({ storage, registry: [], extensionId: EXT, extensionOrigin: ORIGIN, wakeRelay: (_tab, document) => woken.push(document) });
        const panel = answering(hub);
        await vi.advanceTimersByTimeAsync(4_000);
        expect(woken).toEqual(['aaaaaaaa01']);
        expect(panel.refusals()).toEqual([]);
        // Acknowledged on reading, before the wait: the panel knows the hub has it.
        expect(panel.receipts()).toEqual([{ type: 'answerReceived', answerId: 3 }]);
        await vi.advanceTimersByTimeAsync(1_500);
        expect(panel.refusals()).toEqual([{ type: 'answerRefused', answerId: 3, reason: expect.stringContaining('not connected to the inspector any more') }]);
      } finally {
        vi.useRealTimers();
      }
      const unwakeable = answering(new Hub({ storage, registry: [], extensionId: EXT, extensionOrigin: ORIGIN }));
      await tick(10);
      expect(unwakeable.refusals()).toEqual([{ type: 'answerRefused', answerId: 3, reason: expect.stringContaining('not connected to the inspector any more') }]);
    });
  });
});
