// One triggering input and one near-identical clean input for every Cohere rule.
import { describe, expect, it } from 'vitest';
import { cohereRules } from './rules';
import { callDelta, callEnd, callStart, contentDelta, contentEnd, contentStart, end, eventFrames, plan, runCohere, start } from './test-helpers';

const text = [start, contentStart(0), contentDelta(0, 'Hi'), contentEnd(0), end('COMPLETE')];
const tool = (args = '{"city":"Paris"}') => [start, plan('I will look.'), callStart(0, 'weather'), callDelta(0, args), callEnd(0), end('TOOL_CALL')];

/** `closed`: the capture also saw the connection's body end after the payloads. */
const cases: { rule: string; bad: (object | string)[]; good: (object | string)[]; at: number; closed?: boolean }[] = [
  { rule: 'cohere/invalid-json', bad: [start, '{"type":', end('COMPLETE')], good: text, at: 1 },
  { rule: 'cohere/invalid-event', bad: [start, { type: 'content-delta', delta: { message: { content: { text: 'Hi' } } } }, end('COMPLETE')], good: text, at: 1 },
  { rule: 'cohere/unknown-event', bad: [start, { type: 'search-results', results: [] }, ...text.slice(1)], good: text, at: 1 },
  { rule: 'cohere/error-finish', bad: [start, contentStart(0), contentEnd(0), end('ERROR', { error: 'internal error' })], good: text, at: 3 },
  { rule: 'cohere/missing-message-start', bad: text.slice(1), good: text, at: 0 },
  { rule: 'cohere/missing-message-end', bad: text.slice(0, 4), good: text, at: 3 },
  { rule: 'cohere/stream-cut', bad: text.slice(0, 4), good: text, at: 4, closed: true },
  { rule: 'cohere/event-after-end', bad: [...text, contentDelta(0, 'late')], good: text, at: 5 },
  { rule: 'cohere/content-not-started', bad: [start, contentDelta(0, 'Hi'), end('COMPLETE')], good: text, at: 1 },
  { rule: 'cohere/content-not-ended', bad: [start, contentStart(0), contentDelta(0, 'Hi'), end('COMPLETE')], good: text, at: 1 },
  { rule: 'cohere/overlapping-blocks', bad: [start, contentStart(0, 'thinking'), contentStart(1), contentDelta(1, 'Hi'), contentEnd(1), contentEnd(0), end('COMPLETE')], good: text, at: 4 },
  { rule: 'cohere/delta-type-mismatch', bad: [start, contentStart(0), contentDelta(0, 'hmm', 'thinking'), contentEnd(0), end('COMPLETE')], good: text, at: 2 },
  { rule: 'cohere/tool-call-not-started', bad: [start, callDelta(0, '{}'), callEnd(0), end('COMPLETE')], good: tool(), at: 1 },
  { rule: 'cohere/tool-call-not-ended', bad: [start, callStart(0, 'weather'), callDelta(0, '{}'), end('TOOL_CALL')], good: tool(), at: 1 },
  { rule: 'cohere/tool-call-overlap', bad: [start, callStart(0, 'weather'), callStart(1, 'time'), callEnd(1), callEnd(0), end('TOOL_CALL')], good: [start, callStart(0, 'weather'), callEnd(0), callStart(1, 'time'), callEnd(1), end('TOOL_CALL')], at: 2 },
  { rule: 'cohere/tool-call-index-mismatch', bad: [start, plan('I will look.'), callStart(0, 'weather'), callDelta(1, '{"city":"Paris"}'), callEnd(0), end('TOOL_CALL')], good: tool(), at: 3 },
  { rule: 'cohere/stray-tool-call-end', bad: [...tool().slice(0, 5), callEnd(0), end('TOOL_CALL')], good: tool(), at: 5 },
  { rule: 'cohere/invalid-tool-arguments', bad: tool('{"city":"Par'), good: tool(''), at: 4 },
  { rule: 'cohere/finish-reason-mismatch', bad: [...text.slice(0, 4), end('TOOL_CALL')], good: text, at: 4 },
  { rule: 'cohere/truncated-finish-reason', bad: [...text.slice(0, 4), end('MAX_TOKENS')], good: text, at: 4 },
];

