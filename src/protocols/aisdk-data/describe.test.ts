import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
import { describeAiSdkDataFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const line = (payload: unknown) => describePayload(describeAiSdkDataFrame, payload);

describe('aisdk-data frame descriptions', () => {
  it('name every line by the part its code stands for', () => {
    const list = describeFile(dir, 'valid-multi-step.txt', describeAiSdkDataFrame);
    expect(events(list)).toEqual([
      'start_step',
      'text',
      'text',
      'tool_call_streaming_start get_weather',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call get_weather',
      'tool_result',
      'finish_step: tool-calls',
      'start_step',
      'text',
      'finish_step: stop',
      'finish_message: stop',
    ]);
    expect(list[1]).toMatchObject({ event: 'text', category: 'text', preview: 'Let me look' });
    expect(list[4]).toMatchObject({ event: 'tool_call_delta', category: 'tool-call', preview: '{"city":' });
    expect(list[6]?.preview).toBe('{"city":"Hanoi"}');
    expect(list[7]).toMatchObject({ event: 'tool_result', category: 'tool-result', preview: '{"tempC":31}' });
    expect(list[12]).toMatchObject({ event: 'finish_message: stop', category: 'lifecycle', preview: '{"promptTokens":30,"completionTokens":12}' });
  });

  it('name reasoning and error parts, and fall back on lines that are not data stream parts', () => {
    expect(line('g:"thinking about it"')).toMatchObject({ event: 'reasoning', category: 'reasoning', preview: 'thinking about it' });
    expect(line('3:"boom"')).toMatchObject({ event: 'error', category: 'error', preview: 'boom' });
    expect(line('0:not json')).toMatchObject({ event: 'text', category: 'text', preview: 'not json' });
    expect(line('z:"x"')).toMatchObject({ event: '(text)', category: 'other', preview: 'z:"x"' });
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-multi-step.txt', describeAiSdkDataFrame);
    expect([...new Set(labels(list))]).toEqual(["start_step", "text", "tool_call_start get_weather", "Δ args", "tool_call get_weather", "tool_result", "finish_step: tool-calls", "finish_step: stop", "finish_message: stop"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
