import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
import { describeOpenAIChatFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const chunk = (payload: unknown) => describePayload(describeOpenAIChatFrame, payload);

describe('openai-chat frame descriptions', () => {
  it('name every chunk of a reasoning and tool-call stream', () => {
    const list = describeFile(dir, 'valid-reasoning-tools.sse', describeOpenAIChatFrame);
    expect(events(list)).toEqual([
      'delta: role assistant',
      'delta: reasoning',
      'delta: reasoning',
      'delta: text',
      'delta: text',
      'tool_calls[0] start get_weather',
      'tool_calls[0] args',
      'tool_calls[0] args',
      'tool_calls[1] start get_time',
      'finish: tool_calls',
      'usage',
      '[DONE]',
    ]);
    expect(list[1]).toMatchObject({ event: 'delta: reasoning', category: 'reasoning', preview: 'The user asks for Paris weather.' });
    expect(list[3]).toMatchObject({ event: 'delta: text', category: 'text', preview: 'Let me check' });
    expect(list[6]).toMatchObject({ event: 'tool_calls[0] args', category: 'tool-call', preview: '{"city":' });
    expect(list[8]?.preview).toBe('{"tz":"Europe/Paris"}');
    expect(list[9]?.category).toBe('lifecycle');
  });

  it('name an in-stream error, a text chunk that also finishes, and an empty chunk', () => {
    expect(chunk({ error: { message: 'Rate limit reached', type: 'requests' } })).toMatchObject({ event: 'error: requests', category: 'error', preview: 'Rate limit reached' });
    expect(chunk({ choices: [{ index: 0, delta: { content: 'Bye.' }, finish_reason: 'stop' }] })).toMatchObject({ event: 'delta: text, finish: stop', category: 'text', preview: 'Bye.' });
    expect(chunk({ choices: [] })).toMatchObject({ event: 'empty chunk', category: 'lifecycle' });
  });

  it('keep the preview to one line of at most 120 characters', () => {
    const d = chunk({ choices: [{ index: 0, delta: { content: `line one\nline two ${'x'.repeat(300)}` } }] });
    expect(d.preview).toMatch(/^line one line two x+…$/);
    expect(d.preview).toHaveLength(120);
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-reasoning-tools.sse', describeOpenAIChatFrame);
    expect([...new Set(labels(list))]).toEqual(["role: assistant", "Δ reasoning", "Δ text", "tool get_weather", "Δ args", "tool[1] get_time", "finish: tool_calls", "usage", "[DONE]"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
