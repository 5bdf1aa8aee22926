import { describe, expect, it } from 'vitest';
import { DATA_STREAM_PARTS, DataStreamPartSchema, isDataStreamCode } from './schema';

describe('aisdk-data schemas', () => {
  it('cover the sixteen v4 codes', () => {
    expect(Object.keys(DATA_STREAM_PARTS).sort()).toEqual([...'0238', ...'9abcdefghijk'].sort());
    expect(isDataStreamCode('k')).toBe(true);
    expect(isDataStreamCode('4')).toBe(false);
    expect(isDataStreamCode('toString')).toBe(false);
  });

  it('the union checks the value by code', () => {
    expect(DataStreamPartSchema.safeParse({ code: '0', value: 'x' }).success).toBe(true);
    expect(DataStreamPartSchema.safeParse({ code: '0', value: 1 }).success).toBe(false);
    expect(DataStreamPartSchema.safeParse({ code: 'a', value: { toolCallId: 't' } }).success).toBe(false);
    expect(DataStreamPartSchema.safeParse({ code: 'a', value: { toolCallId: 't', result: null } }).success).toBe(true);
    expect(DataStreamPartSchema.safeParse({ code: 'z', value: 1 }).success).toBe(false);
  });
});
