// One triggering input and one near-identical clean input for every LangGraph run stream rule.
import { describe, expect, it } from 'vitest';
import { langgraphRules } from './rules';
import { aiMessage, answer, call, chunk, eventFrames, human, interrupt, metadata, runLangGraph, toolMessage, values, type Ev } from './test-helpers';

const withCall = (result: object): Ev[] => [metadata, values(human, aiMessage('', { tool_calls: [call] }), result, aiMessage('Sunny.', { id: 'ai2' }))];

const cases: { rule: string; bad: readonly Ev[]; good: readonly Ev[]; at: number }[] = [
  { rule: 'langgraph/invalid-json', bad: [metadata, ['values', '{"messages": ['], ...answer.slice(2)], good: answer, at: 1 },
  { rule: 'langgraph/invalid-event', bad: [metadata, ['messages', { type: 'ai', content: 'x', id: 'ai1' }], ...answer.slice(2)], good: answer, at: 1 },
  { rule: 'langgraph/unknown-event', bad: [metadata, ['hologram', { x: 1 }], ...answer.slice(1)], good: answer, at: 1 },
  { rule: 'langgraph/error-event', bad: [...answer.slice(0, 3), ['error', { error: 'ValueError', message: 'the model failed' }]], good: answer, at: 3 },
  { rule: 'langgraph/missing-metadata', bad: answer.slice(1), good: answer, at: 0 },
  { rule: 'langgraph/event-after-end', bad: [...answer, ['end', { run_id: 'r', status: 'success' }], values(human)], good: [...answer, ['end', { run_id: 'r', status: 'success' }]], at: 7 },
  { rule: 'langgraph/message-without-id', bad: [...answer.slice(0, 2), chunk('It is ', { id: undefined }), ...answer.slice(3)], good: answer, at: 2 },
  { rule: 'langgraph/orphan-tool-result', bad: withCall(toolMessage('call_9')), good: withCall(toolMessage()), at: 1 },
  { rule: 'langgraph/invalid-tool-call', bad: [metadata, values(human, aiMessage('', { invalid_tool_calls: [{ name: 'get_weather', args: '{"city": "Par', id: 'call_1', error: 'bad JSON' }] }))], good: [metadata, values(human, aiMessage('', { invalid_tool_calls: [] }))], at: 1 },
  { rule: 'langgraph/interrupt-without-id', bad: [...answer, interrupt()], good: [...answer, interrupt('i1')], at: 6 },
  {
    rule: 'langgraph/tool-call-without-id',
    bad: [metadata, values(human), chunk('', { tool_call_chunks: [{ index: 0, name: 'get_weather', args: '{"city": "Paris"}' }] }), ['end', null]],
    good: [metadata, values(human), chunk('', { tool_call_chunks: [{ index: 0, id: 'call_1', name: 'get_weather', args: '{"city": "Paris"}' }] }), ['end', null]],
    at: 2,
  },
  { rule: 'langgraph/event-after-error', bad: [...answer.slice(0, 3), ['error', { error: 'ValueError', message: 'boom' }], ...answer.slice(3)], good: [...answer.slice(0, 3), ['error', { error: 'ValueError', message: 'boom' }], ['end', null]], at: 4 },
  { rule: 'langgraph/values-differ-from-stream', bad: [...answer.slice(0, 5), values(human, aiMessage('It is rainy.'))], good: answer, at: 5 },
];

describe('langgraph rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(langgraphRules.map((r) => r.id)));
  });

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at }) => {
    const meta = langgraphRules.find((r) => r.id === rule);
    const hit = runLangGraph(eventFrames(bad)).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    expect(hit[0]?.frames[0]).toBe(at);
    expect(runLangGraph(eventFrames(good)).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('a clean run has no findings', () => {
    expect(runLangGraph(eventFrames(answer)).findings).toEqual([]);
  });

  it('a join of a running run (GET …/runs/{id}/stream) need not start with metadata', () => {
    const connection = { id: 'c1', transport: 'sse' as const, method: 'GET', url: 'http://127.0.0.1/threads/t/runs/r/stream' };
    expect(runLangGraph(eventFrames(answer.slice(1)), [connection]).findings).toEqual([]);
  });
});
