// Mutated copies of a valid stream never make the fold fault, and every finding points at a real frame.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutate, mutationOps } from '../shared/mutations';
import { runResponses, sseFrames } from './test-helpers';

const valid = sseFrames(readFileSync(path.resolve(__dirname, 'testdata/valid-reasoning-message-tool.sse'), 'utf8'));

describe('openai-responses fold on mutated streams', () => {
  it('never faults', () => {
    fc.assert(
      fc.property(mutationOps, (ops) => {
        const frames = mutate(valid, ops);
        const { findings, view } = runResponses(frames);
        for (const f of findings) for (const i of f.frames) expect(i).toBeLessThan(frames.length);
        expect(view.items.filter((i) => i.id.endsWith('-fault'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
