// The timeline filter's `type:` term reads a page's late abort as the row names it (analysis/page-release.ts).
import { describe, expect, it } from 'vitest';
import type { Connection, Frame } from '../../model/frame';
import { createStore } from './store';
import { applyEvent } from './apply';

const ABORT = 'AbortError: signal is aborted without reason';

describe('the timeline filter', () => {
  it('finds the page\'s releases by `type:released` and only its stops by `type:stopped`, as the rows name them', () => {
    const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
    const connections: Connection[] = [
      { id: 'a', transport: 'fetch-stream', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } },
      { id: 'b', transport: 'fetch-stream', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } },
    ];
    const payloads: [string, Frame['kind'], string][] = [
      ['a', 'message', chunk({ role: 'assistant', content: 'Hello' })],
      ['a', 'message', chunk({}, 'stop')],
      ['a', 'message', '[DONE]'],
      ['a', 'error', ABORT],
      ['b', 'message', chunk({ role: 'assistant', content: 'Hel' })],
      ['b', 'error', ABORT],
    ];
    const frames: Frame[] = payloads.map(([connectionId, kind, data], index) => ({ index, connectionId, time: 1000 + index, direction: 'in', kind, data }));
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
