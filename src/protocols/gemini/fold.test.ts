// What the Gemini fold shows: thoughts, text, function calls with their arguments (whole or streamed
// as partialArgs), code execution, inline data, grounding sources, usage, and `alt=json` arrays.
import { describe, expect, it } from 'vitest';
import { chunk, chunkFrames, runGemini, stop, text } from './test-helpers';
import { applyPartialArgs, parsePath } from './partial-args';

describe('gemini fold', () => {
  it('folds thoughts, text and a whole function call into items in order', () => {
    const { view, findings } = runGemini(
      chunkFrames([chunk([{ text: 'Thinking…', thought: true }]), text('Let me '), text('check.'), chunk([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' }]), stop]),
    );
    expect(findings).toEqual([]);
    expect(view.items.map((i) => i.kind)).toEqual(['reasoning', 'text', 'tool']);
    expect(view.items[0]).toMatchObject({ text: 'Thinking…', frames: [0] });
    expect(view.items[1]).toMatchObject({ text: 'Let me check.', brand: true, final: true, frames: [1, 2] });
    expect(view.items[2]).toMatchObject({ name: 'get_weather', label: 'Get weather', input: { city: 'Paris' }, inputText: '{"city":"Paris"}', status: 'pending' });
    expect(view.streaming).toBe(false);
  });

  it('builds streamed arguments from partialArgs, nested paths and arrays included', () => {
    const frames = chunkFrames([
      chunk([{ functionCall: { name: 'cook', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.recipe.steps[0]', stringValue: 'Pre', willContinue: true }], willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.recipe.steps[0]', stringValue: 'heat' }], willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.recipe.serves', numberValue: 4 }, { jsonPath: '$.recipe.vegan', boolValue: false }], willContinue: true } }]),
      chunk([{ functionCall: {} }]),
      stop,
    ]);
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items).toEqual([expect.objectContaining({ kind: 'tool', name: 'cook', input: { recipe: { steps: ['Preheat'], serves: 4, vegan: false } }, frames: [0, 1, 2, 3, 4] })]);
  });

  it('a partialArgs chunk without willContinue ends its call (no terminal chunk needed)', () => {
    const frames = chunkFrames([chunk([{ functionCall: { name: 'write', willContinue: true } }]), chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.n', numberValue: 1 }] } }]), stop]);
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items[0]).toMatchObject({ input: { n: 1 }, inputText: '{"n":1}' });
  });

  it('keeps __proto__ paths as own data', () => {
    const args: Record<string, unknown> = {};
    applyPartialArgs(args, [{ jsonPath: '$.__proto__.polluted', stringValue: 'yes' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(args)).toBe('{"__proto__":{"polluted":"yes"}}');
    expect(parsePath('$.a[2].b')).toEqual(['a', 2, 'b']);
    expect(parsePath('$')).toBeUndefined();
  });

  it('shows grounding sources once each, inline data and code execution', () => {
    const grounding = { groundingMetadata: { groundingChunks: [{ web: { uri: 'https://a.example/x', title: 'a.example' } }, { web: { uri: 'https://b.example/y', title: 'b.example' } }] } };
    const frames = chunkFrames([
      chunk([{ text: 'Answer' }], grounding),
      chunk([{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }], grounding),
      chunk([{ executableCode: { language: 'PYTHON', code: 'print(1)' } }]),
      chunk([{ codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } }], { finishReason: 'STOP' }),
    ]);
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => (i.kind === 'raw' ? i.text : i.kind))).toEqual(['text', 'source: a.example <https://a.example/x>', 'source: b.example <https://b.example/y>', 'file: image/png (12 characters of base64)', 'tool']);
    expect(view.items[4]).toMatchObject({ name: 'code_execution', input: { language: 'PYTHON', code: 'print(1)' }, result: '1\n', status: 'success' });
  });

  it('reads an alt=json array frame as the whole stream, and keeps the latest usage', () => {
    const array = [text('Hi'), { ...(stop as object), usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } }];
    const { view, findings } = runGemini(chunkFrames([array]));
    expect(findings).toEqual([]);
    expect(view.items).toEqual([expect.objectContaining({ kind: 'text', text: 'Hi' })]);
    expect(view.usage).toEqual({ promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 });
  });

  it('a new connection starts a new response', () => {
    const frames = [...chunkFrames([text('One'), stop], 'c1'), ...chunkFrames([text('Two'), stop], 'c2', 2)];
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items.map((i) => (i.kind === 'text' ? [i.text, i.brand] : i.kind))).toEqual([['One', true], ['Two', true]]);
  });

  it('marks a streamed call whose final chunk never came as unfinished at the stream\'s end, not running', () => {
    const { view, findings } = runGemini(chunkFrames([chunk([{ functionCall: { name: 'get_weather', willContinue: true } }]), chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.city', stringValue: 'Par', willContinue: true }], willContinue: true } }]), stop]));
    expect(findings.map((f) => f.rule)).toEqual(['gemini/function-call-unfinished']);
    expect(view.items.filter((i) => i.kind === 'tool').map((t) => [t.name, t.status, t.unfinished])).toEqual([['get_weather', 'pending', 2]]);
  });
});
