import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
import { describeAiSdkUiFrame } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const chunk = (payload: unknown) => describePayload(describeAiSdkUiFrame, payload);

describe('aisdk-ui frame descriptions', () => {
  it('name every chunk by its type', () => {
    const list = describeFile(dir, 'valid-weather-tool.sse', describeAiSdkUiFrame);
    expect(events(list)).toEqual([
      'start',
      'start-step',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'tool-input-start get_weather',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-available',
      'tool-output-available',
      'finish-step',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish: stop',
      '[DONE]',
    ]);
    expect(list[3]).toMatchObject({ event: 'reasoning-delta', category: 'reasoning', preview: 'The user wants the weather.' });
    expect(list[7]).toMatchObject({ event: 'text-delta', category: 'text', preview: 'Let me check' });
    expect(list[13]).toMatchObject({ event: 'tool-input-available', category: 'tool-call', preview: '{"city":"Hanoi"}' });
    expect(list[14]).toMatchObject({ event: 'tool-output-available', category: 'tool-result', preview: '{"tempC":31,"sky":"sunny"}' });
  });

  it('name approvals and errors', () => {
    expect(chunk({ type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' }).category).toBe('approval');
    expect(chunk({ type: 'error', errorText: 'Too many requests' })).toMatchObject({ event: 'error', category: 'error', preview: 'Too many requests' });
  });

  it('show what the user steered into the turn (ai 7.0.163)', () => {
    const steering = { type: 'steering-message', id: 's1', parts: [{ type: 'file', mediaType: 'image/png', url: 'data:,' }, { type: 'text', text: 'Also check Lyon.' }] };
    expect(chunk(steering)).toMatchObject({ event: 'steering-message', preview: 'Also check Lyon.' });
    expect(chunk({ ...steering, parts: 'not a list' }).preview).toBeUndefined();
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-weather-tool.sse', describeAiSdkUiFrame);
    expect([...new Set(labels(list))]).toEqual(["start", "start-step", "reasoning-start", "Δ reasoning", "reasoning-end", "text-start", "Δ text", "text-end", "tool-start get_weather", "Δ args", "tool-input", "tool-output", "finish-step", "finish: stop", "[DONE]"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });
});
