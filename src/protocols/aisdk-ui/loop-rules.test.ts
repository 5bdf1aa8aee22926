// The tool-loop rules (checked across requests in src/analysis/tool-loop/, each with its triggering and
// silent conversation there) are part of this protocol's catalogue, graded by docs/severity-policy.md:
// a follow-up the API rejects is an error, a loop that stopped or may not end a warning.
import { describe, expect, it } from 'vitest';
import { aisdkUiProtocol } from './index';

describe('aisdk-ui tool-loop rules', () => {
  it('are listed in the protocol catalogue with their severities', () => {
    expect(aisdkUiProtocol.rules.filter((r) => r.id.includes('/loop-')).map((r) => [r.id, r.severity])).toEqual([
      ['aisdk/loop-stalled', 'warning'],
      ['aisdk/loop-tool-calls-changed', 'error'],
      ['aisdk/loop-unknown-tool-call-id', 'error'],
      ['aisdk/loop-missing-tool-result', 'error'],
      ['aisdk/loop-too-deep', 'warning'],
    ]);
  });
});
