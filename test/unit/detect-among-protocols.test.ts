// Automatic detection with the flat-block protocol (same event names) and the OpenAI protocols
// registered beside Anthropic: each capture lands on its own protocol, in either registry order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/readers/read-input';
import { SessionPipeline } from '../../src/analysis/pipeline';
import { flatBlockProtocol } from '../../src/protocols/flat-block';
import { openaiChatProtocol } from '../../src/protocols/openai-chat';
import { openaiResponsesProtocol } from '../../src/protocols/openai-responses';
import type { ProtocolDefinition } from '../../src/protocols/types';
import { anthropicProtocol } from '../../src/protocols/anthropic';
import { corpusPath, HAS_CORPUS, needsShared } from '../support/shared-dir';

const here = (...p: string[]) => path.resolve(__dirname, '../../src/protocols/anthropic', ...p);
const inputs: [string, string][] = [
  ...(HAS_CORPUS
    ? ([
        [corpusPath('anthropic/basic_response.sse'), 'anthropic'],
        [corpusPath('anthropic/incomplete_partial_json_response.sse'), 'anthropic'],
        [corpusPath('anthropic/stream-b-fallback.sse'), 'anthropic'],
      ] as [string, string][])
    : []),
  [here('testdata/invalid-interleaved-blocks.sse'), 'anthropic'],
  [here('../flat-block/testdata/valid-turn.jsonl'), 'flat-block'],
  [here('../flat-block/testdata/invalid-broken.jsonl'), 'flat-block'],
  [here('../openai-chat/testdata/valid-reasoning-tools.sse'), 'openai-chat'],
  [here('../openai-responses/testdata/valid-reasoning-message-tool.sse'), 'openai-responses'],
];

function detect(file: string, registry: readonly ProtocolDefinition[]): string {
  const pipeline = new SessionPipeline(registry);
  for (const frame of readInput(readFileSync(file, 'utf8')).capture.frames) pipeline.append(frame);
  pipeline.finish();
  return pipeline.protocol;
}

const forward = [flatBlockProtocol, anthropicProtocol, openaiChatProtocol, openaiResponsesProtocol];

describe('detection among protocols', () => {
  it.each(inputs)(needsShared('%s → %s (the real streams skip when the corpus is absent)'), (file, expected) => {
    expect(detect(file, forward)).toBe(expected);
    expect(detect(file, [...forward].reverse())).toBe(expected);
  });

  it('a flat-block turn stripped to shared events is never claimed by Anthropic with certainty', () => {
    const events = [
      { type: 'message_start', message: { id: 'm1' } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hi' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ];
    const pipeline = new SessionPipeline([flatBlockProtocol, anthropicProtocol]);
    events.forEach((e, index) => pipeline.append({ index, connectionId: 'c', time: index, direction: 'in', kind: 'message', data: JSON.stringify(e) }));
    pipeline.finish();
    // Equal plausibility: the earlier registry entry (flat-block) wins the tie.
    expect(pipeline.protocol).toBe('flat-block');
  });
});
