// One frame the panel fails on never stops the frames after it in the same hub message: each frame
// is added on its own, and failures are counted and shown in the toolbar.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../src/model/frame';
import { createStore } from '../../src/panel/store/store';
import { Toolbar } from '../../src/panel/components/Toolbar';
import { append, dispatch, emptySnapshot, mount, unmount } from './panel-support';

const frames: Frame[] = Array.from({ length: 250 }, (_, index) => ({ index, connectionId: 'ws', time: index, direction: 'in', kind: 'message', data: `{"n":${index}}` }));

describe('panel ingest of a batch', () => {
  it('keeps all 250 frames of a batch when the panel fails on one in the middle, and shows the failure', () => {
    const store = createStore();
    const sessions = store.sessions.set;
    const append0 = sessions.append.bind(sessions);
    // A fault in the panel's own code on frame 50 (the fold, the router or the index).
    sessions.append = (frame, connections) => {
      if (frame.index === 50) throw new TypeError('Cannot convert object to primitive value');
      return append0(frame, connections);
    };
    dispatch(store, emptySnapshot(), append(frames));
    expect(store.log.all().map((f) => f.index)).toEqual(frames.map((f) => f.index));
    // The session's fold went on after the frame it failed on (its frames are the log's, all 250).
    expect(sessions.list[0]?.pipeline.frameCount).toBe(249);
    expect(store.toolbar.failed.value).toBe(1);

    const container = mount(<Toolbar store={store} transport={undefined} onExport={() => undefined} />);
    expect(container.querySelector('[data-testid="failed"]')?.textContent).toBe('1 failed');
    // The hub's own count adds to it.
    dispatch(store, { type: 'hub', message: { type: 'status', dropped: 0, cut: 0, rejected: 0, ignored: 0, failed: 2, preserveLog: false, recording: true } });
    expect(container.querySelector('[data-testid="failed"]')?.textContent).toBe('3 failed');
    unmount(container);
  });
});
