// A session's findings in the order a person works through them: by the frame they point at (the
// frame that reported them when they point at none). Kept sorted incrementally: findings only grow,
// and nearly all arrive in order, so an append is O(1) and an out-of-order one a binary insert.
import type { Finding } from '../../model/finding';

interface Memo {
  done: number;
  sorted: Finding[];
}

const memos = new WeakMap<readonly Finding[], Memo>();

export function findingFrame(f: Finding): number {
  if (f.frames.length === 0) return f.at;
  let first = Infinity;
  for (let i = 0; i < f.frames.length && i < 64; i++) first = Math.min(first, f.frames[i] as number);
  return first;
}

/** One array per findings list, extended in place (copying it per append would be quadratic). */
export function sortFindings(findings: readonly Finding[]): readonly Finding[] {
  let memo = memos.get(findings);
  if (!memo) memos.set(findings, (memo = { done: 0, sorted: [] }));
  if (memo.done === findings.length) return memo.sorted;
  for (let i = memo.done; i < findings.length; i++) insert(memo.sorted, findings[i] as Finding);
  memo.done = findings.length;
  return memo.sorted;
}

function insert(sorted: Finding[], finding: Finding): void {
  const key = findingFrame(finding);
  const lastKey = sorted.length > 0 ? findingFrame(sorted[sorted.length - 1] as Finding) : -Infinity;
  if (key >= lastKey) {
    sorted.push(finding);
    return;
  }
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (findingFrame(sorted[mid] as Finding) <= key) lo = mid + 1;
    else hi = mid;
  }
  sorted.splice(lo, 0, finding);
}
