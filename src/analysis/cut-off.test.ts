import { describe, expect, it } from 'vitest';
import type { Frame } from '../model/frame';
import type { ViewItem } from '../model/view';
import { renderText } from '../model/render-text';
import { protocols } from '../protocols/registry';
import { chunk, chunkFrames } from '../protocols/openai-chat/test-helpers';
import { chunkFrames as uiChunkFrames } from '../protocols/aisdk-ui/testing';
import { SessionPipeline } from './pipeline';
import { CUT_OFF_RULES } from './cut-off';

const ending = (index: number, kind: 'close' | 'error', data = '', connectionId = 'c1'): Frame => ({ index, connectionId, time: index, direction: 'in', kind, data });
const request = (index: number, connectionId: string, content: string): Frame => ({
  index,
  connectionId,
  time: index,
  direction: 'out',
  kind: 'message',
  data: JSON.stringify({ model: 'gpt-x', stream: true, messages: [{ role: 'user', content }] }),
});

/** An OpenAI Chat turn on `connectionId` from frame `from`: whole (finish_reason and [DONE]) or cut after "Hello wor". */
function turn(connectionId: string, from: number, whole: boolean): Frame[] {
  const payloads = whole ? [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello world' }), chunk({}, 'stop'), '[DONE]'] : [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello wor' })];
  return chunkFrames(payloads, connectionId, from);
}

function pipelineOf(frames: readonly Frame[]): SessionPipeline {
  const pipeline = new SessionPipeline(protocols, { protocol: 'openai-chat' });
  for (const f of frames) pipeline.append(f);
  pipeline.finish();
  return pipeline;
}

const kinds = (items: readonly ViewItem[]) => items.map((i) => (i.kind === 'error' && i.cutOff ? `cut:${i.cutOff}` : i.kind));

