// A live stream that ends before any frame decided its protocol: the panel takes the best guess, as
// `check` does for the export, instead of showing the session raw as "unknown".
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../../model/frame';
import type { HubToPanel } from '../../bridge/hub-to-panel';
import { createStore, type PanelStore } from './store';
import { applyEvent } from './apply';
import { splitSessions } from '../../analysis/sessions';
import { protocols } from '../../protocols/registry';

const connections: Connection[] = [{ id: 'a', transport: 'sse', url: 'http://127.0.0.1/chat' }];
const start: Frame = { index: 0, connectionId: 'a', time: 1000, direction: 'in', kind: 'message', data: '{"type":"start"}' };
const close: Frame = { index: 1, connectionId: 'a', time: 1001, direction: 'in', kind: 'close', data: '' };

function hub(store: PanelStore, message: HubToPanel): void {
  applyEvent(store, { type: 'hub', message });
}

function live(frames: Frame[]): PanelStore {
  const store = createStore();
  hub(store, { type: 'snapshot', tabId: 4, capture: { connections, frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true });
  hub(store, { type: 'append', frames, connections: [], sessions: [] });
  return store;
}

describe('a live stream that ends undecided', () => {
  it('stays unknown while its connection is open', () => {
    const store = live([start]);
    expect(store.sessions.set.list.map((s) => s.pipeline.protocol)).toEqual(['unknown']);
  });

  it('takes the protocol check gives the same frames once its connection closes, with its rendering', () => {
    const store = live([start, close]);
    const [session] = store.sessions.set.list;
    const [fromFile] = splitSessions({ connections, frames: [start, close] }, protocols);
    fromFile!.pipeline.finish();
    expect(fromFile!.pipeline.protocol).toBe('aisdk-ui');
    expect(session!.pipeline.protocol).toBe(fromFile!.pipeline.protocol);
    expect(session!.pipeline.view().protocol).toBe('aisdk-ui');
    // The panel's track follows the guessed protocol too.
    expect(session!.trackProtocol).toBe('aisdk-ui');
  });
});
