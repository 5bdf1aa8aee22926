import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem, GroupItem, RawItem, TextItem, ToolItem } from '../../model/view';
import { framesOfSse, run, runChunks, textsOf, toolsOf, reasoningOf, flatItems, chunkFrames } from './testing';

const testdata = (name: string) => readFileSync(path.resolve(__dirname, 'testdata', name), 'utf8');

describe('aisdk-ui fold: a tool call over two steps', () => {
  const { view, findings } = run(framesOfSse(testdata('valid-weather-tool.sse')));

  it('reports nothing on a well-formed stream', () => {
    expect(findings).toEqual([]);
  });

  it('puts each step in a group and keeps the texts outside', () => {
    expect(view.items.map((i) => i.kind)).toEqual(['group', 'text', 'group', 'text']);
    const [g1, t1, g2, t2] = view.items as [GroupItem, TextItem, GroupItem, TextItem];
    expect(g1.summary).toBe('Step 1');
    expect(g1.items.map((i) => i.kind)).toEqual(['reasoning']);
    expect(g2.summary).toBe('Step 1');
    expect(g2.items.map((i) => i.kind)).toEqual(['tool']);
    expect([g1.done, g2.done, g1.open, g2.open]).toEqual([true, true, false, false]);
    expect(t1.text).toBe('Let me check the weather.');
    expect(t1.brand).toBe(true);
    expect(t2.text).toBe('It is 31 °C and sunny in Hanoi.');
    expect(t2.brand).toBe(false);
    expect(t2.final).toBe(true);
    expect(t1.final).toBe(false);
  });

  it('folds the tool call with streamed arguments and result', () => {
    const [tool] = toolsOf(view);
    expect(tool).toMatchObject({
      toolId: 'call-1',
      name: 'get_weather',
      label: 'Get weather',
      input: { city: 'Hanoi' },
      inputText: '{"city":"Hanoi"}',
      status: 'success',
      result: { tempC: 31, sky: 'sunny' },
    });
    expect(tool?.frames).toEqual([10, 11, 12, 13, 14]);
  });

  it('folds reasoning and ends streaming at finish', () => {
    expect(reasoningOf(view)).toEqual(['The user wants the weather. I should call the tool.']);
    expect(view.streaming).toBe(false);
    expect(view.protocol).toBe('aisdk-ui');
  });
});

describe('aisdk-ui fold: todos, data parts, sources, usage', () => {
  const { view, findings } = run(framesOfSse(testdata('valid-todos-sources.sse')));

  it('reports nothing', () => expect(findings).toEqual([]));

  it('shows the todo snapshot on the tool and in the side panel', () => {
    const [tool] = toolsOf(view);
    expect(tool?.todos).toEqual([
      { content: 'Read the file', activeForm: 'Reading the file', status: 'completed' },
      { content: 'Fix the bug', activeForm: 'Fixing the bug', status: 'in_progress' },
    ]);
    expect(view.todos).toEqual(tool?.todos);
  });

  it('replaces a data part with the same type and id, and shows sources', () => {
    const raws = flatItems(view.items).filter((i): i is RawItem => i.kind === 'raw');
    expect(raws.map((r) => r.text)).toEqual(['data-progress: {"percent":100}', 'source: Docs <https://example.com/docs>']);
    expect(raws[0]?.frames).toEqual([4, 5]);
  });

  it('takes usage from the finish metadata', () => {
    expect(view.usage).toEqual({ inputTokens: 12, outputTokens: 34 });
  });
});

describe('aisdk-ui fold: streaming state', () => {
  it('keeps streaming and groups open until the end marker', () => {
    const chunks = [
      { type: 'start' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'search' },
    ];
    const { view } = runChunks(chunks, { finish: false });
    expect(view.streaming).toBe(true);
    const group = view.items[0] as GroupItem;
    expect([group.open, group.done]).toEqual([true, false]);
    expect(toolsOf(view)[0]?.status).toBe('pending');
  });

  it('stops streaming on a close frame', () => {
    const frames = chunkFrames([{ type: 'start' }, { type: 'text-start', id: 'x' }]);
    frames.push({ index: 2, connectionId: 'c1', time: 2, direction: 'in', kind: 'close', data: '' });
    const { view } = run(frames, undefined, { finish: false });
    expect(view.streaming).toBe(false);
  });

  it('shows the user message of the request before the answer', () => {
    const frames = chunkFrames([
      { id: 'chat-1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather?' }] }], trigger: 'submit-message' },
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Sunny' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
      '[DONE]',
    ]);
    frames[0]!.direction = 'out';
    const { view, findings } = run(frames);
    expect(view.items.map((i) => i.kind)).toEqual(['user', 'text']);
    expect(view.items[0]).toMatchObject({ kind: 'user', text: 'Weather?' });
    expect(findings).toEqual([]);
  });
});

