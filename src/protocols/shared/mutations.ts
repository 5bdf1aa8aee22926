// Test support shared by protocol folders: mutated copies of a valid stream (frames dropped, repeated,
// swapped, cut, numbers and strings altered) for property tests that the fold never faults.
import fc from 'fast-check';
import type { Frame } from '../../model/frame';

export type MutationOp = { kind: 'drop' | 'dup' | 'swap' | 'number' | 'string' | 'cut'; at: number; n: number };

/** Alters the first number or string value found after a random offset in the JSON text. */
function alter(data: string, kind: 'number' | 'string', n: number): string {
  const pattern = kind === 'number' ? /-?\d+/g : /"[^"]*"/g;
  const hits = [...data.matchAll(pattern)];
  const hit = hits[n % Math.max(1, hits.length)];
  if (!hit || hit.index === undefined) return data;
  const replacement = kind === 'number' ? String(Number(hit[0]) + (n % 3) - 1) : JSON.stringify('m' + n);
  return data.slice(0, hit.index) + replacement + data.slice(hit.index + hit[0].length);
}

export function mutate(frames: readonly Frame[], ops: readonly MutationOp[]): Frame[] {
  const list = frames.map((f) => ({ ...f }));
  for (const op of ops) {
    if (list.length === 0) break;
    const i = op.at % list.length;
    const f = list[i] as Frame;
    if (op.kind === 'drop') list.splice(i, 1);
    else if (op.kind === 'dup') list.splice(i, 0, { ...f });
    else if (op.kind === 'swap') {
      const j = (i + 1) % list.length;
      list[i] = list[j] as Frame;
      list[j] = f;
    } else if (op.kind === 'cut') f.data = f.data.slice(0, op.n % (f.data.length + 1));
    else f.data = alter(f.data, op.kind, op.n);
  }
  return list.map((f, index) => ({ ...f, index, time: index }));
}

export const mutationOps: fc.Arbitrary<MutationOp[]> = fc.array(
  fc.record({ kind: fc.constantFrom('drop', 'dup', 'swap', 'number', 'string', 'cut'), at: fc.nat(), n: fc.nat() }) as fc.Arbitrary<MutationOp>,
  { minLength: 1, maxLength: 6 },
);
