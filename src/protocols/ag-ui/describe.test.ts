import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile, describePayload, events } from '../shared/test-inputs';
import { describeAgUiFrame } from './describe';

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
    expect(list[3]).toEqual({ event: 'TOOL_CALL_ARGS', category: 'tool-call', preview: '{"city":' });
    expect(list[6]).toEqual({ event: 'TOOL_CALL_RESULT', category: 'tool-result', preview: '{"tempC":4,"sky":"cloudy"}' });
    expect(list[11]).toEqual({ event: 'TEXT_MESSAGE_CONTENT', category: 'text', preview: 'It is 4 °C and' });
  });

  it('name reasoning, an interrupt and a run error', () => {
    expect(event({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'hmm' })).toEqual({ event: 'REASONING_MESSAGE_CONTENT', category: 'reasoning', preview: 'hmm' });
    expect(event({ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_call' }] } })).toEqual({ event: 'RUN_FINISHED: interrupt', category: 'approval', preview: 'tool_call' });
    expect(event({ type: 'RUN_ERROR', message: 'boom' })).toEqual({ event: 'RUN_ERROR', category: 'error', preview: 'boom' });
  });
});
