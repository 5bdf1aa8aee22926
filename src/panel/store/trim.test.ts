// The hub's frame bound reaches the panel as a trim: the panel drops the frames below it, the
// sessions left without frames and their markers, and keeps everything else as it was.
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import { createStore, type PanelStore } from './store';
import { applyEvent } from './apply';

const connections: Connection[] = ['a', 'b', 'c'].map((id) => ({ id, transport: 'websocket', url: `ws://127.0.0.1/${id}` }));
/** a: 0–2, b: 3, 4, 10, 11, c: 5–9. */
const owner = (index: number) => (index <= 2 ? 'a' : index <= 4 || index >= 10 ? 'b' : 'c');
const frames: Frame[] = Array.from({ length: 12 }, (_, index) => ({ index, connectionId: owner(index), time: 1000 + index, direction: 'in', kind: 'message', data: `{"n":${index}}` }));

function hub(store: PanelStore, message: HubToPanel): void {
  applyEvent(store, { type: 'hub', message });
}

function live(): PanelStore {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 4, capture: { connections, frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  hub(store, { type: 'append', frames, connections: [], sessions: [] });
  return store;
}

describe('trim from the hub', () => {
  it('drops the frames below the bound, and the sessions left without frames', () => {
    const store = live();
    expect(store.sessions.set.list.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    hub(store, { type: 'trim', tabId: 4, below: 4 });
    expect(store.log.all().map((f) => f.index)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(store.log.all()).toHaveLength(8);
    expect([store.log.positionOf(4), store.log.positionOf(9), store.log.positionOf(3)]).toEqual([0, 5, undefined]);
    expect(store.log.byIndex(2)).toBeUndefined();
    expect(store.log.byIndex(10)?.data).toBe('{"n":10}');
    expect(store.log.framesOf('a')).toEqual([]);
    expect(store.log.framesOf('b').map((f) => f.index)).toEqual([4, 10, 11]);
    expect(store.sessions.set.list.map((s) => s.id)).toEqual(['b', 'c']);
    expect(store.sessions.set.get('a')).toBeUndefined();
    expect(store.sessions.set.ofConnection('a')).toBeUndefined();
    // b lost a frame: folded again from the ones it kept. c lost none and was not touched.
    expect(store.sessions.set.get('b')?.pipeline.frames.map((f) => f.index)).toEqual([4, 10, 11]);
    expect(store.sessions.set.get('c')?.pipeline.frames.map((f) => f.index)).toEqual([5, 6, 7, 8, 9]);
    // The connections stay: later frames of an open one still have their url.
    expect(store.connections.value.size).toBe(3);
  });

  it('keeps the filtered list in step with the positions that moved', () => {
    const store = live();
    applyEvent(store, { type: 'selectSession', id: 'b' });
    expect(store.filters.visible.value.list.map((p) => store.log.indexAt(p))).toEqual([3, 4, 10, 11]);
    hub(store, { type: 'trim', tabId: 4, below: 4 });
    expect(store.filters.visible.value.list.map((p) => store.log.indexAt(p))).toEqual([4, 10, 11]);
    hub(store, { type: 'append', frames: [{ ...frames[11]!, index: 12 }], connections: [], sessions: [] });
    expect(store.filters.visible.value.list.map((p) => store.log.indexAt(p))).toEqual([4, 10, 11, 12]);
  });

  it('keeps the selection that is still in range and lets go of the one that is not', () => {
    const store = live();
    applyEvent(store, { type: 'selectFrame', index: 7 });
    hub(store, { type: 'trim', tabId: 4, below: 4 });
    expect(store.selection.frame.value).toBe(7);
    expect(store.selection.session.value).toBe('c');

    const other = live();
    applyEvent(other, { type: 'selectSession', id: 'a' });
    applyEvent(other, { type: 'selectFrame', index: 1 });
    hub(other, { type: 'trim', tabId: 4, below: 4 });
    expect(other.selection.frame.value).toBeUndefined();
    expect(other.selection.scope.value).toBeUndefined();
    expect(other.scrub.live.value).toBe(true);
  });

  it('ignores a trim for another tab, and one below every frame', () => {
    const store = live();
    hub(store, { type: 'trim', tabId: 5, below: 8 });
    hub(store, { type: 'trim', tabId: 4, below: 0 });
    expect(store.log.all()).toHaveLength(12);
    expect(store.sessions.set.list).toHaveLength(3);
  });

  it('empties the log when every frame is below the bound', () => {
    const store = live();
    hub(store, { type: 'trim', tabId: 4, below: 12 });
    expect(store.log.all()).toEqual([]);
    expect(store.sessions.set.list).toEqual([]);
    expect(store.filters.visible.value.count).toBe(0);
  });
});
