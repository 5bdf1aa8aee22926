// The hand-written check that lets the streamed chunks skip the zod schema must never accept what the
// schema rejects: random near-valid chunks through both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_SCHEMAS, isPlainChunk } from './schema';

const odd = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 1 }), fc.object({ maxDepth: 2 }));
const field = fc.oneof(fc.string(), odd);
const chunk = fc.record(
  {
    type: fc.constantFrom('text-start', 'text-delta', 'text-end', 'reasoning-start', 'reasoning-delta', 'reasoning-end', 'tool-input-delta', 'tool-input-start', 'finish'),
    id: field,
    delta: field,
    toolCallId: field,
    inputTextDelta: field,
    providerMetadata: odd,
  },
  { requiredKeys: ['type'] },
);

describe('fast path for the streamed chunks', () => {
  it('accepts only chunks the schema accepts', () => {
    fc.assert(
      fc.property(chunk, (c) => {
        const r = c as Record<string, unknown>;
        const type = r.type as string;
        if (isPlainChunk(r, type)) expect(CHUNK_SCHEMAS.get(type)?.safeParse(r).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the common chunks of a real stream', () => {
    expect(isPlainChunk({ type: 'text-delta', id: 't-1', delta: 'Hi' }, 'text-delta')).toBe(true);
    expect(isPlainChunk({ type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{' }, 'tool-input-delta')).toBe(true);
    expect(isPlainChunk({ type: 'text-delta', id: 't-1', delta: 'Hi', providerMetadata: {} }, 'text-delta')).toBe(false);
    expect(isPlainChunk({ type: 'text-delta', id: 't-1' }, 'text-delta')).toBe(false);
  });
});
