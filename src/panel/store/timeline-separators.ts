// "All sessions" shows every session's frames on one clock; a separator row where each session starts
// says which session the frames below belong to. The timeline's rows are then the filtered frames with
// these rows slotted in: `planSeparators` says where (before which entry of the filtered list), and
// `rowAt` / `rowOf` translate between a row of the timeline and an entry of the list by binary search,
// so an update costs a look-up per session and per drawn row, not a pass over the frames.

export interface SessionStartAt<S> {
  session: S;
  /** Log position of the session's first frame. */
  position: number;
}

export interface SeparatorPlan<S> {
  /** Entries of the filtered list a separator sits before, ascending (one per session start shown). */
  before: number[];
  sessions: S[];
}

export type TimelineRow<S> = { kind: 'frame'; entry: number } | { kind: 'separator'; session: S };

/** First index of `list` (ascending) holding a value ≥ `value`. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where the separators go: before the first listed frame at or after each session's first frame (a
 * filter that hides that frame still leaves the separator where the session began). Sessions whose
 * start lies past the last listed frame get none.
 */
export function planSeparators<S>(list: readonly number[], starts: ReadonlyArray<SessionStartAt<S>>): SeparatorPlan<S> {
  const sorted = [...starts].sort((a, b) => a.position - b.position);
  const before: number[] = [];
  const sessions: S[] = [];
  for (const s of sorted) {
    const entry = lowerBound(list, s.position);
    if (entry >= list.length) continue;
    before.push(entry);
    sessions.push(s.session);
  }
  return { before, sessions };
}

/** Rows in all: the listed frames and the separators. */
export function rowCount<S>(plan: SeparatorPlan<S>, listLength: number): number {
  return listLength + plan.before.length;
}

/** What timeline row `row` shows. Separators before the same entry come in session order. */
export function rowAt<S>(plan: SeparatorPlan<S>, row: number): TimelineRow<S> {
  // The k-th separator sits at row before[k] + k; find the last separator at or above `row`.
  let lo = 0;
  let hi = plan.before.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((plan.before[mid] as number) + mid <= row) lo = mid + 1;
    else hi = mid;
  }
  // `lo` separators sit at or above `row`.
  const k = lo - 1;
  if (k >= 0 && (plan.before[k] as number) + k === row) return { kind: 'separator', session: plan.sessions[k] as S };
  return { kind: 'frame', entry: row - lo };
}

/** The timeline row of entry `entry` of the filtered list. */
export function rowOf<S>(plan: SeparatorPlan<S>, entry: number): number {
  // Separators before this entry or at it (a separator sits above its entry).
  let lo = 0;
  let hi = plan.before.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((plan.before[mid] as number) <= entry) lo = mid + 1;
    else hi = mid;
  }
  return entry + lo;
}

/** No separators (one session in view). */
export const NO_SEPARATORS: SeparatorPlan<never> = { before: [], sessions: [] };
