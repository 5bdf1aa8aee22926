import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_SCHEMAS, DataChunkSchema, UiChunkSchema, VERSION_NOTES, VersionedChunkSchema } from './schema';
import { CHUNK_TYPES, chunkTypeIndex } from './chunk-types';

describe('aisdk-ui schemas', () => {
  it('indexes every chunk type of both unions', () => {
    expect(CHUNK_SCHEMAS.size).toBe(UiChunkSchema.options.length + VersionedChunkSchema.options.length);
    for (const type of Object.keys(VERSION_NOTES)) expect(CHUNK_SCHEMAS.has(type)).toBe(true);
  });

  it('names the chunk types the schemas index, and no other', () => {
    expect([...CHUNK_TYPES].sort()).toEqual([...CHUNK_SCHEMAS.keys()].sort());
    const chunkTypeOf = (type: string) => {
      const at = chunkTypeIndex(type);
      return at < 0 ? undefined : CHUNK_TYPES[at];
    };
    for (const type of CHUNK_SCHEMAS.keys()) {
      // A type as JSON.parse gives it: a fresh string, not the literal.
      const parsed = (JSON.parse(JSON.stringify({ type })) as { type: string }).type;
      expect(chunkTypeOf(parsed)).toBe(type);
    }
    const near = [...CHUNK_SCHEMAS.keys()].flatMap((t) => [t.toUpperCase(), `${t} `, t.slice(1), `${t}s`, t.replace('-', '_')]).filter((t) => !CHUNK_SCHEMAS.has(t));
    for (const type of [...near, '', 'data-x', 'toString', '__proto__', 'constructor']) expect(chunkTypeOf(type)).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), (type) => {
        expect(chunkTypeOf(type)).toBe(CHUNK_SCHEMAS.has(type) ? type : undefined);
      }),
    );
  });

  it('the union parses chunks leniently but checks required fields', () => {
    expect(UiChunkSchema.safeParse({ type: 'text-delta', id: 't', delta: 'x', extra: 1 }).success).toBe(true);
    expect(UiChunkSchema.safeParse({ type: 'text-delta', id: 't' }).success).toBe(false);
    expect(UiChunkSchema.safeParse({ type: 'reset-step' }).success).toBe(false);
    expect(VersionedChunkSchema.safeParse({ type: 'reset-step' }).success).toBe(true);
  });

  it('data parts need the data- prefix', () => {
    expect(DataChunkSchema.safeParse({ type: 'data-x', data: 1 }).success).toBe(true);
    expect(DataChunkSchema.safeParse({ type: 'datax', data: 1 }).success).toBe(false);
  });
});
