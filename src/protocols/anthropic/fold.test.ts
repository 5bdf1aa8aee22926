// The view model the Anthropic fold builds.
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { anthropicProtocol } from './index';
import { eventFrames, runAnthropic } from './test-helpers';

const start = (id = 'msg_1') => ({ type: 'message_start', message: { id, model: 'claude-x', usage: { input_tokens: 5, output_tokens: 1 } } });
const end = (stop_reason = 'end_turn', output_tokens = 9) => [
  { type: 'message_delta', delta: { stop_reason }, usage: { output_tokens } },
  { type: 'message_stop' },
];

function reindex(frames: Frame[], from: number, connectionId: string): Frame[] {
  return frames.map((f, i) => ({ ...f, index: from + i, time: from + i, connectionId }));
}

describe('anthropic fold', () => {
  it('thinking, text and a todo tool become reasoning, text and a tool with todos', () => {
    const todos = [{ content: 'Write tests', activeForm: 'Writing tests', status: 'in_progress' }];
    const { view, findings } = runAnthropic(eventFrames([
      start(),
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Plan ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'it.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'abc' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'On it.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'write_todos', input: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: JSON.stringify({ todos }).slice(0, 10) } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: JSON.stringify({ todos }).slice(10) } },
      { type: 'content_block_stop', index: 2 },
      ...end('tool_use'),
    ]));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: 'Plan it.', frames: [1, 2, 3, 4, 5] },
      { kind: 'text', text: 'On it.', brand: true, final: false },
      { kind: 'tool', name: 'write_todos', label: 'Write todos', status: 'pending', input: { todos }, todos },
    ]);
    expect(view.todos).toEqual(todos);
    expect(view.usage).toEqual({ input_tokens: 5, output_tokens: 9 });
    expect(view.streaming).toBe(false);
  });

  it('streams while the message is open and stops at message_stop', () => {
    const pipeline = new SessionPipeline([anthropicProtocol], { protocol: 'anthropic' });
    const frames = eventFrames([start(), { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, { type: 'content_block_stop', index: 0 }, ...end()]);
    for (const f of frames.slice(0, 3)) pipeline.append(f);
    expect(pipeline.view().streaming).toBe(true);
    for (const f of frames.slice(3)) pipeline.append(f);
    expect(pipeline.view().streaming).toBe(false);
  });

  it('a request with tool results completes the calls and the next turn gets its own brand', () => {
    const turn1 = eventFrames([
      start('msg_1'),
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city":"Paris"}' } },
      { type: 'content_block_stop', index: 0 },
      ...end('tool_use'),
    ]);
    const request: Frame = {
      index: 6, connectionId: 'c2', time: 6, direction: 'out', kind: 'message',
      data: JSON.stringify({ messages: [{ role: 'user', content: 'weather?' }, { role: 'assistant', content: [] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'Sunny', is_error: false }, { type: 'text', text: 'thanks' }] }] }),
    };
    const turn2 = reindex(eventFrames([
      start('msg_2'),
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Sunny in Paris.' } },
      { type: 'content_block_stop', index: 0 },
      ...end(),
    ]), 7, 'c2');
    const { view, findings } = runAnthropic([...turn1, request, ...turn2]);
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'tool', toolId: 'toolu_9', status: 'success', result: 'Sunny', input: { city: 'Paris' } },
      { kind: 'user', text: 'thanks' },
      { kind: 'text', text: 'Sunny in Paris.', brand: true, final: true },
    ]);
  });

  it('server tool results attach to their call; error results mark it failed; orphans stay visible', () => {
    const { view } = runAnthropic(eventFrames([
      start(),
      { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'x' } } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: { type: 'web_search_tool_result_error', error_code: 'unavailable' } } },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'web_fetch_tool_result', tool_use_id: 'srv_404', content: [] } },
      { type: 'content_block_stop', index: 2 },
      ...end(),
    ]));
    expect(view.items).toMatchObject([
      { kind: 'tool', name: 'web_search', input: { query: 'x' }, status: 'error' },
      { kind: 'tool', toolId: 'srv_404', orphanResult: true, status: 'success' },
    ]);
  });

  it('redacted thinking, unknown blocks, errors and non-JSON frames stay visible', () => {
    const { view } = runAnthropic(eventFrames([
      start(),
      { type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'xx' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'hologram', beams: 3 } },
      { type: 'content_block_stop', index: 1 },
      'not json',
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]));
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: '(redacted thinking)' },
      { kind: 'raw', text: expect.stringContaining('hologram') },
      { kind: 'raw', text: 'not json' },
      { kind: 'error', message: 'overloaded_error: Overloaded' },
    ]);
    expect(view.streaming).toBe(false);
  });

  it('a frame the capture cut short is shown raw without a bad-JSON finding', () => {
    const frames = eventFrames([start(), '{"type":"content_block_start","index":0,"content_bl']);
    const cut: Frame = { ...(frames[1] as Frame), truncated: { originalLength: 90000 } };
    const { view, findings } = runAnthropic([frames[0] as Frame, cut]);
    // The stream still ended without message_stop: the rendering ends cut off there.
    expect(view.items).toMatchObject([{ kind: 'raw' }, { kind: 'error', cutOff: 'anthropic/stream-incomplete' }]);
    expect(findings.map((f) => f.rule)).toEqual(['anthropic/stream-incomplete']);
  });

  it('a compaction block is its own titled block with the summary its deltas stream', () => {
    const { view, findings } = runAnthropic(eventFrames([
      start(),
      { type: 'content_block_start', index: 0, content_block: { type: 'compaction', content: null } },
      { type: 'content_block_delta', index: 0, delta: { type: 'compaction_delta', content: '## Summary\n' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'compaction_delta', content: 'The user asked about sorting.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Merge sort is stable.' } },
      { type: 'content_block_stop', index: 1 },
      ...end(),
    ]));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'reasoning', title: 'Compaction summary', text: '## Summary\nThe user asked about sorting.' },
      { kind: 'text', text: 'Merge sort is stable.' },
    ]);
  });

  it('a tool call whose block never stopped before the message ended reads unfinished, not running', () => {
    const { view, findings } = runAnthropic(eventFrames([
      start(),
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'make_file', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"name": "tax' } },
      ...end('max_tokens'),
    ]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['anthropic/block-not-stopped', 'warning', 3],
      ['anthropic/invalid-tool-json', 'error', 3],
    ]);
    expect(findings[0]?.message).toContain('the AI SDK never emits its call');
    expect(view.items).toMatchObject([{ kind: 'tool', name: 'make_file', status: 'pending', unfinished: 3 }]);
  });

  // Found by the interleaved draw against @ai-sdk/anthropic (test/unit/anthropic-aisdk-agreement.test.ts).
  const toolStart = (index: number, input = {}) => ({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: 'f', input } });
  const textStart = (index: number) => ({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
  const json = (index: number, partial_json: string) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
  const text = (index: number, t: string) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } });
  const stop = (index: number) => ({ type: 'content_block_stop', index });

  it('a tool block the next block finds open stays open: its JSON is judged at its own stop, where both clients end it', () => {
    const { view, findings } = runAnthropic(eventFrames([start(), toolStart(0), json(0, '{"a'), textStart(1), json(0, '":"x"}'), stop(1), stop(0), ...end('tool_use')]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['anthropic/block-not-stopped', 'warning', 3],
      ['anthropic/block-not-open', 'warning', 4],
    ]);
    expect(findings[0]?.message).toContain('the AI SDK emits its call only at its own content_block_stop');
    expect(view.items).toMatchObject([{ kind: 'tool', name: 'f', input: { a: 'x' } }, { kind: 'text', text: '' }]);
    expect((view.items[0] as { unfinished?: number }).unfinished).toBeUndefined();
  });

  it('a tool block the next block finds open and that never stops reads unfinished: the AI SDK never emits its call', () => {
    const { view, findings } = runAnthropic(eventFrames([start(), toolStart(0, { p: 1 }), textStart(1), text(1, 'Hi'), stop(1), ...end('tool_use')]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['anthropic/block-not-stopped', 'warning', 2]]);
    expect(view.items).toMatchObject([{ kind: 'tool', name: 'f', input: { p: 1 }, status: 'pending', unfinished: 5 }, { kind: 'text', text: 'Hi' }]);
  });

  it("a block started again under an open block's index ends the open one: its call reads unfinished (the AI SDK files the new block in its place)", () => {
    const { view, findings } = runAnthropic(eventFrames([start(), toolStart(0), json(0, '{"a'), toolStart(0, { b: 2 }), stop(0), ...end('tool_use')]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['anthropic/block-not-stopped', 'warning', 3],
      ['anthropic/invalid-tool-json', 'error', 3],
      ['anthropic/block-index-out-of-order', 'error', 3],
    ]);
    expect(view.items).toMatchObject([{ kind: 'tool', status: 'pending', unfinished: 3 }, { kind: 'tool', input: { b: 2 } }]);
    expect((view.items[1] as { unfinished?: number }).unfinished).toBeUndefined();
  });

  it.each([
    ['a block not started (yet)', [textStart(0), text(0, 'Hi'), text(1, ' there'), stop(0), textStart(1), stop(1)], 'which has not been started'],
    ['a thinking block', [{ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }, text(0, ' there'), stop(0), textStart(1), text(1, 'Hi'), stop(1)], 'a thinking block'],
    ['a redacted_thinking block (thinking)', [{ type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'x' } }, { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: ' there' } }, stop(0), textStart(1), text(1, 'Hi'), stop(1)], 'a redacted_thinking block'],
  ])('a text or thinking delta for %s is an error (the AI SDK streams it, @anthropic-ai/sdk drops it) and is not shown', (_name, blocks, where) => {
    const { view, findings } = runAnthropic(eventFrames([start(), ...blocks, ...end()]));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['anthropic/stray-content-delta', 'error']]);
    expect(findings[0]?.message).toContain(where);
    expect(view.items.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text).join('')).toBe('Hi');
    expect(JSON.stringify(view.items)).not.toContain(' there');
  });

  it('a tool block whose start carries its input and that streams JSON too is an error; shown with the streamed JSON, as @anthropic-ai/sdk shows it', () => {
    const { view, findings } = runAnthropic(eventFrames([start(), toolStart(0, { z: 1 }), json(0, ''), json(0, '{"a":'), json(0, '1}'), stop(0), ...end('tool_use')]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['anthropic/tool-input-twice', 'error', [3, 1]]]);
    expect(view.items).toMatchObject([{ kind: 'tool', input: { a: 1 } }]);
  });

  it("an event the AI SDK's Anthropic provider rejects is an error naming it, and still applied as @anthropic-ai/sdk reads it", () => {
    const { view, findings } = runAnthropic(eventFrames([
      { type: 'message_start', message: { id: 'msg_1', model: 'claude-x', usage: { output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
      ...end(),
    ]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([
      ['anthropic/invalid-event', 'error', 0],
      ['anthropic/invalid-event', 'error', 1],
    ]);
    expect(findings[0]?.message).toBe("message_start: the AI SDK's Anthropic provider rejects the event and ends with an error (message.usage.input_tokens: Invalid input: expected number, received undefined)");
    expect(findings[1]?.message).toMatch(/^content_block_start: the AI SDK's Anthropic provider rejects the event and ends with an error \(content_block\.text: /);
    expect(view.items).toMatchObject([{ kind: 'text', text: 'Hi' }]);
  });
});
