// While a file is shown, the tab's new frames are counted for the toolbar ("N new frames on the tab"),
// started again by a clear of the tab, and the count goes once the panel is back on the tab.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { EMPTY_STATUS, createStore } from './store';
import { applyEvent } from './apply';

const frame = (index: number): Frame => ({ index, connectionId: '1.ws', time: 1000 + index, direction: 'in', kind: 'message', data: `{"n":${index}}` });
const append = (...frames: Frame[]) => ({ type: 'append' as const, connections: [], frames, sessions: [] });

describe('the tab news while a file is shown', () => {
  it('counts the tab frames that arrive, restarts on a clear of the tab and is gone back on the tab', () => {
    const store = createStore();
    const snapshot = { type: 'snapshot' as const, tabId: 3, capture: { connections: [{ id: '1.ws', transport: 'websocket' as const }], frames: [frame(0)] }, sessions: [], ...EMPTY_STATUS };
    applyEvent(store, { type: 'hub', message: snapshot });
    applyEvent(store, { type: 'hub', message: append(frame(1)) });
    expect(store.toolbar.tabNews.value).toBe(0);
    applyEvent(store, { type: 'importCapture', capture: { connections: [{ id: 'f', transport: 'file' }], frames: [{ ...frame(0), connectionId: 'f' }] }, fileName: 'a.json' });
    expect(store.source.value).toBe('file');
    applyEvent(store, { type: 'hub', message: append(frame(2), frame(3)) });
    applyEvent(store, { type: 'hub', message: append(frame(4)) });
    expect(store.toolbar.tabNews.value).toBe(3);
    // The file stays as it was.
    expect(store.log.length).toBe(1);
    applyEvent(store, { type: 'hub', message: { type: 'cleared', tabId: 3 } });
    expect(store.toolbar.tabNews.value).toBe(0);
    applyEvent(store, { type: 'hub', message: append(frame(0)) });
    expect(store.toolbar.tabNews.value).toBe(1);
    applyEvent(store, { type: 'returnToTab' });
    applyEvent(store, { type: 'hub', message: { ...snapshot, capture: { ...snapshot.capture, frames: [frame(0)] } } });
    expect(store.source.value).toBe('hub');
    expect(store.toolbar.tabNews.value).toBe(0);
  });
});
