// Two read inputs compared as `diff` compares them: their units (run-units.ts) aligned and compared
// against the thresholds. The CLI's `diff` and the panel's "Compare with file…" both go through here,
// so the panel shows what `diff --json` prints for the same two files.
import type { Session } from '../analysis/sessions';
import type { Pricer } from '../analysis/usage/price';
import { DIFFERENCE_KINDS, diffRuns, type DiffThresholds, type RunsDiff } from './diff-runs';
import { runUnits } from './run-units';

export interface DiffInput {
  sessions: readonly Session[];
  /** `none` when the input recorded no clock: no figures are made from synthetic times. */
  timing?: 'none';
}

/** `diff`'s default: any change of text, tools or findings fails; time is only reported. */
export const DEFAULT_THRESHOLDS: DiffThresholds = { failOn: DIFFERENCE_KINDS };

export function diffInputs(a: DiffInput, b: DiffInput, thresholds: DiffThresholds = DEFAULT_THRESHOLDS, pricer?: Pricer): RunsDiff {
  const units = (input: DiffInput) => runUnits(input.sessions, { timing: input.timing === 'none' ? 'none' : 'real' }, pricer);
  return diffRuns(units(a), units(b), thresholds);
}
