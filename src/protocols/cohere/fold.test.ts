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
