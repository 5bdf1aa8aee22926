// Real captured streams from the Anthropic SDK's test fixtures (shared/corpus/anthropic).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAnthropic, sseFrames } from './test-helpers';
import { corpusPath, HAS_CORPUS, needsShared } from '../../../test/support/shared-dir';

const dir = corpusPath('anthropic');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

describe.skipIf(!HAS_CORPUS)(needsShared('anthropic corpus'), () => {
  it.each(['basic_response.sse', 'tool_use_response.sse', 'stream-a-refusal.sse', 'stream-a-toolrefusal.sse', 'stream-b-fallback.sse'])(
    '%s has no error or warning findings',
    (name) => {
      const { findings, view } = runAnthropic(sseFrames(read(name)));
      expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
      expect(view.streaming).toBe(false);
    },
  );

  it('basic_response folds to one branded final text', () => {
    const { view } = runAnthropic(sseFrames(read('basic_response.sse')));
    expect(view.items).toMatchObject([{ kind: 'text', text: 'Hello there!', brand: true, final: true }]);
    expect(view.usage).toMatchObject({ input_tokens: 11, output_tokens: 6 });
  });

  it('tool_use_response yields text and a pending get_weather call with parsed input', () => {
    const { view } = runAnthropic(sseFrames(read('tool_use_response.sse')));
    expect(view.items).toMatchObject([
      { kind: 'text', text: "I'll check the current weather in Paris for you.", final: false },
      { kind: 'tool', toolId: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', label: 'Get weather', input: { location: 'Paris' }, inputText: '{"location": "Paris"}', status: 'pending' },
    ]);
  });

  it('the refusal streams are valid and say so as info; the server tool gets its result', () => {
    const refusal = runAnthropic(sseFrames(read('stream-a-refusal.sse')));
    expect(refusal.findings.map((f) => [f.rule, f.severity])).toEqual([['anthropic/refusal', 'info']]);
    expect(refusal.view.items.map((i) => i.kind)).toEqual(['reasoning', 'text']);
    const tool = runAnthropic(sseFrames(read('stream-a-toolrefusal.sse')));
    expect(tool.view.items[0]).toMatchObject({ kind: 'tool', name: 'web_search', status: 'success', input: { query: 'solar eclipse viewing safety news 2026' } });
    expect(tool.findings.map((f) => f.rule)).toEqual(['anthropic/refusal']);
  });

  it('incomplete_partial_json_response: unstopped tool block with truncated JSON', () => {
    const frames = sseFrames(read('incomplete_partial_json_response.sse'));
    const { findings } = runAnthropic(frames);
    const messageDelta = frames.findIndex((f) => f.eventName === 'message_delta');
    const toolStart = frames.findIndex((f) => f.data.includes('"tool_use"'));
    expect(findings.map((f) => [f.rule, f.severity, f.frames])).toEqual([
      ['anthropic/block-not-stopped', 'warning', [messageDelta, toolStart]],
      ['anthropic/invalid-tool-json', 'error', [messageDelta, toolStart]],
    ]);
  });
});

describe('anthropic testdata', () => {
  const local = (name: string) => readFileSync(path.resolve(__dirname, 'testdata', name), 'utf8');

  it('valid-thinking-tool.sse is clean', () => {
    const { findings, view } = runAnthropic(sseFrames(local('valid-thinking-tool.sse')));
    expect(findings).toEqual([]);
    expect(view.items.map((i) => i.kind)).toEqual(['reasoning', 'text', 'tool']);
  });

  it('invalid-interleaved-blocks.sse reports the unstopped, interleaved blocks and the bad ending', () => {
    const { findings } = runAnthropic(sseFrames(local('invalid-interleaved-blocks.sse')));
    expect(findings.map((f) => [f.rule, f.frames[0]])).toEqual([
      ['anthropic/block-not-stopped', 3],
      ['anthropic/block-not-open', 4],
      ['anthropic/invalid-tool-json', 6],
      ['anthropic/missing-stop-reason', 8],
    ]);
  });
});
