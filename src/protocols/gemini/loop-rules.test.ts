// The function-call loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up the API rejects is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { geminiProtocol } from './index';

describe('gemini function-call loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(geminiProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['gemini/loop-stalled', 'warning'],
      ['gemini/loop-tool-calls-changed', 'error'],
      ['gemini/loop-unknown-tool-call-id', 'error'],
      ['gemini/loop-missing-tool-result', 'error'],
      ['gemini/loop-too-deep', 'warning'],
    ]);
  });
});