describe('a stream cut off before its end, in the rendering', () => {
  it('names only rules of the protocols’ catalogues', () => {
    const known = new Set(protocols.flatMap((p) => p.rules.map((r) => r.id)));
    expect([...CUT_OFF_RULES].filter((id) => !known.has(id))).toEqual([]);
  });

  it('ends the cut answer with a cut-off item pointing at the close, and says so in `render`', () => {
    const frames = [...turn('c1', 0, false), ending(2, 'close')];
    const view = pipelineOf(frames).view();
    expect(kinds(view.items)).toEqual(['text', 'cut:openai-chat/stream-cut']);
    expect(view.items[1]).toMatchObject({ frames: [2] });
    expect(renderText(view)).toMatch(/^assistant \[brand\]: Hello wor\ncut off \(openai-chat\/stream-cut\): the connection closed mid-answer/);
  });

  it('adds nothing to a whole answer, a page’s stop, or a failed connection (its failure item says it)', () => {
    expect(kinds(pipelineOf([...turn('c1', 0, true), ending(4, 'close')]).view().items)).toEqual(['text']);
    expect(kinds(pipelineOf([...turn('c1', 0, false), ending(2, 'error', 'AbortError: signal is aborted without reason')]).view().items)).toEqual(['text', 'error']);
    const failed = pipelineOf([...turn('c1', 0, false), ending(2, 'error', 'TypeError: network error')]);
    expect(failed.findings().map((f) => f.rule)).toContain('openai-chat/stream-cut');
    expect(kinds(failed.view().items)).toEqual(['text', 'error']);
  });

  it('is an AI SDK UI stream closed before `finish` and `[DONE]`, not one that reached `[DONE]` without `finish`', () => {
    const answer = [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi' }, { type: 'text-end', id: 't' }];
    const ui = (chunks: readonly unknown[]) => {
      const frames = uiChunkFrames(chunks);
      const pipeline = new SessionPipeline(protocols, { protocol: 'aisdk-ui' });
      for (const f of [...frames, ending(frames.length, 'close')]) pipeline.append(f);
      pipeline.finish();
      return { rules: pipeline.findings().map((f) => f.rule), items: kinds(pipeline.view().items) };
    };
    expect(ui(answer)).toEqual({ rules: ['aisdk/missing-finish'], items: ['text', 'cut:aisdk/missing-finish'] });
    // The server ended the stream itself: useChat shows the message as it came, incomplete but not cut.
    expect(ui([...answer, '[DONE]'])).toEqual({ rules: ['aisdk/missing-finish'], items: ['text'] });
  });

  it('sits where the cut turn ended, before the next request’s turn', () => {
    const frames = [request(0, 'c1', 'first'), ...turn('c1', 1, false), ending(3, 'close'), request(4, 'c2', 'again'), ...turn('c2', 5, true), ending(9, 'close', '', 'c2')];
    const pipeline = new SessionPipeline(protocols, { protocol: 'openai-chat' });
    for (const id of ['c1', 'c2']) pipeline.addConnection({ id, transport: 'sse', url: 'http://127.0.0.1/v1/chat/completions', method: 'POST' });
    for (const f of frames) pipeline.append(f);
    pipeline.finish();
    expect(kinds(pipeline.view().items)).toEqual(['user', 'text', 'cut:openai-chat/stream-cut', 'user', 'text']);
  });

  it('marks the cut turn’s pending calls cut off, not running, and only that turn’s', () => {
    const call = (id: string, name: string) => chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '{"city":' } }] });
    const asks = (connectionId: string, from: number, id: string, name: string) => chunkFrames([chunk({ role: 'assistant', content: '' }), call(id, name)], connectionId, from);
    const frames = [
      request(0, 'c1', 'first'),
      ...chunkFrames([chunk({ role: 'assistant', content: '' }), chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_time', arguments: '{}' } }] }), chunk({}, 'tool_calls'), '[DONE]'], 'c1', 1),
      ending(5, 'close'),
      request(6, 'c2', 'again'),
      ...asks('c2', 7, 'call_b', 'get_weather'),
      ending(9, 'close', '', 'c2'),
    ];
    const pipeline = new SessionPipeline(protocols, { protocol: 'openai-chat' });
    for (const id of ['c1', 'c2']) pipeline.addConnection({ id, transport: 'sse', url: 'http://127.0.0.1/v1/chat/completions', method: 'POST' });
    for (const f of frames) pipeline.append(f);
    pipeline.finish();
    const tools = (items: readonly ViewItem[]) => items.flatMap((i) => (i.kind === 'tool' ? [`${i.toolId}:${i.status}${i.cutOff ? ':cut' : ''}`] : []));
    // The first request's call was handed to the page (its stream ended whole): not this cut's to explain.
    expect(tools(pipeline.view().items)).toEqual(['call_a:pending', 'call_b:pending:cut']);
    expect(renderText(pipeline.view())).toContain('● cut off before its result — Get weather (get_weather)');
    expect(renderText(pipeline.view())).toContain('● running — Get time (get_time)');
    // Before the close it was still streaming its arguments: running.
    expect(tools(pipeline.viewAt(8).items)).toEqual(['call_a:pending', 'call_b:pending']);
  });

  it('marks the calls of a turn whose connection failed too (its failure item stands for the cut line)', () => {
    const frames = [...chunkFrames([chunk({ role: 'assistant', content: '' }), chunk({ tool_calls: [{ index: 0, id: 'call_c', type: 'function', function: { name: 'search', arguments: '{"q":' } }] })], 'c1', 0), ending(2, 'error', 'TypeError: network error')];
    const pipeline = pipelineOf(frames);
    const items = pipeline.view().items;
    expect(kinds(items)).toEqual(['tool', 'error']);
    expect(items[0]).toMatchObject({ toolId: 'call_c', status: 'pending', cutOff: 2 });
  });

  it('is not there when scrubbed back before the close', () => {
    const pipeline = pipelineOf([...turn('c1', 0, false), ending(2, 'close')]);
    expect(kinds(pipeline.viewAt(1).items)).toEqual(['text']);
    expect(kinds(pipeline.viewAt(2).items)).toEqual(['text', 'cut:openai-chat/stream-cut']);
  });
});
