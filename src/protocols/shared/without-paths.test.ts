import { describe, expect, it } from 'vitest';
import { withoutPaths } from './without-paths';

describe('withoutPaths', () => {
  it('deletes properties and removes array elements at the paths, copying only what it walks', () => {
    const shared = { keep: true };
    const value = { a: { b: 1, c: 2 }, list: [{ x: 1 }, { x: 'bad' }, { x: 3 }], other: shared };
    const out = withoutPaths(value, [['a', 'b'], ['list', 1], ['list', 2, 'x']]);
    expect(out).toEqual({ a: { c: 2 }, list: [{ x: 1 }], other: { keep: true } });
    expect((out as { other: unknown }).other).toBe(shared);
    expect(value).toEqual({ a: { b: 1, c: 2 }, list: [{ x: 1 }, { x: 'bad' }, { x: 3 }], other: shared });
  });

  it('keeps an element that still holds something, or that was empty already', () => {
    expect(withoutPaths({ parts: [{ text: 5, thought: true }, {}] }, [['parts', 0, 'text'], ['parts', 1, 'text']])).toEqual({ parts: [{ thought: true }, {}] });
    expect(withoutPaths({ a: { only: 1 } }, [['a', 'only']])).toEqual({ a: {} });
  });

  it('gives nothing for the root, and stops at a path through a scalar or past an array\'s end', () => {
    expect(withoutPaths({ a: 1 }, [[]])).toBeUndefined();
    expect(withoutPaths('text', [['a']])).toBeUndefined();
    expect(withoutPaths({ a: 1, l: [1] }, [['a', 'b'], ['l', 5], ['missing', 'x']])).toEqual({ a: 1, l: [1] });
  });
});
