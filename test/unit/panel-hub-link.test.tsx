// The full panel on the real hub over in-memory ports: a relay sends a demo scenario's frames, the hub
// groups them, and the mounted panel renders them; after the port drops it reconnects and resubscribes.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { PAGE_MESSAGE_TAG, type PageToRelay } from '../../src/bridge/page-messages';
import { memoryPortPair, type MemoryPort } from '../../src/bridge/memory-port';
import type { RelayBatch } from '../../src/bridge/relay-to-hub';
import { Hub } from '../../src/hub/hub';
import { MemoryStorage } from '../../src/hub/storage';
import { protocols } from '../../src/protocols/registry';
import { mountPanel, type MountedPanel } from '../../src/panel/mount';
import { connectHub, RECONNECT_MS, type HubLink } from '../../src/panel/hub-link';
import * as normal from '../../demo/scenarios/normal';
import { scenarioFrames } from './panel-support';

const EXT = 'ext-id';
const ORIGIN = 'chrome-extension://ext-id/';
const TAB = 5;
// Waits, then applies what reached the link (it applies messages once per animation frame).
const settle = (ms = 0) =>
  act(async () => {
    await new Promise<void>((r) => setTimeout(r, ms));
    link?.flush();
  });

let panel: MountedPanel | undefined;
let link: HubLink | undefined;
afterEach(() => {
  link?.close();
  if (panel) act(() => panel?.unmount());
});

describe('panel ↔ hub', () => {
  it('renders what the page received and comes back after the port drops', async () => {
    const hub = new Hub({ storage: new MemoryStorage(), registry: protocols, extensionId: EXT, extensionOrigin: ORIGIN });
    const [relay, relayEnd] = memoryPortPair('relay', { id: EXT, url: 'http://127.0.0.1/chat', tab: { id: TAB } });
    hub.acceptPort(relayEnd);
    const messages: PageToRelay[] = [
      { [PAGE_MESSAGE_TAG]: 1, type: 'connection', id: 'ws-1', transport: 'websocket', url: 'ws://127.0.0.1/ws', time: 1 },
      ...scenarioFrames(normal, 'none').map(
        (f): PageToRelay => ({ [PAGE_MESSAGE_TAG]: 1, type: 'frame', connectionId: 'ws-1', time: f.time, direction: f.direction, kind: 'message', data: f.data }),
      ),
    ];
    const batch: RelayBatch = { type: 'batch', document: 'aaaaaaaa01', seq: 1, messages, dropped: 0, rejected: 0 };
    relay.postMessage(batch);
    await settle();

    const root = document.createElement('div');
    document.body.append(root);
    let hubSide: MemoryPort | undefined;
    const sent: string[] = [];
    act(() => {
      // The hub link is the panel's transport, as in the extension's panel page.
      panel = mountPanel(root, { tabId: TAB, transport: { send: (m) => link?.send(m) } });
    });
    const p = panel!;
    link = connectHub({
      tabId: TAB,
      connect: () => {
        const [mine, theirs] = memoryPortPair('panel', { id: EXT, url: `${ORIGIN}panel.html` });
        hubSide = theirs;
        hub.acceptPort(theirs);
        const post = mine.postMessage.bind(mine);
        mine.postMessage = (m: unknown) => {
          sent.push((m as { type: string }).type);
          post(m);
        };
        return mine;
      },
      onMessage: p.receive,
      onLink: p.setLink,
    });
    await settle();
    expect(p.store.link.value).toBe('live');
    const indicator = () => root.querySelector('[data-testid="link"]');
    expect([indicator()?.getAttribute('data-state'), indicator()?.getAttribute('data-reconnects')]).toEqual(['live', '0']);
    expect(p.store.log.all()).toHaveLength(messages.length - 1);
    expect(root.querySelector('[data-testid="frame-count"]')?.getAttribute('data-count')).toBe(String(messages.length - 1));
    expect(root.querySelector('.session-protocol')?.textContent).toBe('flat-block');
    expect(root.querySelector('.group-title')?.textContent).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');

    act(() => hubSide?.disconnect());
    await settle();
    expect(p.store.link.value).toBe('disconnected');
    expect(indicator()?.textContent).toBe('reconnecting…');
    await settle(RECONNECT_MS + 50);
    // Besides the subscriptions, only acknowledgements of applied frames (the hub's flow control).
    expect(sent.filter((type) => type !== 'applied')).toEqual(['subscribe', 'subscribe']);
    expect(sent).toContain('applied');
    expect(p.store.link.value).toBe('live');
    expect([indicator()?.getAttribute('data-state'), indicator()?.getAttribute('data-reconnects')]).toEqual(['live', '1']);
    expect(p.store.log.all()).toHaveLength(messages.length - 1);
    expect(root.querySelector('.group-title')?.textContent).toBe('Tìm kiếm thông tin thị trường phiên 25/03/2026');
    root.remove();
  });
});
