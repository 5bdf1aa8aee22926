// The tool-loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up the API rejects is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { openaiChatProtocol } from './index';

describe('openai-chat tool-loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(openaiChatProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['openai-chat/loop-stalled', 'warning'],
      ['openai-chat/loop-tool-calls-changed', 'error'],
      ['openai-chat/loop-unknown-tool-call-id', 'error'],
      ['openai-chat/loop-missing-tool-result', 'error'],
      ['openai-chat/loop-too-deep', 'warning'],
    ]);
  });
});
