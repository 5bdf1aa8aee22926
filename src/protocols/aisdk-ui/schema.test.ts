import { describe, expect, it } from 'vitest';
import { CHUNK_SCHEMAS, DataChunkSchema, UiChunkSchema, VERSION_NOTES, VersionedChunkSchema } from './schema';

describe('aisdk-ui schemas', () => {
  it('indexes every chunk type of both unions', () => {
    expect(CHUNK_SCHEMAS.size).toBe(UiChunkSchema.options.length + VersionedChunkSchema.options.length);
    for (const type of Object.keys(VERSION_NOTES)) expect(CHUNK_SCHEMAS.has(type)).toBe(true);
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
