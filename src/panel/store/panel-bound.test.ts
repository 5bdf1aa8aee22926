// The live panel's own memory bound: past it the oldest frames go, counted, while the sessions keep
// what they rendered and found from every frame (no fold started again mid-stream).
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import { createStore, type PanelStore } from './store';
import { applyEvent } from './apply';
import { frameCost } from './panel-bound';

const connection: Connection = { id: '1.1', transport: 'websocket', url: 'ws://127.0.0.1/agent' };
const payloads = [
  '{"type":"RUN_STARTED","threadId":"t1","runId":"r1"}',
  '{"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"}',
  ...Array.from({ length: 2_000 }, (_, n) => `{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"w${n} "}`),
];
const frames: Frame[] = payloads.map((data, index) => ({ index, connectionId: connection.id, time: 1000 + index, direction: 'in', kind: 'message', data }));
const BOUND = 100_000;

function hub(store: PanelStore, message: HubToPanel): void {
  applyEvent(store, { type: 'hub', message });
}

function fed(bound = { maxBytes: BOUND, keep: 0.75 }): PanelStore {
  const store = createStore({ bound });
  hub(store, { type: 'snapshot', tabId: 4, capture: { connections: [connection], frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  for (let at = 0; at < frames.length; at += 100) hub(store, { type: 'append', frames: frames.slice(at, at + 100), connections: [], sessions: [] });
  return store;
}

const shownText = (store: PanelStore) => {
  const item = store.sessions.view.value?.view.items.find((i) => i.kind === 'text');
  return item && 'text' in item ? item.text : undefined;
};

describe('the panel memory bound', () => {
  it('keeps the newest frames within the bound and counts every frame it let go', () => {
    const store = fed();
    const held = store.log.all().reduce((n, f) => n + frameCost(f.data.length), 0);
    expect(held).toBeLessThanOrEqual(BOUND);
    expect(store.log.heldBytes).toBe(held);
    expect(store.log.all().at(-1)?.index).toBe(frames.length - 1);
    // Nothing is lost without a count: what the panel holds plus what it let go is every frame.
    expect(store.log.length + store.toolbar.letGo.value).toBe(frames.length);
    expect(store.log.indexAt(0)).toBe(store.toolbar.letGo.value);
  });

  it('renders and finds what it did before letting frames go', () => {
    const store = fed();
    const unbounded = fed({ maxBytes: Number.POSITIVE_INFINITY, keep: 1 });
    expect(unbounded.toolbar.letGo.value).toBe(0);
    expect(shownText(store)).toBe(shownText(unbounded));
    expect(shownText(store)?.startsWith('w0 w1 ')).toBe(true);
    expect(store.sessions.view.value?.findings).toEqual(unbounded.sessions.view.value?.findings);
  });

  it('starts counting afresh when the tab is cleared', () => {
    const store = fed();
    expect(store.toolbar.letGo.value).toBeGreaterThan(0);
    hub(store, { type: 'cleared', tabId: 4 });
    expect(store.toolbar.letGo.value).toBe(0);
  });

  it('never bounds a file the user opened: nothing stands behind it', () => {
    const store = createStore({ bound: { maxBytes: BOUND, keep: 0.75 } });
    applyEvent(store, { type: 'importCapture', capture: { connections: [connection], frames }, fileName: 'big.json' });
    expect(store.log.all()).toHaveLength(frames.length);
    expect(store.toolbar.letGo.value).toBe(0);
  });
});
