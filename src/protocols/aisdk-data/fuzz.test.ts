// Random and mutated lines never make the fold throw, and lines it cannot parse are always shown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../model/frame';
import { run } from '../aisdk-ui/testing';
import { aisdkDataProtocol } from './index';
import { parseLine } from './parse-line';

const codes = [...'0123456789abcdefghijklz'];
const value = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.record({ toolCallId: fc.constantFrom('t1', 't2', '__proto__'), toolName: fc.string(), args: fc.jsonValue(), argsTextDelta: fc.string(), result: fc.jsonValue(), finishReason: fc.string(), isContinued: fc.boolean(), messageId: fc.string(), data: fc.string(), mimeType: fc.string(), signature: fc.string() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.string(),
);
const line = fc.oneof(fc.tuple(fc.constantFrom(...codes), value).map(([c, v]) => `${c}:${v}`), fc.string());
const frame = fc.record({
  data: fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n')),
  direction: fc.constantFrom('in', 'in', 'in', 'out') as fc.Arbitrary<'in' | 'out'>,
  kind: fc.constantFrom('message', 'message', 'message', 'close', 'error') as fc.Arbitrary<Frame['kind']>,
});

describe('aisdk-data fold under random input', () => {
  it('never throws and shows every line it cannot parse', () => {
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 40 }), (specs) => {
        const frames: Frame[] = specs.map((s, index) => ({ index, connectionId: 'c', time: index, ...s }));
        const { view, findings } = run(frames, aisdkDataProtocol);
        expect(JSON.stringify(view)).not.toContain('(not folded:');
        const flagged = new Set(findings.flatMap((f) => f.frames));
        for (const f of frames) {
          if (f.kind !== 'message' || f.direction !== 'in') continue;
          const bad = f.data.split('\n').some((l) => l !== '' && !parseLine(l.replace(/\r$/, '')).ok);
          if (bad) expect(flagged.has(f.index), f.data).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
