// Real AG-UI runs that were once misjudged, each beside a near-identical broken twin (inline, so the
// twins run without the shared corpus).
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkText, corpusText } from '../../../test/support/real-world';
import { HAS_CORPUS } from '../../../test/support/shared-dir';

const RS = { type: 'RUN_STARTED', threadId: 't1', runId: 'r2' };
const RF = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r2' };
const result = { type: 'TOOL_CALL_RESULT', messageId: 'res-1', toolCallId: 'call_1', content: '"18C"' };
const json = (events: object[]) => JSON.stringify(events);

// The second turn of a two-turn run starts with the result of a tool call made in the first turn: the
// call is in the thread the client holds (the run request's messages), not in this response.
describe('a tool result for a call of an earlier turn', () => {
  it('the .NET server second turn, recorded alone, is clean', { skip: !HAS_CORPUS }, () => {
    const r = checkText(corpusText('ag-ui/dotnet-server/MixedToolInvocationIntegration__MixedInvocation_TwoTurnFlow_EmitsToolCallsThenServerResults__Turn_02.06.json'));
    expect(r.protocol).toBe('ag-ui');
    expect(r.serious).toEqual([]);
  });

  it('inline: without the thread history, nothing to judge', () => {
    expect(checkText(json([RS, result, RF])).serious).toEqual([]);
  });

  it('with the history in RUN_STARTED.input, a call that is not in it is flagged (the broken twin)', () => {
    const input = { threadId: 't1', runId: 'r2', messages: [{ id: 'u1', role: 'user', content: 'weather?' }], tools: [], context: [], state: {}, forwardedProps: {} };
    expect(checkText(json([{ ...RS, input }, result, RF])).serious).toEqual([['agui/tool-result-unknown-call', 'warning', 1]]);
  });

  it('with the call in the history, it is clean', () => {
    const call = { id: 'a1', role: 'assistant', toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } }] };
    const input = { threadId: 't1', runId: 'r2', messages: [call], tools: [], context: [], state: {}, forwardedProps: {} };
    expect(checkText(json([{ ...RS, input }, result, RF])).serious).toEqual([]);
  });
});

// RUN_ERROR used to produce no finding at all: the run failing must never be silent.
describe('a run that reports its own failure', () => {
  it('RUN_ERROR is a warning and a failed turn', () => {
    const r = checkText(json([RS, { type: 'RUN_ERROR', message: 'rate limited', code: '429' }]));
    expect(r.serious).toEqual([['agui/run-error', 'warning', 1]]);
    expect(r.view.items).toMatchObject([{ kind: 'error', message: 'rate limited (429)' }]);
  });

  it('RUN_ERROR inside an open step still shows at the top level', () => {
    const r = checkText(json([RS, { type: 'STEP_STARTED', stepName: 'plan' }, { type: 'RUN_ERROR', message: 'rate limited' }]));
    expect(r.view.items.at(-1)).toMatchObject({ kind: 'error', message: 'rate limited' });
  });

  it('the broken twin: RUN_FINISHED after RUN_ERROR is an error (the client rejects it)', () => {
    const r = checkText(json([RS, { type: 'RUN_ERROR', message: 'rate limited' }, RF]));
    expect(r.serious).toContainEqual(['agui/event-after-run-error', 'error', 2]);
  });
});
