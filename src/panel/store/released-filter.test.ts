// The timeline filter's `type:` term reads a page's late abort as the row names it (analysis/page-release.ts).
import { describe, expect, it } from 'vitest';
import { createStore } from './store';
import { applyEvent } from './apply';
import { releaseThenStopCapture } from '../../analysis/test-support';

describe('the timeline filter', () => {
  it('finds the page\'s releases by `type:released` and only its stops by `type:stopped`, as the rows name them', () => {
    const { connections, frames } = releaseThenStopCapture();
    const store = createStore();
    applyEvent(store, { type: 'hub', message: { type: 'snapshot', tabId: 4, capture: { connections, frames: [] }, sessions: [], dropped: 0, cut: 0, rejected: 0, ignored: 0, preserveLog: false, recording: true } });
    applyEvent(store, { type: 'hub', message: { type: 'append', frames, connections: [], sessions: [] } });
    expect(store.sessions.set.list.map((s) => s.pipeline.protocol)).toEqual(['openai-chat', 'openai-chat']);
    const shown = (query: string) => {
      applyEvent(store, { type: 'setQuery', query });
      return store.filters.visible.value.list.map((p) => store.log.indexAt(p));
    };
    expect(shown('type:released')).toEqual([3]);
    expect(shown('type:stopped')).toEqual([5]);
    expect(shown('kind:error')).toEqual([3, 5]);
  });
});
