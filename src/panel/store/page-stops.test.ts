import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_PAGE, type Connection, type Frame } from '../../model/frame';
import type { ViewModel } from '../../model/view';
import { SessionPipeline } from '../../analysis/pipeline';
import { protocols } from '../../protocols/registry';
import type { ProtocolId } from '../../protocols/types';
import type { PanelSession } from './session-set';
import { releasedByPage } from './page-stops';
import { createStore } from './store';
import { applyEvent } from './apply';

const ABORT = 'AbortError: signal is aborted without reason';

/** A panel session over a real pipeline of `protocol` (none: left to detection), as the store keeps one. */
function session(protocol?: ProtocolId): { session: PanelSession; add(frame: Omit<Frame, 'index' | 'time' | 'direction'>): Frame } {
  const pipeline = new SessionPipeline(protocols, protocol ? { protocol, keepFrames: false } : { keepFrames: false });
  let index = 0;
  return {
    session: { id: 's', connectionIds: ['c1'], pipeline } as unknown as PanelSession,
    add(f) {
      const frame: Frame = { index, time: index, direction: 'in', ...f };
      index++;
      pipeline.append(frame);
      return frame;
    },
  };
}

const agui = (connectionId: string, ...events: object[]) => events.map((e) => ({ connectionId, kind: 'message' as const, data: JSON.stringify(e) }));

describe('the page ending a connection, as the timeline names it', () => {
  it('after the run finished is a release: the rendering placed no stop', () => {
    const s = session('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' })) s.add(f);
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: ABORT });
    expect(releasedByPage(s.session, abort)).toBe(true);
  });

  it('mid-run is a stop, which the rendering shows', () => {
    const s = session('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hel' })) s.add(f);
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: ABORT });
    expect(releasedByPage(s.session, abort)).toBe(false);
    expect(s.session.pipeline.view().items.some((i) => i.kind === 'error' && i.stoppedByPage && i.frames.includes(abort.index))).toBe(true);
  });

  it('a body cancelled after [DONE] is a release; cancelled mid-answer, a stop', () => {
    const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
    const whole = session('openai-chat');
    for (const data of [chunk({ role: 'assistant', content: 'Hello' }), chunk({}, 'stop'), '[DONE]']) whole.add({ connectionId: 'c1', kind: 'message', data });
    expect(releasedByPage(whole.session, whole.add({ connectionId: 'c1', kind: 'close', data: CANCELLED_BY_PAGE }))).toBe(true);
    const cut = session('openai-chat');
    cut.add({ connectionId: 'c1', kind: 'message', data: chunk({ role: 'assistant', content: 'Hel' }) });
    expect(releasedByPage(cut.session, cut.add({ connectionId: 'c1', kind: 'close', data: CANCELLED_BY_PAGE }))).toBe(false);
  });

  it('reads the view again once the session grew: a later turn stopped mid-answer is a stop', () => {
    const s = session('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' })) s.add(f);
    const first = s.add({ connectionId: 'c1', kind: 'error', data: ABORT });
    expect(releasedByPage(s.session, first)).toBe(true);
    for (const f of agui('c2', { type: 'RUN_STARTED', threadId: 't', runId: 'r2' }, { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' })) s.add(f);
    const second = s.add({ connectionId: 'c2', kind: 'error', data: ABORT });
    expect(releasedByPage(s.session, second)).toBe(false);
    expect(releasedByPage(s.session, first)).toBe(true);
  });

  it('is never said of a connection the server closed or the network failed, nor of a message', () => {
    const s = session('ag-ui');
    const [started] = agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    const message = s.add(started!);
    s.add(agui('c1', { type: 'RUN_FINISHED', threadId: 't', runId: 'r' })[0]!);
    expect(releasedByPage(s.session, message)).toBe(false);
    expect(releasedByPage(s.session, s.add({ connectionId: 'c1', kind: 'close', data: '' }))).toBe(false);
    expect(releasedByPage(s.session, s.add({ connectionId: 'c1', kind: 'error', data: 'TypeError: network error' }))).toBe(false);
  });

  it('is not said while no protocol folds the session: the raw fold places no stop at all', () => {
    const s = session();
    s.add({ connectionId: 'c1', kind: 'message', data: 'hello' });
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: ABORT });
    expect(s.session.pipeline.definition).toBeUndefined();
    expect(releasedByPage(s.session, abort)).toBe(false);
    expect(releasedByPage(undefined, abort)).toBe(false);
  });

  it('finds a stop the fold placed inside a group (a step or a sub-agent)', () => {
    const abort: Frame = { index: 7, time: 7, direction: 'in', connectionId: 'c1', kind: 'error', data: ABORT };
    const stop = { kind: 'error' as const, id: 'e', frames: [7], message: 'stopped', stoppedByPage: true as const };
    const view = { protocol: 'ag-ui', items: [{ kind: 'group', id: 'g', frames: [1], summary: 'Step 1', done: false, open: true, items: [{ kind: 'group', id: 'g2', frames: [2], summary: 'sub', done: false, open: true, items: [stop] }] }] } as unknown as ViewModel;
    const withStop = { id: 's', connectionIds: ['c1'], pipeline: { definition: protocols[0], frameCount: 8, view: () => view } } as unknown as PanelSession;
    expect(releasedByPage(withStop, abort)).toBe(false);
    const empty = { protocol: 'ag-ui', items: [] } as unknown as ViewModel;
    const without = { id: 's', connectionIds: ['c1'], pipeline: { definition: protocols[0], frameCount: 8, view: () => empty } } as unknown as PanelSession;
    expect(releasedByPage(without, abort)).toBe(true);
  });
});

describe('the timeline filter', () => {
  it('finds the page\'s releases by `type:released` and only its stops by `type:stopped`, as the rows name them', () => {
    const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
    const connections: Connection[] = [
      { id: 'a', transport: 'fetch-stream', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } },
      { id: 'b', transport: 'fetch-stream', url: 'http://127.0.0.1/v1/chat/completions', responseHeaders: { 'content-type': 'text/event-stream' } },
    ];
    const payloads: [string, string][] = [
      ['a', chunk({ role: 'assistant', content: 'Hello' })],
      ['a', chunk({}, 'stop')],
      ['a', '[DONE]'],
      ['b', chunk({ role: 'assistant', content: 'Hel' })],
    ];
    const frames: Frame[] = payloads.map(([connectionId, data], index) => ({ index, connectionId, time: 1000 + index, direction: 'in', kind: 'message', data }));
    frames.splice(3, 0, { index: 0, connectionId: 'a', time: 0, direction: 'in', kind: 'error', data: ABORT });
    frames.push({ index: 0, connectionId: 'b', time: 0, direction: 'in', kind: 'error', data: ABORT });
    frames.forEach((f, i) => Object.assign(f, { index: i, time: 1000 + i }));
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
