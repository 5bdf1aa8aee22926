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

  it('builds an empty array or object from a value-less piece, as the AI SDK does (nested ones too)', () => {
    const frames = chunkFrames([
      chunk([{ functionCall: { name: 'write', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.tags[]' }, { jsonPath: '$.opts' }, { jsonPath: '$.recipe.steps[]' }, { jsonPath: '$.rows[0][]' }, { jsonPath: '$.rows[1]' }], willContinue: true } }]),
      chunk([{ functionCall: {} }]),
      stop,
    ]);
    const { view, findings } = runGemini(frames);
    expect(findings).toEqual([]);
    expect(view.items[0]).toMatchObject({ kind: 'tool', input: { tags: [], opts: {}, recipe: { steps: [] }, rows: [[], {}] }, inputText: '{"tags":[],"opts":{},"recipe":{"steps":[]},"rows":[[],{}]}' });
    // A value-less piece keeps the value at its path, and waits while it says willContinue.
    const args: Record<string, unknown> = {};
    applyPartialArgs(args, [{ jsonPath: '$.n', numberValue: 1 }, { jsonPath: '$.n' }, { jsonPath: '$.later', willContinue: true }]);
    expect(args).toEqual({ n: 1 });
    // Paths as the AI SDK reads them: `$.` dropped only as a prefix, an index key under an array is an index.
    applyPartialArgs(args, [{ jsonPath: '$[0]', stringValue: 'x' }, { jsonPath: '$.t[0]', stringValue: 'a' }, { jsonPath: '$.t.1', stringValue: 'b' }, { jsonPath: '$.n', stringValue: 'a' }]);
    expect(args).toEqual({ n: '1a', $: ['x'], t: ['a', 'b'] });
    expect(parsePath('$.tags[]')).toEqual(['tags']);
  });

  it('skips a piece whose array index leaves a gap, as the AI SDK does, and reports it', () => {
    const frames = chunkFrames([
      chunk([{ functionCall: { name: 'write', willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.tags[1]', stringValue: 'b' }, { jsonPath: '$.n', numberValue: 1 }], willContinue: true } }]),
      chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.tags[2]', stringValue: 'c' }], willContinue: true } }]),
      chunk([{ functionCall: {} }]),
      stop,
    ]);
    const { view, findings } = runGemini(frames);
    expect(findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['gemini/partial-args-index-gap', 'error', [1]]]);
    expect(findings[0]?.message).toContain('"$.tags[1]"');
    expect(view.items[0]).toMatchObject({ kind: 'tool', input: { n: 1 }, inputText: '{"n":1}' });
  });

  it('a piece whose path runs through a string is an error (the AI SDK throws) and is left out', () => {
    const frames = chunkFrames([chunk([{ functionCall: { name: 'write', willContinue: true } }]), chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.a', stringValue: 'x' }, { jsonPath: '$.a.b', numberValue: 1 }] } }]), stop]);
    const { view, findings } = runGemini(frames);
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/invalid-chunk', 'error']]);
    expect(view.items[0]).toMatchObject({ kind: 'tool', input: { a: 'x' } });
  });

  it('BLOCK_REASON_UNSPECIFIED blocks nothing: no blocked item, no finding, the text shows', () => {
    const { view, findings } = runGemini(chunkFrames([{ promptFeedback: { blockReason: 'BLOCK_REASON_UNSPECIFIED' } }, text('Hi'), stop]));
    expect(findings).toEqual([]);
    expect(view.items).toEqual([expect.objectContaining({ kind: 'text', text: 'Hi' })]);
  });

  it('content with or after a confirmed block reason is an error (the AI SDK drops it) and shown as @google/genai shows it', () => {
    const same = runGemini(chunkFrames([{ ...(chunk([{ text: 'Hi' }], { finishReason: 'STOP' }) as object), promptFeedback: { blockReason: 'SAFETY' } }]));
    expect(same.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['gemini/prompt-blocked', 'info', [0]], ['gemini/content-after-prompt-blocked', 'error', [0]]]);
    expect(same.view.items.map((i) => i.kind)).toEqual(['error', 'text']);
    const after = runGemini(chunkFrames([{ promptFeedback: { blockReason: 'SAFETY' } }, text('Hi'), text('!'), stop]));
    expect(after.findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([['gemini/prompt-blocked', 'info', [0]], ['gemini/content-after-prompt-blocked', 'error', [1, 0]]]);
    expect(after.view.items).toMatchObject([{ kind: 'error', message: 'prompt blocked: SAFETY' }, { kind: 'text', text: 'Hi!' }]);
    // A block with nothing after it but an empty finishing part is the plain blocked prompt.
    expect(runGemini(chunkFrames([{ promptFeedback: { blockReason: 'SAFETY' } }, stop])).findings.map((f) => f.rule)).toEqual(['gemini/prompt-blocked']);
  });

  it('reads candidates[0] whatever its index, as both clients do', () => {
    const only1 = runGemini(chunkFrames([chunk([{ text: 'Hi' }], { index: 1, finishReason: 'STOP' })]));
    expect(only1.view.items).toEqual([expect.objectContaining({ kind: 'text', text: 'Hi' })]);
    expect(only1.findings.map((f) => [f.rule, f.severity])).toEqual([['gemini/extra-candidates', 'info']]);
    const both = { candidates: [{ content: { role: 'model', parts: [{ text: 'B' }] }, index: 1 }, { content: { role: 'model', parts: [{ text: 'A' }] }, index: 0, finishReason: 'STOP' }] };
    expect(runGemini(chunkFrames([both, stop])).view.items).toEqual([expect.objectContaining({ kind: 'text', text: 'B' })]);
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
