import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_PAGE, type Frame } from '../model/frame';
import type { ViewModel } from '../model/view';
import { SessionPipeline } from './pipeline';
import { protocols } from '../protocols/registry';
import type { ProtocolId } from '../protocols/types';
import { releasedByPage } from './page-release';
import { chunkData, PAGE_ABORT } from './test-support';

/** A real pipeline of `protocol` (none: left to detection), keeping no frames, as the panel's are. */
function pipelineOf(protocol?: ProtocolId): { pipeline: SessionPipeline; add(frame: Omit<Frame, 'index' | 'time' | 'direction'>): Frame } {
  const pipeline = new SessionPipeline(protocols, protocol ? { protocol, keepFrames: false } : { keepFrames: false });
  let index = 0;
  return {
    pipeline,
    add(f) {
      const frame: Frame = { index, time: index, direction: 'in', ...f };
      index++;
      pipeline.append(frame);
      return frame;
    },
  };
}

const agui = (connectionId: string, ...events: object[]) => events.map((e) => ({ connectionId, kind: 'message' as const, data: JSON.stringify(e) }));

describe('the page ending a connection, as the timeline and the OpenTelemetry export name it', () => {
  it('after the run finished is a release: the rendering placed no stop', () => {
    const s = pipelineOf('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' })) s.add(f);
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: PAGE_ABORT });
    expect(releasedByPage(s.pipeline, abort)).toBe(true);
  });

  it('mid-run is a stop, which the rendering shows', () => {
    const s = pipelineOf('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hel' })) s.add(f);
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: PAGE_ABORT });
    expect(releasedByPage(s.pipeline, abort)).toBe(false);
    expect(s.pipeline.view().items.some((i) => i.kind === 'error' && i.stoppedByPage && i.frames.includes(abort.index))).toBe(true);
  });

  it('a body cancelled after [DONE] is a release; cancelled mid-answer, a stop', () => {
    const whole = pipelineOf('openai-chat');
    for (const data of [chunkData({ role: 'assistant', content: 'Hello' }), chunkData({}, 'stop'), '[DONE]']) whole.add({ connectionId: 'c1', kind: 'message', data });
    expect(releasedByPage(whole.pipeline, whole.add({ connectionId: 'c1', kind: 'close', data: CANCELLED_BY_PAGE }))).toBe(true);
    const cut = pipelineOf('openai-chat');
    cut.add({ connectionId: 'c1', kind: 'message', data: chunkData({ role: 'assistant', content: 'Hel' }) });
    expect(releasedByPage(cut.pipeline, cut.add({ connectionId: 'c1', kind: 'close', data: CANCELLED_BY_PAGE }))).toBe(false);
  });

  it('reads the view again once the session grew: a later turn stopped mid-answer is a stop', () => {
    const s = pipelineOf('ag-ui');
    for (const f of agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' })) s.add(f);
    const first = s.add({ connectionId: 'c1', kind: 'error', data: PAGE_ABORT });
    expect(releasedByPage(s.pipeline, first)).toBe(true);
    for (const f of agui('c2', { type: 'RUN_STARTED', threadId: 't', runId: 'r2' }, { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' })) s.add(f);
    const second = s.add({ connectionId: 'c2', kind: 'error', data: PAGE_ABORT });
    expect(releasedByPage(s.pipeline, second)).toBe(false);
    expect(releasedByPage(s.pipeline, first)).toBe(true);
  });

  it('is never said of a connection the server closed or the network failed, nor of a message', () => {
    const s = pipelineOf('ag-ui');
    const [started] = agui('c1', { type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    const message = s.add(started!);
    s.add(agui('c1', { type: 'RUN_FINISHED', threadId: 't', runId: 'r' })[0]!);
    expect(releasedByPage(s.pipeline, message)).toBe(false);
    expect(releasedByPage(s.pipeline, s.add({ connectionId: 'c1', kind: 'close', data: '' }))).toBe(false);
    expect(releasedByPage(s.pipeline, s.add({ connectionId: 'c1', kind: 'error', data: 'TypeError: network error' }))).toBe(false);
  });

  it('is not said while no protocol folds the session: the raw fold places no stop at all', () => {
    const s = pipelineOf();
    s.add({ connectionId: 'c1', kind: 'message', data: 'hello' });
    const abort = s.add({ connectionId: 'c1', kind: 'error', data: PAGE_ABORT });
    expect(s.pipeline.definition).toBeUndefined();
    expect(releasedByPage(s.pipeline, abort)).toBe(false);
    expect(releasedByPage(undefined, abort)).toBe(false);
  });

  it('finds a stop the fold placed inside a group (a step or a sub-agent)', () => {
    const abort: Frame = { index: 7, time: 7, direction: 'in', connectionId: 'c1', kind: 'error', data: PAGE_ABORT };
    const stop = { kind: 'error' as const, id: 'e', frames: [7], message: 'stopped', stoppedByPage: true as const };
    const view = { protocol: 'ag-ui', items: [{ kind: 'group', id: 'g', frames: [1], summary: 'Step 1', done: false, open: true, items: [{ kind: 'group', id: 'g2', frames: [2], summary: 'sub', done: false, open: true, items: [stop] }] }] } as unknown as ViewModel;
    const withStop = { definition: protocols[0], frameCount: 8, view: () => view } as unknown as SessionPipeline;
    expect(releasedByPage(withStop, abort)).toBe(false);
    const empty = { protocol: 'ag-ui', items: [] } as unknown as ViewModel;
    const without = { definition: protocols[0], frameCount: 8, view: () => empty } as unknown as SessionPipeline;
    expect(releasedByPage(without, abort)).toBe(true);
  });
});
