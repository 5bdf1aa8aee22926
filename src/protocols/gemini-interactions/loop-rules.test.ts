// The tool loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up that pairs calls and results wrongly is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { geminiInteractionsProtocol } from './index';

describe('gemini-interactions tool loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(geminiInteractionsProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['gemini-interactions/loop-stalled', 'warning'],
      ['gemini-interactions/loop-tool-calls-changed', 'error'],
      ['gemini-interactions/loop-unknown-tool-call-id', 'error'],
      ['gemini-interactions/loop-missing-tool-result', 'error'],
      ['gemini-interactions/loop-too-deep', 'warning'],
    ]);
  });
});
