// One triggering input and one near-identical clean input for every Gemini stream rule.
import { describe, expect, it } from 'vitest';
import { geminiRules } from './rules';
import { chunk, chunkFrames, runGemini, stop, text } from './test-helpers';

const hi = text('Hi');
const clean = [hi, stop];
const start = chunk([{ functionCall: { name: 'get_weather', willContinue: true } }]);
const piece = (last = false) => chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris', ...(last ? {} : { willContinue: true }) }], ...(last ? {} : { willContinue: true }) } }]);
const end = chunk([{ functionCall: {} }]);
const streamed = [start, piece(), end, stop];

/** `closed`: the capture also saw the connection's body end after the payloads. */
const cases: { rule: string; bad: (object | string)[]; good: (object | string)[]; at: number; closed?: boolean }[] = [
  { rule: 'gemini/invalid-json', bad: [hi, '{"candidates":', stop], good: clean, at: 1 },
  { rule: 'gemini/invalid-chunk', bad: [hi, { candidates: [{ content: { parts: 'Hi' } }] }, stop], good: clean, at: 1 },
  { rule: 'gemini/invalid-field', bad: [{ candidates: [{ content: { role: 5, parts: [{ text: 'Hi' }] } }] }, stop], good: clean, at: 0 },
  { rule: 'gemini/error-payload', bad: [hi, { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } }], good: clean, at: 1 },
  { rule: 'gemini/missing-finish-reason', bad: [hi, text('!')], good: [hi, text('!'), stop], at: 1 },
  { rule: 'gemini/stream-cut', bad: [hi, text('!')], good: [hi, text('!'), stop], at: 2, closed: true },
  { rule: 'gemini/data-after-finish', bad: [hi, stop, text('more')], good: [hi, text('more'), stop], at: 2 },
  { rule: 'gemini/function-call-unfinished', bad: [start, piece(), stop], good: streamed, at: 0 },
  { rule: 'gemini/partial-args-without-call', bad: [piece(), end, stop], good: streamed, at: 0 },
  { rule: 'gemini/partial-args-index-gap', bad: [start, chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.tags[1]', stringValue: 'b' }], willContinue: true } }]), end, stop], good: [start, chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.tags[0]', stringValue: 'b' }], willContinue: true } }]), end, stop], at: 1 },
  { rule: 'gemini/function-call-missing-name', bad: [chunk([{ functionCall: { args: { city: 'Paris' } } }]), stop], good: [chunk([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }]), stop], at: 0 },
  { rule: 'gemini/malformed-function-call', bad: [hi, chunk([], { finishReason: 'MALFORMED_FUNCTION_CALL' })], good: clean, at: 1 },
  { rule: 'gemini/truncated-finish-reason', bad: [hi, chunk([], { finishReason: 'MAX_TOKENS' })], good: clean, at: 1 },
  { rule: 'gemini/continuation-without-token', bad: [hi, chunk([], { finishReason: 'CONTINUATION' })], good: [hi, chunk([], { finishReason: 'CONTINUATION', continuationToken: 'tok-1' })], at: 1 },
  { rule: 'gemini/prompt-blocked', bad: [{ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 3 }, modelVersion: 'gemini-2.5-flash' }], good: clean, at: 0 },
  { rule: 'gemini/content-after-prompt-blocked', bad: [{ promptFeedback: { blockReason: 'SAFETY' } }, hi, stop], good: [{ promptFeedback: { blockReason: 'BLOCK_REASON_UNSPECIFIED' } }, hi, stop], at: 1 },
  { rule: 'gemini/extra-candidates', bad: [{ candidates: [{ index: 0, content: { role: 'model', parts: [{ text: 'Hi' }] } }, { index: 1, content: { role: 'model', parts: [{ text: 'Hey' }] } }] }, stop], good: clean, at: 0 },
  { rule: 'gemini/unknown-part', bad: [chunk([{ videoMetadata: { fps: 1 } }]), hi, stop], good: clean, at: 0 },
];

