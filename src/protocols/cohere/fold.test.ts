// What the Cohere fold shows of a stream's reasoning: the model's thinking content, and the tool plan
// it writes before calling tools, each under its own name.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../model/render-text';
import { callDelta, callEnd, callStart, contentDelta, contentEnd, contentStart, end, eventFrames, plan, runCohere, start } from './test-helpers';

describe('Cohere fold', () => {
  it('names the tool plan apart from the thinking', () => {
    const { view } = runCohere(eventFrames([start, contentStart(0, 'thinking'), contentDelta(0, 'The user wants the weather.', 'thinking'), contentEnd(0), plan('I will use '), plan('the weather tool.'), callStart(0, 'weather'), callDelta(0, '{"city":"Paris"}'), callEnd(0), end('TOOL_CALL')]));
    expect(view.items.filter((i) => i.kind === 'reasoning').map((i) => [i.title, i.text])).toEqual([
      [undefined, 'The user wants the weather.'],
      ['Tool plan', 'I will use the weather tool.'],
    ]);
    expect(renderText(view).split('\n').filter((l) => /^(thinking|tool plan):/.test(l))).toEqual(['thinking: The user wants the weather.', 'tool plan: I will use the weather tool.']);
  });

  it('marks a call that never reached tool-call-end in a stream that ended as unfinished, not running', () => {
    const { view, findings } = runCohere(eventFrames([start, callStart(0, 'weather'), callDelta(0, '{"city":'), end('TOOL_CALL')]));
    expect(findings.map((f) => f.rule)).toContain('cohere/tool-call-not-ended');
    expect(view.items.filter((i) => i.kind === 'tool').map((t) => [t.name, t.status, t.unfinished])).toEqual([['weather', 'pending', 3]]);
    expect(renderText(view)).toContain('● its arguments never finished — Weather (weather)');
  });
});

