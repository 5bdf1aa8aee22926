// The tool loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up that pairs calls and results wrongly is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { cohereProtocol } from './index';

describe('cohere tool loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(cohereProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['cohere/loop-stalled', 'warning'],
      ['cohere/loop-tool-calls-changed', 'error'],
      ['cohere/loop-unknown-tool-call-id', 'error'],
      ['cohere/loop-missing-tool-result', 'error'],
      ['cohere/loop-too-deep', 'warning'],
    ]);
  });
});
