import { describe, expect, it } from 'vitest';
import { NumberList } from './number-list';

describe('NumberList', () => {
  it('gives back every number pushed, across the first chunk’s growth and later chunks', () => {
    const list = new NumberList();
    expect(list.length).toBe(0);
    expect(list.last()).toBeUndefined();
    const want: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      const v = i % 3 === 0 ? i * 1.5 : -i - 0.25;
      want.push(v);
      list.push(v);
    }
    expect(list.length).toBe(50_000);
    expect(Array.from({ length: list.length }, (_, i) => list.get(i))).toEqual(want);
    expect(list.last()).toBe(want.at(-1));
  });
});