// Streams off the API's order, shown as cohere-ai 8.1 and the AI SDK's Cohere provider (@ai-sdk/cohere 4)
// show them (test/unit/cohere-client-agreement.test.ts runs the same streams through both).
describe('Cohere fold, off the API order', () => {
  const tools = (view: ReturnType<typeof runCohere>['view']) => view.items.filter((i) => i.kind === 'tool').map((t) => [t.name, t.inputText ?? '', t.unfinished]);
  const ruleSeverities = (findings: ReturnType<typeof runCohere>['findings']) => findings.map((f) => [f.rule, f.severity]);

  it('a tool-call-start while another call is open keeps both calls and is an error naming the AI SDK', () => {
    const { view, findings } = runCohere(eventFrames([start, callStart(0, 'weather'), callDelta(0, '{"city":'), callStart(1, 'time'), callDelta(0, '"Paris"}'), callEnd(0), callDelta(1, '{"tz":"CET"}'), callEnd(1), end('TOOL_CALL')]));
    expect(tools(view)).toEqual([['weather', '{"city":"Paris"}', undefined], ['time', '{"tz":"CET"}', undefined]]);
    expect(ruleSeverities(findings)).toEqual([['cohere/tool-call-overlap', 'error']]);
    expect(findings[0]?.frames).toEqual([3, 1]);
    expect(findings[0]?.message).toMatch(/AI SDK's Cohere provider .* overwrites it, so "weather" is never emitted/);
  });

  it('a tool-call-start again at the open call\'s index keeps both calls, the first never finished, and is an error', () => {
    const { view, findings } = runCohere(eventFrames([start, callStart(0, 'noargs'), callStart(0, 'time'), callDelta(0, '{"tz":"CET"}'), callEnd(0), end('TOOL_CALL')]));
    expect(tools(view)).toEqual([['noargs', '', 2], ['time', '{"tz":"CET"}', undefined]]);
    expect(ruleSeverities(findings)).toEqual([['cohere/tool-call-overlap', 'error']]);
  });

  it('a second tool-call-end for an ended call is a warning, not a call that never started', () => {
    const { view, findings } = runCohere(eventFrames([start, callStart(0, 'time'), callDelta(0, '{"tz":"CET"}'), callEnd(0), callEnd(0), end('TOOL_CALL')]));
    expect(tools(view)).toEqual([['time', '{"tz":"CET"}', undefined]]);
    expect(ruleSeverities(findings)).toEqual([['cohere/stray-tool-call-end', 'warning']]);
    expect(findings[0]?.message).toContain('a second tool-call-end for index 0');
    // Arguments with no call to go to are lost in the AI SDK: still an error.
    expect(ruleSeverities(runCohere(eventFrames([start, callStart(0, 'noargs'), callEnd(0), callDelta(0, '{"tz":"CET"}'), end('TOOL_CALL')])).findings)).toEqual([['cohere/tool-call-not-started', 'error']]);
  });

  it('a tool-call-delta or tool-call-end at another index than the open call\'s applies to the open call, with a warning', () => {
    const delta = runCohere(eventFrames([start, callStart(0, 'time'), callDelta(1, '{"tz":"CET"}'), callEnd(0), end('TOOL_CALL')]));
    expect(tools(delta.view)).toEqual([['time', '{"tz":"CET"}', undefined]]);
    expect(delta.view.items.find((i) => i.kind === 'tool')).toMatchObject({ input: { tz: 'CET' } });
    expect(ruleSeverities(delta.findings)).toEqual([['cohere/tool-call-index-mismatch', 'warning']]);
    const endAt = runCohere(eventFrames([start, callStart(0, 'time'), callDelta(0, '{"tz":"CET"}'), callEnd(1), end('TOOL_CALL')]));
    expect(tools(endAt.view)).toEqual([['time', '{"tz":"CET"}', undefined]]);
    expect(endAt.view.items.find((i) => i.kind === 'tool')).toMatchObject({ input: { tz: 'CET' } });
    expect(ruleSeverities(endAt.findings)).toEqual([['cohere/tool-call-index-mismatch', 'warning']]);
  });

  it('a content-delta without content-start is an error, and its text or thinking is shown', () => {
    const text = runCohere(eventFrames([start, contentDelta(0, 'Hi'), contentDelta(0, ' there'), end('COMPLETE')]));
    expect(text.view.items.map((i) => [i.kind, 'text' in i ? i.text : undefined])).toEqual([['text', 'Hi there']]);
    expect(ruleSeverities(text.findings)).toEqual([['cohere/content-not-started', 'error']]);
    expect(text.findings[0]?.message).toContain('readUIMessageStream throws');
    const thinking = runCohere(eventFrames([start, contentDelta(0, 'hmm', 'thinking'), end('COMPLETE')]));
    expect(thinking.view.items.map((i) => [i.kind, 'text' in i ? i.text : undefined])).toEqual([['reasoning', 'hmm']]);
    expect(ruleSeverities(thinking.findings)).toEqual([['cohere/content-not-started', 'error']]);
  });

  it('content and calls after message-end are read on and shown, with one warning', () => {
    const late = runCohere(eventFrames([start, contentStart(0), contentDelta(0, 'Hi'), end('COMPLETE'), contentDelta(0, ' there'), contentEnd(0)]));
    expect(late.view.items.map((i) => [i.kind, 'text' in i ? i.text : undefined])).toEqual([['text', 'Hi there']]);
    expect(ruleSeverities(late.findings)).toEqual([['cohere/event-after-end', 'warning']]);
    expect(late.view.streaming).toBe(false);
    const call = runCohere(eventFrames([start, callStart(0, 'time'), callDelta(0, '{"tz":"CET"}'), end('TOOL_CALL'), callEnd(0)]));
    expect(tools(call.view)).toEqual([['time', '{"tz":"CET"}', undefined]]);
    expect(ruleSeverities(call.findings)).toEqual([['cohere/event-after-end', 'warning']]);
    // A block or call the stream never ends is still reported, as at message-end.
    const open = runCohere(eventFrames([start, contentStart(0), contentDelta(0, 'Hi'), callStart(1, 'time'), end('TOOL_CALL')]));
    expect(ruleSeverities(open.findings)).toEqual([['cohere/content-not-ended', 'warning'], ['cohere/tool-call-not-ended', 'error']]);
    expect(tools(open.view)).toEqual([['time', '', 4]]);
    expect(open.findings[1]?.message).toContain('never emits this one');
  });

  it('a delta whose field is not its block\'s kind is shown by its field, and is an error', () => {
    const thinkingInText = runCohere(eventFrames([start, contentStart(0), contentDelta(0, 'Hi'), contentDelta(0, 'hmm', 'thinking'), contentEnd(0), end('COMPLETE')]));
    expect(thinkingInText.view.items.map((i) => [i.kind, 'text' in i ? i.text : undefined])).toEqual([['text', 'Hi'], ['reasoning', 'hmm']]);
    expect(ruleSeverities(thinkingInText.findings)).toEqual([['cohere/delta-type-mismatch', 'error']]);
    expect(thinkingInText.findings[0]?.message).toContain('Received reasoning-delta for missing reasoning part');
    const textInThinking = runCohere(eventFrames([start, contentStart(0, 'thinking'), contentDelta(0, 'Hi'), contentEnd(0), end('COMPLETE')]));
    expect(textInThinking.view.items.map((i) => [i.kind, 'text' in i ? i.text : undefined])).toEqual([['reasoning', ''], ['text', 'Hi']]);
    expect(ruleSeverities(textInThinking.findings)).toEqual([['cohere/delta-type-mismatch', 'error']]);
  });
});
