// The tool-loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up the API rejects is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { openaiResponsesProtocol } from './index';

describe('openai-responses tool-loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(openaiResponsesProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['openai-responses/loop-stalled', 'warning'],
      ['openai-responses/loop-tool-calls-changed', 'error'],
      ['openai-responses/loop-unknown-tool-call-id', 'error'],
      ['openai-responses/loop-missing-tool-result', 'error'],
      ['openai-responses/loop-too-deep', 'warning'],
    ]);
  });
});
