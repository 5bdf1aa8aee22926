// A session's findings with those across requests merged in frame order. The session's own list is
// extended in place as frames arrive; the merged list is rebuilt only when either side changed, so a
// session without findings across requests costs nothing per append.
import type { Finding } from '../../model/finding';
import { findingFrame } from './finding-order';

interface Memo {
  own: number;
  across: readonly Finding[];
  merged: readonly Finding[];
}

const memos = new WeakMap<readonly Finding[], Memo>();

export function withAcross(own: readonly Finding[], across: readonly Finding[]): readonly Finding[] {
  if (across.length === 0) return own;
  const memo = memos.get(own);
  if (memo && memo.own === own.length && memo.across === across) return memo.merged;
  const extra = [...across].sort((a, b) => findingFrame(a) - findingFrame(b));
  const merged: Finding[] = [];
  let j = 0;
  for (const f of own) {
    while (j < extra.length && findingFrame(extra[j] as Finding) < findingFrame(f)) merged.push(extra[j++] as Finding);
    merged.push(f);
  }
  while (j < extra.length) merged.push(extra[j++] as Finding);
  memos.set(own, { own: own.length, across, merged });
  return merged;
}
