// One triggering input and one near-identical clean input for every Interactions API rule.
import { describe, expect, it } from 'vitest';
import { interactionsRules } from './rules';
import { completed, created, eventFrames, functionCall, inProgress, output, runInteractions, stepDelta, stepStart, stepStop, thought } from './test-helpers';

const text = [created, inProgress, ...thought(0), ...output(1, 'Hi'), completed()];
const call = (args = '{"location":"Paris"}') => [created, inProgress, ...thought(0), ...functionCall(1, args), completed('requires_action')];

const cases: { rule: string; bad: (object | string)[]; good: (object | string)[]; at: number }[] = [
  { rule: 'gemini-interactions/invalid-json', bad: [created, '{"event_type":', ...output(0, 'Hi'), completed()], good: text, at: 1 },
  { rule: 'gemini-interactions/invalid-event', bad: [created, { event_type: 'step.start', step: { type: 'model_output' } }, completed()], good: text, at: 1 },
  { rule: 'gemini-interactions/unknown-event', bad: [created, { event_type: 'content.delta', index: 0 }, ...text.slice(1)], good: text, at: 1 },
  { rule: 'gemini-interactions/failed', bad: [created, ...output(0, 'Hi'), { event_type: 'error', error: { code: 'resource_exhausted', message: 'quota exceeded' } }], good: text, at: 4 },
  { rule: 'gemini-interactions/missing-created', bad: text.slice(1), good: text, at: 0 },
  { rule: 'gemini-interactions/missing-completed', bad: text.slice(0, -1), good: text, at: 7 },
  { rule: 'gemini-interactions/event-after-completed', bad: [...text, inProgress], good: text, at: 9 },
  { rule: 'gemini-interactions/step-not-started', bad: [created, stepDelta(0, { text: 'Hi', type: 'text' }), completed()], good: text, at: 1 },
  { rule: 'gemini-interactions/step-index-reused', bad: [created, ...output(0, 'Hi'), ...output(0, 'again'), completed()], good: [created, ...output(0, 'Hi'), ...output(1, 'again'), completed()], at: 4 },
  { rule: 'gemini-interactions/step-not-stopped', bad: [created, stepStart(0, { type: 'model_output' }), stepDelta(0, { text: 'Hi', type: 'text' }), completed()], good: text, at: 1 },
  { rule: 'gemini-interactions/stop-without-start', bad: [created, ...output(0, 'Hi'), stepStop(0), completed()], good: text, at: 4 },
  { rule: 'gemini-interactions/step-start-repeated', bad: [created, stepStart(0, { type: 'model_output' }), ...output(0, 'Hi'), completed()], good: text, at: 2 },
  { rule: 'gemini-interactions/function-call-not-stopped', bad: [created, inProgress, ...thought(0), ...functionCall(1, '{"location":"Paris"}').slice(0, 2), completed('requires_action')], good: call(), at: 5 },
  { rule: 'gemini-interactions/text-outside-output', bad: [created, stepStart(0, { type: 'thought' }), stepDelta(0, { text: 'Hi', type: 'text' }), stepStop(0), completed()], good: text, at: 2 },
  { rule: 'gemini-interactions/summary-outside-thought', bad: [created, stepStart(0, { type: 'model_output' }), stepDelta(0, { type: 'thought_summary', content: { type: 'text', text: 'Hmm' } }), stepDelta(0, { text: 'Hi', type: 'text' }), stepStop(0), completed()], good: text, at: 2 },
  {
    rule: 'gemini-interactions/arguments-on-start-only',
    bad: [created, inProgress, ...thought(0), stepStart(1, { id: 'call_1', signature: '', type: 'function_call', name: 'getWeather', arguments: { location: 'Paris' } }), stepStop(1), completed('requires_action')],
    good: call(),
    at: 6,
  },
  { rule: 'gemini-interactions/invalid-function-arguments', bad: call('{"location":"Par'), good: call(), at: 7 },
  { rule: 'gemini-interactions/requires-action-without-call', bad: [...text.slice(0, -1), completed('requires_action')], good: call(), at: 8 },
  { rule: 'gemini-interactions/incomplete', bad: [...text.slice(0, -1), completed('incomplete')], good: text, at: 8 },
  { rule: 'gemini-interactions/continuation-without-token', bad: [...text.slice(0, -1), completed('requires_continuation')], good: [...text.slice(0, -1), completed('requires_continuation', 'tok-1')], at: 8 },
  { rule: 'gemini-interactions/unknown-step', bad: [created, stepStart(0, { type: 'hologram' }), stepStop(0), ...output(1, 'Hi'), completed()], good: text, at: 1 },
];

describe('gemini-interactions rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(interactionsRules.map((r) => r.id)));
  });

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at }) => {
    const meta = interactionsRules.find((r) => r.id === rule);
    const hit = runInteractions(eventFrames(bad)).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    expect(hit[0]?.frames[0]).toBe(at);
    expect(runInteractions(eventFrames(good)).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('clean text and function-call streams have no findings', () => {
    expect(runInteractions(eventFrames(text)).findings).toEqual([]);
    expect(runInteractions(eventFrames(call())).findings).toEqual([]);
  });
});

describe('gemini-interactions fold', () => {
  it('shows text, a function call with its streamed arguments, a server search with its result, sources and usage', () => {
    const search = [
      stepStart(2, { id: 's1', type: 'google_search_call' }),
      stepDelta(2, { type: 'google_search_call', arguments: { queries: ['paris weather'] } }),
      stepStop(2),
      stepStart(3, { call_id: 's1', type: 'google_search_result' }),
      stepDelta(3, { type: 'google_search_result', result: [{ title: 'Weather' }], is_error: false }),
      stepStop(3),
    ];
    const annotated = [stepStart(4, { type: 'model_output' }), stepDelta(4, { text: 'Sunny.', type: 'text' }), stepDelta(4, { type: 'text_annotation_delta', annotations: [{ url: 'https://w.example/p', title: 'w.example', start_index: 0, end_index: 6 }] }), stepStop(4)];
    const { view, findings } = runInteractions(eventFrames([created, ...thought(0), ...functionCall(1, '{"location":"Paris"}'), ...search, ...annotated, completed()]));
    expect(findings).toEqual([]);
    expect(view.items.map((i) => (i.kind === 'raw' ? i.text : i.kind))).toEqual(['tool', 'tool', 'text', 'source: w.example <https://w.example/p>']);
    expect(view.items[0]).toMatchObject({ name: 'getWeather', toolId: 'call_1', input: { location: 'Paris' }, status: 'pending' });
    expect(view.items[1]).toMatchObject({ name: 'google_search', input: { queries: ['paris weather'] }, result: [{ title: 'Weather' }], status: 'success' });
    expect(view.items[2]).toMatchObject({ text: 'Sunny.', brand: true, final: true });
    expect(view.usage).toEqual({ total_tokens: 10, total_output_tokens: 4 });
  });

  it('a failed interaction is one warning and a failed turn', () => {
    const { findings, view } = runInteractions(eventFrames([created, ...output(0, 'Hi'), completed('failed')]));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['gemini-interactions/failed', 'warning']]);
    expect(view.items.at(-1)).toMatchObject({ kind: 'error', message: 'interaction failed' });
  });
});
