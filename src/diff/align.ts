// Aligning two captures' units: the longest common subsequence of their keys (prompt and step), so a
// turn added or dropped in one run leaves the others paired. Past a size bound the table would be too
// large; the pairing is then greedy, each key matched to its next occurrence in order.

export type Aligned<T> = { a: T; b: T } | { a: T; b?: undefined } | { a?: undefined; b: T };

/** Cells of the LCS table at most (two captures of 2,000 requests each). */
const MAX_CELLS = 4_000_000;

export function align<T extends { key: string }>(a: readonly T[], b: readonly T[]): Aligned<T>[] {
  return a.length * b.length <= MAX_CELLS ? lcsAlign(a, b) : greedyAlign(a, b);
}

function lcsAlign<T extends { key: string }>(a: readonly T[], b: readonly T[]): Aligned<T>[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS of a[i..] and b[j..], rows of m + 1.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[at(i, j)] = (a[i] as T).key === (b[j] as T).key ? (lengths[at(i + 1, j + 1)] as number) + 1 : Math.max(lengths[at(i + 1, j)] as number, lengths[at(i, j + 1)] as number);
    }
  }
  const out: Aligned<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const x = a[i] as T;
    const y = b[j] as T;
    if (x.key === y.key) {
      out.push({ a: x, b: y });
      i++;
      j++;
    } else if ((lengths[at(i + 1, j)] as number) >= (lengths[at(i, j + 1)] as number)) {
      out.push({ a: x });
      i++;
    } else {
      out.push({ b: y });
      j++;
    }
  }
  for (; i < n; i++) out.push({ a: a[i] as T });
  for (; j < m; j++) out.push({ b: b[j] as T });
  return out;
}

function greedyAlign<T extends { key: string }>(a: readonly T[], b: readonly T[]): Aligned<T>[] {
  const out: Aligned<T>[] = [];
  let j = 0;
  for (const x of a) {
    let k = j;
    while (k < b.length && (b[k] as T).key !== x.key) k++;
    if (k === b.length) {
      out.push({ a: x });
      continue;
    }
    for (; j < k; j++) out.push({ b: b[j] as T });
    out.push({ a: x, b: b[k] as T });
    j = k + 1;
  }
  for (; j < b.length; j++) out.push({ b: b[j] as T });
  return out;
}
