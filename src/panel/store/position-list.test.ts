// PositionList on its own: the frame log's per-connection and merged session positions rest on it
// keeping order, answering after drops from the front and growing or reusing room without losing any.
import { describe, expect, it } from 'vitest';
import { PositionList } from './position-list';

const listOf = (positions: number[]): PositionList => {
  const list = new PositionList();
  for (const p of positions) list.push(p);
  return list;
};

const contents = (list: PositionList): number[] => Array.from({ length: list.length }, (_, i) => list.get(i));

/** The backing array's size: whether a push grew the list or reused the room dropped at its front. */
const capacity = (list: PositionList): number => (list as unknown as { items: Uint32Array }).items.length;

describe('PositionList', () => {
  it('holds what was pushed, in order', () => {
    const empty = new PositionList();
    expect(empty.length).toBe(0);
    expect(empty.last()).toBeUndefined();
    const list = listOf([3, 5, 9]);
    expect(list.length).toBe(3);
    expect([list.get(0), list.get(1), list.get(2)]).toEqual([3, 5, 9]);
    expect(list.last()).toBe(9);
  });

  it('drops the positions below a bound from the front', () => {
    const list = listOf([10, 20, 30, 40, 50]);
    list.dropBelow(30);
    expect(contents(list)).toEqual([30, 40, 50]);
    list.dropBelow(31);
    expect(contents(list)).toEqual([40, 50]);
    list.dropBelow(40);
    expect(contents(list)).toEqual([40, 50]);
    list.dropBelow(100);
    expect(list.length).toBe(0);
    expect(list.last()).toBeUndefined();
  });

  it('finds the first position above a value, counted from what is left', () => {
    const list = listOf([10, 20, 30]);
    expect([-1, 5, 10, 25, 30, 99].map((p) => list.firstAbove(p))).toEqual([0, 0, 1, 2, 3, 3]);
    list.dropBelow(20);
    expect([10, 20, 29].map((p) => list.firstAbove(p))).toEqual([0, 1, 1]);
  });

  it('grows past its first 16 entries and keeps every one', () => {
    const list = new PositionList();
    for (let i = 0; i < 100; i++) list.push(i * 3);
    expect(list.length).toBe(100);
    expect(list.get(0)).toBe(0);
    expect(list.get(16)).toBe(48);
    expect(list.get(99)).toBe(297);
    expect(list.last()).toBe(297);
    expect(list.firstAbove(150)).toBe(51);
  });

  it('reuses the room dropped at the front when at least half of it is free', () => {
    const list = listOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    list.dropBelow(10);
    for (let p = 16; p < 26; p++) list.push(p);
    expect(contents(list)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(capacity(list)).toBe(16);
    expect(list.last()).toBe(25);
  });

  it('grows instead when less than half of the front is free', () => {
    const list = listOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    list.dropBelow(3);
    list.push(16);
    expect(contents(list)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(capacity(list)).toBe(32);
  });
});
