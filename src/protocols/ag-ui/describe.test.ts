import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events, labels } from '../shared/test-inputs';
import { EventType } from '@ag-ui/core';
import { describeAgUiFrame, shortAgUiLabel } from './describe';

const dir = path.resolve(__dirname, 'testdata');
const event = (payload: unknown) => describePayload(describeAgUiFrame, payload);

describe('ag-ui frame descriptions', () => {
  it('name every event by its type', () => {
    const list = describeFile(dir, 'valid-tool-call.sse', describeAgUiFrame);
    expect(events(list)).toEqual([
      'RUN_STARTED',
      'STEP_STARTED',
      'TOOL_CALL_START get_weather',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'STEP_FINISHED',
      'STATE_SNAPSHOT',
      'STATE_DELTA',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED: success',
    ]);
    expect(list[3]).toMatchObject({ event: 'TOOL_CALL_ARGS', category: 'tool-call', preview: '{"city":' });
    expect(list[6]).toMatchObject({ event: 'TOOL_CALL_RESULT', category: 'tool-result', preview: '{"tempC":4,"sky":"cloudy"}' });
    expect(list[11]).toMatchObject({ event: 'TEXT_MESSAGE_CONTENT', category: 'text', preview: 'It is 4 °C and' });
  });

  it('name reasoning, an interrupt and a run error', () => {
    expect(event({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'hmm' })).toMatchObject({ event: 'REASONING_MESSAGE_CONTENT', category: 'reasoning', preview: 'hmm' });
    expect(event({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_call' }] } })).toMatchObject({ event: 'RUN_FINISHED: interrupt', category: 'approval', preview: 'tool_call' });
    expect(event({ type: 'RUN_ERROR', message: 'boom' })).toMatchObject({ event: 'RUN_ERROR', category: 'error', preview: 'boom' });
  });

  it('give the timeline a short label for every kind of event, the full name staying the event', () => {
    const list = describeFile(dir, 'valid-tool-call.sse', describeAgUiFrame);
    expect([...new Set(labels(list))]).toEqual(["run started", "step started", "tool_call start get_weather", "Δ args", "tool_call end", "tool_call result", "step finished", "state snapshot", "state delta", "text start", "Δ text", "text end", "run finished: success"]);
    for (const d of list) if (d.label !== undefined) expect(d.label.length).toBeLessThan(d.event.length + 1);
  });

  it('give every event type a short label of its own: the reasoning phase apart from its messages', () => {
    const types = Object.values(EventType);
    const labelled = types.map((t) => shortAgUiLabel(t));
    expect(new Set(labelled).size).toBe(types.length);
    expect(['REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_END', 'REASONING_END'].map(shortAgUiLabel)).toEqual(['reasoning start', 'reasoning message start', 'reasoning message end', 'reasoning end']);
  });
});