describe('gemini rules', () => {
  it('every catalogued rule has a case', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(geminiRules.map((r) => r.id)));
  });

  const framesOf = (payloads: (object | string)[], closed = false) => [...chunkFrames(payloads), ...(closed ? [{ index: payloads.length, connectionId: 'c1', time: payloads.length, direction: 'in' as const, kind: 'close' as const, data: '' }] : [])];

  it.each(cases)('$rule fires on the bad input and not on the good one', ({ rule, bad, good, at, closed }) => {
    const meta = geminiRules.find((r) => r.id === rule);
    const hit = runGemini(framesOf(bad, closed)).findings.filter((f) => f.rule === rule);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit[0]?.severity).toBe(meta?.severity);
    expect(hit[0]?.frames[0]).toBe(at);
    expect(runGemini(framesOf(good, closed)).findings.filter((f) => f.rule === rule)).toEqual([]);
  });

  it('a close before any finishReason is a cut stream only; a page abort is no finding', () => {
    expect(runGemini(framesOf([hi, text('!')], true)).findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/stream-cut', 'error']]);
    const aborted = [...chunkFrames([hi, text('!')]), { index: 2, connectionId: 'c1', time: 2, direction: 'in' as const, kind: 'error' as const, data: 'AbortError: signal is aborted without reason' }];
    expect(runGemini(aborted).findings).toEqual([]);
  });

  it('a usage token count that is not a number is reported (the AI SDK rejects the chunk), and the chunk still shown', () => {
    const withUsage = (promptTokenCount: unknown) => chunk([{ text: '' }], { finishReason: 'STOP' }, { usageMetadata: { promptTokenCount, candidatesTokenCount: 3, totalTokenCount: 8 } });
    const { findings, view } = runGemini(chunkFrames([hi, withUsage('5')]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['gemini/invalid-chunk', 'error', 1]]);
    expect(findings[0]?.message).toContain("the AI SDK's Google provider rejects the chunk");
    expect(findings[0]?.message).toContain('usageMetadata.promptTokenCount: Invalid input: expected number, received string');
    // Its finishReason still ends the turn: no missing-finish-reason.
    expect(view.streaming).toBe(false);
    expect(runGemini(chunkFrames([hi, withUsage(5)])).findings).toEqual([]);
    expect(runGemini(chunkFrames([hi, withUsage(null)])).findings).toEqual([]);
  });

  it('a field only the API\'s types check is a warning, and the chunk is shown without it', () => {
    const { findings, view } = runGemini(chunkFrames([{ candidates: [{ content: { role: 5, parts: [{ text: 'Hi' }] }, index: 'first' }], modelVersion: 7 }, stop]));
    expect(findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['gemini/invalid-field', 'warning', 0]]);
    expect(findings[0]?.message).toMatch(/^candidates\.0\.content\.role: .*\(\+2 more\), where the API's types say otherwise; .* shown without them \(reported once a turn\)$/);
    expect(view.items).toMatchObject([{ kind: 'text', text: 'Hi' }]);
    // A producer that sends the field wrong sends it in every chunk: one warning a turn.
    const everyChunk = runGemini(chunkFrames([0, 1, 2].map((i) => ({ candidates: [{ content: { role: 5, parts: [{ text: `${i}` }] }, ...(i === 2 ? { finishReason: 'STOP' } : {}) }] }))));
    expect(everyChunk.findings.map((f) => [f.rule, f.frames[0]])).toEqual([['gemini/invalid-field', 0]]);
    expect(everyChunk.view.items).toMatchObject([{ kind: 'text', text: '012' }]);
    const feedback = runGemini(chunkFrames([{ promptFeedback: { blockReason: 'SAFETY', blockReasonMessage: 3 } }]));
    expect(feedback.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-field', 'warning'], ['gemini/prompt-blocked', 'info']]);
  });

  it('a call or media part the AI SDK drops, or a call whose args are no object, is an error; the rest of the chunk still shows', () => {
    const call = (functionCall: object) => runGemini(chunkFrames([chunk([{ text: 'Hi' }, { functionCall }]), stop]));
    const named = call({ name: 5, args: { city: 'Paris' } });
    // The call is shown without its name, which no client can run: the missing name follows.
    expect(named.findings.map((f) => [f.rule, f.severity, f.frames[0]])).toEqual([['gemini/invalid-chunk', 'error', 0], ['gemini/function-call-missing-name', 'error', 0]]);
    expect(named.findings[0]?.message).toMatch(/^the AI SDK's Google provider drops the function call at candidates\.0\.content\.parts\.1 \(functionCall\.name: /);
    expect(named.view.items[0]).toMatchObject({ kind: 'text', text: 'Hi' });
    const listed = call({ name: 'get_weather', args: ['Paris'] });
    expect(listed.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-chunk', 'error']]);
    expect(listed.findings[0]?.message).toContain('candidates.0.content.parts.1.functionCall.args is an array, not an object');
    expect(call({ name: 'get_weather', args: { city: 'Paris' } }).findings).toEqual([]);
    const media = runGemini(chunkFrames([chunk([{ text: 'Hi' }, { inlineData: { mimeType: 'image/png' } }]), stop]));
    expect(media.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-chunk', 'error']]);
    expect(media.findings[0]?.message).toContain('drops the inline data at candidates.0.content.parts.1 (inlineData.data: ');
    expect(media.view.items[0]).toMatchObject({ kind: 'text', text: 'Hi' });
  });

  it('what only the AI SDK checks is an error: a web source without its uri, a safety rating of the wrong type', () => {
    const grounded = runGemini(chunkFrames([chunk([{ text: 'Hi' }], { groundingMetadata: { groundingChunks: [{ web: { title: 'Example' } }] } }), stop]));
    expect(grounded.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-chunk', 'error']]);
    expect(grounded.findings[0]?.message).toContain('candidates.0.groundingMetadata.groundingChunks.0.web.uri');
    expect(grounded.view.items[0]).toMatchObject({ kind: 'text', text: 'Hi' });
    const rated = runGemini(chunkFrames([chunk([{ text: 'Hi' }], { safetyRatings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', probability: 1 }] }), stop]));
    expect(rated.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-chunk', 'error']]);
    const fine = runGemini(chunkFrames([chunk([{ text: 'Hi' }], { safetyRatings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' }] }), stop]));
    expect(fine.findings).toEqual([]);
  });

  it('clean text and function-call streams have no findings', () => {
    expect(runGemini(chunkFrames(clean)).findings).toEqual([]);
    expect(runGemini(chunkFrames(streamed)).findings).toEqual([]);
  });

  it('an error payload is reported once, without end-of-stream noise, as a failed turn', () => {
    const { findings, view } = runGemini(chunkFrames([hi, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }]));
    expect(findings.map((f) => f.rule)).toEqual(['gemini/error-payload']);
    expect(view.items.at(-1)).toMatchObject({ kind: 'error', message: 'Internal error' });
  });
});
