import { describe, expect, it } from 'vitest';
import { planSeparators, rowAt, rowCount, rowOf } from './timeline-separators';

describe('timeline separators', () => {
  // Filtered list of log positions; sessions a (from 0), b (from 4), c (from 9, filtered out: next listed is 10).
  const list = [0, 1, 2, 4, 5, 7, 10, 11];
  const plan = planSeparators(list, [
    { session: 'b', position: 4 },
    { session: 'a', position: 0 },
    { session: 'c', position: 9 },
    { session: 'd', position: 50 },
  ]);

  it('puts one separator before the first listed frame of each session, none past the end', () => {
    expect(plan.before).toEqual([0, 3, 6]);
    expect(plan.sessions).toEqual(['a', 'b', 'c']);
    expect(rowCount(plan, list.length)).toBe(11);
  });

  it('maps rows to separators and list entries and back', () => {
    const rows = Array.from({ length: rowCount(plan, list.length) }, (_, r) => rowAt(plan, r));
    expect(rows.map((r) => (r.kind === 'separator' ? `[${r.session}]` : String(list[r.entry])))).toEqual(['[a]', '0', '1', '2', '[b]', '4', '5', '7', '[c]', '10', '11']);
    rows.forEach((r, row) => {
      if (r.kind === 'frame') expect(rowOf(plan, r.entry)).toBe(row);
    });
  });

  it('stacks separators of sessions that start before the same listed frame', () => {
    const p = planSeparators([3, 8], [
      { session: 'x', position: 1 },
      { session: 'y', position: 2 },
    ]);
    const rows = [0, 1, 2, 3].map((r) => rowAt(p, r));
    expect(rows).toEqual([
      { kind: 'separator', session: 'x' },
      { kind: 'separator', session: 'y' },
      { kind: 'frame', entry: 0 },
      { kind: 'frame', entry: 1 },
    ]);
    expect(rowOf(p, 0)).toBe(2);
    expect(rowOf(p, 1)).toBe(3);
  });
});