describe('cohere rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(cohereRules.map((r) => r.id)));
  });

  const framesOf = (payloads: (object | string)[], closed = false) => [...eventFrames(payloads), ...(closed ? [{ index: payloads.length, connectionId: 'c1', time: payloads.length, direction: 'in' as const, kind: 'close' as const, data: '' }] : [])];

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at, closed }) => {
    const meta = cohereRules.find((r) => r.id === rule);
    const hit = runCohere(framesOf(bad, closed)).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    expect(hit[0]?.frames[0]).toBe(at);
    expect(runCohere(framesOf(good, closed)).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('a close before message-end is a cut stream, not a missing message-end; a page abort is no finding', () => {
    const rules = runCohere(framesOf(text.slice(0, 4), true)).findings.map((f) => f.rule);
    expect(rules).toContain('cohere/stream-cut');
    expect(rules).not.toContain('cohere/missing-message-end');
    const aborted = [...eventFrames(text.slice(0, 4)), { index: 4, connectionId: 'c1', time: 4, direction: 'in' as const, kind: 'error' as const, data: 'AbortError: signal is aborted without reason' }];
    expect(runCohere(aborted).findings).toEqual([]);
  });

  it('an event cohere-ai reads and the AI SDK rejects is reported as invalid, and still shown as cohere-ai shows it', () => {
    const noTokens = { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 3, output_tokens: 2 } } } };
    const { findings, view } = runCohere(eventFrames([...text.slice(0, 4), noTokens]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['cohere/invalid-event', 'error', 4]]);
    expect(findings[0]?.message).toContain('delta.usage.tokens');
    // The message ended (no missing message-end), with its usage.
    expect(view.streaming).toBe(false);
    expect(view.usage).toEqual({ 'billed_units.input_tokens': 3, 'billed_units.output_tokens': 2 });
    const debug = runCohere(eventFrames([start, { type: 'debug', prompt: 'raw' }, ...text.slice(1)])).findings;
    expect(debug.map((f) => [f.rule, f.frames[0]])).toEqual([['cohere/invalid-event', 1]]);
    expect(debug[0]?.message).toContain('it has no debug event');
    // A message-end that reports the stream's own failure is that failure's, whatever its usage.
    expect(runCohere(eventFrames([start, contentStart(0), contentEnd(0), { type: 'message-end', delta: { finish_reason: 'ERROR', error: 'internal error' } }])).findings.map((f) => f.rule)).toEqual(['cohere/error-finish']);
  });

  it('clean text and tool streams have no findings', () => {
    expect(runCohere(eventFrames(text)).findings).toEqual([]);
    expect(runCohere(eventFrames(tool())).findings).toEqual([]);
  });
});

describe('cohere fold', () => {
  it('shows the tool plan and thinking as reasoning, text, tool calls with their arguments, citations and usage', () => {
    const citation = { type: 'citation-start', index: 0, delta: { message: { citations: { start: 0, end: 5, text: 'Paris', sources: [{ type: 'document', id: 'doc_1', document: { title: 'Paris guide', url: 'https://guide.example/paris' } }] } } } };
    const frames = eventFrames([start, plan('I will '), plan('look.'), callStart(0, 'weather'), callDelta(0, '{"city":'), callDelta(0, '"Paris"}'), callEnd(0), contentStart(1, 'thinking'), contentDelta(1, 'hmm', 'thinking'), contentEnd(1), contentStart(2), contentDelta(2, 'Sunny'), contentEnd(2), citation, { type: 'citation-end', index: 0 }, end('TOOL_CALL')]);
    const { view, findings } = runCohere(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => [i.kind, 'text' in i ? i.text : i.kind === 'tool' ? i.input : undefined])).toEqual([
      ['reasoning', 'I will look.'],
      ['tool', { city: 'Paris' }],
      ['reasoning', 'hmm'],
      ['text', 'Sunny'],
      ['raw', 'source: Paris guide <https://guide.example/paris>'],
    ]);
    expect(view.items[1]).toMatchObject({ name: 'weather', toolId: 'weather_1', inputText: '{"city":"Paris"}' });
    expect(view.usage).toEqual({ 'billed_units.input_tokens': 3, 'billed_units.output_tokens': 2, 'tokens.input_tokens': 40, 'tokens.output_tokens': 2 });
    expect(view.streaming).toBe(false);
  });

  it('an error finish is one warning and a failed turn, without end-of-stream noise', () => {
    const { findings, view } = runCohere(eventFrames([start, contentStart(0), end('ERROR', { error: 'quota exceeded' })]));
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['cohere/error-finish', 'warning']]);
    expect(view.items.at(-1)).toMatchObject({ kind: 'error', message: 'quota exceeded' });
  });
});