describe('aisdk-ui fold: tools', () => {
  it('marks tool-output-error and tool-input-error as errors', () => {
    const { view } = runChunks([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'read', input: { p: 1 } },
      { type: 'tool-output-error', toolCallId: 'a', errorText: 'no such file' },
      { type: 'tool-input-error', toolCallId: 'b', toolName: 'read', input: '{bad', errorText: 'bad input' },
      { type: 'finish' },
    ]);
    const [a, b] = toolsOf(view);
    expect(a).toMatchObject({ status: 'error', result: 'no such file', input: { p: 1 } });
    expect(b).toMatchObject({ status: 'error', result: 'bad input', input: '{bad' });
  });

  it('folds an approval request and a denial', () => {
    const { view } = runChunks([
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'delete_file', input: { path: '/x' } },
      { type: 'tool-approval-request', approvalId: 'ap-1', toolCallId: 'a' },
      { type: 'tool-output-denied', toolCallId: 'a' },
      { type: 'finish' },
    ]);
    const approval = flatItems(view.items).find((i): i is ApprovalItem => i.kind === 'approval');
    expect(approval).toMatchObject({
      key: 'ap-1',
      actions: [{ name: 'delete_file', args: { path: '/x' } }],
      outcome: { type: 'decided', decisions: ['deny'] },
    });
    expect(toolsOf(view)[0]).toMatchObject({ status: 'error', result: 'denied' });
  });

  it('keeps a preliminary output pending until the final one', () => {
    const chunks = [
      { type: 'start' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'run', input: {} },
      { type: 'tool-output-available', toolCallId: 'a', output: 'partial', preliminary: true },
    ];
    expect(toolsOf(runChunks(chunks, { finish: false }).view)[0]).toMatchObject({ status: 'pending', result: 'partial' });
    const done = [...chunks, { type: 'tool-output-available', toolCallId: 'a', output: 'all' }];
    expect(toolsOf(runChunks(done, { finish: false }).view)[0]).toMatchObject({ status: 'success', result: 'all' });
  });

  it('uses the tool title as its label', () => {
    const { view } = runChunks([
      { type: 'start' },
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'web_search', title: 'Searching the web' },
    ]);
    expect(toolsOf(view)[0]).toMatchObject({ label: 'Searching the web', contentMessage: 'Searching the web' });
  });
});

describe('aisdk-ui fold: text and errors', () => {
  it('keeps interleaved text parts apart by id', () => {
    const { view } = runChunks([
      { type: 'start' },
      { type: 'text-start', id: 'a' },
      { type: 'text-start', id: 'b' },
      { type: 'text-delta', id: 'a', delta: 'A1' },
      { type: 'text-delta', id: 'b', delta: 'B1' },
      { type: 'text-delta', id: 'a', delta: 'A2' },
      { type: 'text-end', id: 'a' },
      { type: 'text-end', id: 'b' },
      { type: 'finish' },
    ]);
    expect(textsOf(view)).toEqual(['A1A2', 'B1']);
  });

  it('shows error and abort chunks as error items', () => {
    const { view } = runChunks([{ type: 'start' }, { type: 'error', errorText: 'rate limited' }, { type: 'abort', reason: 'user' }]);
    expect(view.items.map((i) => (i.kind === 'error' ? i.message : i.kind))).toEqual(['rate limited', 'Aborted: user']);
    expect(view.streaming).toBe(false);
  });

  it('never drops a frame it cannot fold', () => {
    const { view } = runChunks([{ type: 'start' }, 'not json', { type: 'mystery' }, { type: 'text-delta', id: 'zz', delta: 'lost' }]);
    const raws = view.items.filter((i): i is RawItem => i.kind === 'raw');
    expect(raws.map((r) => r.frames[0])).toEqual([1, 2, 3]);
    expect(raws[0]?.text).toBe('not json');
  });

  it('shows ai 5.0 reasoning chunks and folds reset-step', () => {
    const { view } = runChunks([
      { type: 'start' },
      { type: 'reasoning', text: 'a' },
      { type: 'reasoning', text: 'b' },
      { type: 'reasoning-part-finish' },
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'x', toolName: 'n', input: {} },
      { type: 'reset-step' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'after reset' },
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish' },
    ]);
    expect(reasoningOf(view)).toEqual(['ab']);
    expect(toolsOf(view)).toEqual([]);
    expect(textsOf(view)).toEqual(['after reset']);
  });
});

describe('aisdk-ui fold: orphan results', () => {
  it('renders a result with no call as an orphan tool item', () => {
    const { view } = runChunks([{ type: 'start' }, { type: 'tool-output-available', toolCallId: 'q', output: 1 }]);
    const tool = view.items[0] as ToolItem;
    expect(tool).toMatchObject({ kind: 'tool', toolId: 'q', orphanResult: true, result: 1, status: 'success' });
  });
});

describe('aisdk-ui fold: frames cut by the capture', () => {
  it('shows a cut frame raw without blaming the server', () => {
    const frames = chunkFrames([{ type: 'start' }, '{"type":"text-del']);
    frames[1]!.truncated = { originalLength: 5000 };
    const { view, findings } = run(frames, undefined, { finish: false });
    expect(findings).toEqual([]);
    expect((view.items[0] as RawItem).text).toContain('cut by the capture at 17 of 5000 characters');
  });
});
