// A plain client of the hub for the hub's own tests: a store of signals fed one hub message at a time
// inside `batch()`. (The panel has its own store in src/panel/store; this one stays small on purpose.)
import { batch, signal } from '@preact/signals';
import type { Connection, Frame } from '../../model/frame';
import type { HubToPanel, TabStatus } from '../../bridge/hub-to-panel';
import type { SessionSummary } from '../../bridge/shared-schemas';
import { unpackFrames } from '../../bridge/packed-frames';

export type LinkState = 'connecting' | 'live' | 'disconnected';

export const EMPTY_STATUS: TabStatus = { dropped: 0, cut: 0, rejected: 0, ignored: 0, failed: 0, preserveLog: false, recording: true };

export function createStore() {
  const frames: Frame[] = [];
  const byConnection = new Map<string, Frame[]>();
  return {
    link: signal<LinkState>('connecting'),
    reconnects: signal(0),
    tabId: signal<number | undefined>(undefined),
    status: signal<TabStatus>(EMPTY_STATUS),
    connections: signal<ReadonlyMap<string, Connection>>(new Map()),
    sessions: signal<ReadonlyMap<string, SessionSummary>>(new Map()),
    /** Bumped on every change of `frames`; read it to subscribe to frame changes. */
    framesVersion: signal(0),
    frames: frames as readonly Frame[],
    framesOf: (connectionId: string): readonly Frame[] => byConnection.get(connectionId) ?? [],
    /** Internal mutable views used by `apply`. */
    _mut: { frames, byConnection },
  };
}

export type PanelStore = ReturnType<typeof createStore>;

export function apply(store: PanelStore, message: HubToPanel): void {
  if (message.type === 'packed') {
    const { packed, ...rest } = message;
    return apply(store, { ...rest, type: 'append', frames: unpackFrames(packed) });
  }
  batch(() => {
    switch (message.type) {
      case 'snapshot': {
        const { type: _t, tabId, capture, sessions, ...status } = message;
        resetFrames(store);
        store.tabId.value = tabId;
        store.status.value = status;
        store.connections.value = new Map(capture.connections.map((c) => [c.id, c]));
        store.sessions.value = new Map(sessions.map((s) => [s.id, s]));
        addFrames(store, capture.frames);
        store.link.value = 'live';
        return;
      }
      case 'append': {
        if (message.connections.length > 0) {
          const next = new Map(store.connections.value);
          for (const c of message.connections) next.set(c.id, c);
          store.connections.value = next;
        }
        if (message.sessions.length > 0 || message.removedSessions) {
          const next = new Map(store.sessions.value);
          for (const id of message.removedSessions ?? []) next.delete(id);
          for (const s of message.sessions) next.set(s.id, s);
          store.sessions.value = next;
        }
        addFrames(store, message.frames);
        return;
      }
      case 'status': {
        const { type: _t, ...status } = message;
        store.status.value = status;
        return;
      }
      case 'trim':
        trimFrames(store, message.below);
        return;
      case 'cleared':
        resetFrames(store);
        store.connections.value = new Map();
        store.sessions.value = new Map();
        return;
      case 'export':
        return; // answered through the export request's own listener
    }
  });
}

function resetFrames(store: PanelStore): void {
  store._mut.frames.length = 0;
  store._mut.byConnection.clear();
  store.framesVersion.value++;
}

function addFrames(store: PanelStore, frames: readonly Frame[]): void {
  if (frames.length === 0) return;
  for (const f of frames) {
    store._mut.frames.push(f);
    let list = store._mut.byConnection.get(f.connectionId);
    if (!list) store._mut.byConnection.set(f.connectionId, (list = []));
    list.push(f);
  }
  store.framesVersion.value++;
}

function trimFrames(store: PanelStore, below: number): void {
  const keep = (f: Frame) => f.index >= below;
  const frames = store._mut.frames;
  const drop = frames.findIndex(keep);
  frames.splice(0, drop < 0 ? frames.length : drop);
  for (const [id, list] of store._mut.byConnection) {
    const rest = list.filter(keep);
    if (rest.length > 0) store._mut.byConnection.set(id, rest);
    else store._mut.byConnection.delete(id);
  }
  store.framesVersion.value++;
}
