// The view model the OpenAI Chat fold builds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { SessionPipeline } from '../../analysis/pipeline';
import { openaiChatProtocol } from './index';
import { chunk, chunkFrames, runChat, sseFrames } from './test-helpers';

const local = (name: string) => readFileSync(path.resolve(__dirname, 'testdata', name), 'utf8');

describe('openai-chat fold', () => {
  it('valid-reasoning-tools.sse: reasoning, text, two tool calls, usage', () => {
    const { view, findings } = runChat(sseFrames(local('valid-reasoning-tools.sse')));
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: 'The user asks for Paris weather. I should call get_weather.' },
      { kind: 'text', text: 'Let me check that for you.', brand: true, final: false },
      { kind: 'tool', toolId: 'call_abc123', name: 'get_weather', label: 'Get weather', input: { city: 'Paris' }, inputText: '{"city":"Paris"}', status: 'pending' },
      { kind: 'tool', toolId: 'call_def456', name: 'get_time', input: { tz: 'Europe/Paris' } },
    ]);
    expect(view.usage).toEqual({ prompt_tokens: 42, completion_tokens: 31, total_tokens: 73, 'completion_tokens_details.reasoning_tokens': 12 });
    expect(view.streaming).toBe(false);
  });

  it('invalid-unfinished.sse: missing finish, [DONE] and tool identity are reported', () => {
    const { findings } = runChat(sseFrames(local('invalid-unfinished.sse')));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['openai-chat/identity-changed', 'info'],
      ['openai-chat/missing-done', 'warning'],
      ['openai-chat/missing-finish-reason', 'info'],
      ['openai-chat/tool-call-incomplete', 'error'],
      ['openai-chat/invalid-tool-arguments', 'warning'],
    ]);
  });

  it('`reasoning` (vLLM, OpenRouter) works like `reasoning_content`; text after it starts a new item', () => {
    const { view } = runChat(chunkFrames([
      chunk({ role: 'assistant', reasoning: 'think ' }),
      chunk({ reasoning: 'more' }),
      chunk({ content: 'A' }),
      chunk({ reasoning: 'again' }),
      chunk({ content: 'B' }, 'stop'),
      '[DONE]',
    ]));
    expect(view.items).toMatchObject([
      { kind: 'reasoning', text: 'think more', frames: [0, 1] },
      { kind: 'text', text: 'A', brand: true },
      { kind: 'reasoning', text: 'again' },
      { kind: 'text', text: 'B', brand: false, final: true },
    ]);
  });

  it('streams until [DONE]', () => {
    const pipeline = new SessionPipeline([openaiChatProtocol], { protocol: 'openai-chat' });
    const frames = chunkFrames([chunk({ role: 'assistant', content: 'x' }), chunk({}, 'stop'), '[DONE]']);
    pipeline.append(frames[0] as Frame);
    expect(pipeline.view().streaming).toBe(true);
    pipeline.append(frames[1] as Frame);
    pipeline.append(frames[2] as Frame);
    expect(pipeline.view().streaming).toBe(false);
  });

  it('a tool loop: the next request carries tool results and the second completion gets its own brand', () => {
    const first = chunkFrames([
      chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'write_todos', arguments: '{"todos":[{"content":"Ship","activeForm":"Shipping","status":"pending"}]}' } }] }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    ]);
    const request: Frame = {
      index: 3, connectionId: 'c2', time: 3, direction: 'out', kind: 'message',
      data: JSON.stringify({ messages: [{ role: 'user', content: 'plan' }, { role: 'assistant', tool_calls: [] }, { role: 'tool', tool_call_id: 'call_1', content: 'ok' }] }),
    };
    const second = chunkFrames([chunk({ role: 'assistant', content: 'Planned.' }, null, { id: 'chatcmpl-2' }), chunk({}, 'stop', { id: 'chatcmpl-2' }), '[DONE]'], 'c2', 4);
    const { view, findings } = runChat([...first, request, ...second]);
    expect(findings).toEqual([]);
    const todos = [{ content: 'Ship', activeForm: 'Shipping', status: 'pending' }];
    expect(view.items).toMatchObject([
      { kind: 'tool', name: 'write_todos', status: 'success', result: 'ok', todos },
      { kind: 'text', text: 'Planned.', brand: true, final: true },
    ]);
    expect(view.todos).toEqual(todos);
  });

  it('a user request becomes a user item; n>1 choices keep separate texts', () => {
    const request: Frame = { index: 0, connectionId: 'c1', time: 0, direction: 'out', kind: 'message', data: JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] }) };
    const two = (a: object, b: object, finish: string | null = null) => ({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: a, finish_reason: finish }, { index: 1, delta: b, finish_reason: finish }] });
    const { view, findings } = runChat([request, ...chunkFrames([two({ role: 'assistant', content: 'One' }, { role: 'assistant', content: 'Two' }), two({}, {}, 'stop'), '[DONE]'], 'c1', 1)]);
    expect(findings).toEqual([]);
    expect(view.items).toMatchObject([{ kind: 'user', text: 'Hello?' }, { kind: 'text', text: 'One' }, { kind: 'text', text: 'Two' }]);
  });

  it('errors, non-JSON data and data after [DONE] stay visible', () => {
    const { view } = runChat(chunkFrames([chunk({ role: 'assistant', content: 'x' }), 'garbage', chunk({}, 'stop'), '[DONE]', chunk({ content: 'late' }), { error: { message: 'quota' } }]));
    expect(view.items).toMatchObject([
      { kind: 'text', text: 'x' },
      { kind: 'raw', text: 'garbage' },
      { kind: 'raw', text: expect.stringContaining('late') },
      { kind: 'raw', text: expect.stringContaining('quota') },
    ]);
  });

  it('a frame the capture cut short is shown raw without a bad-JSON finding', () => {
    const frames = chunkFrames([chunk({ role: 'assistant', content: 'x' }), '{"id":"chatcmpl-1","choi', chunk({}, 'stop'), '[DONE]']);
    frames[1] = { ...(frames[1] as Frame), truncated: { originalLength: 70000 } };
    const { view, findings } = runChat(frames);
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'raw']);
    expect(findings).toEqual([]);
  });
});
