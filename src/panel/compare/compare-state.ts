// "Compare with file…": the panel's capture (A) against a capture file (B, anything Import reads),
// compared by the same code as `diff` (diff/diff-inputs.ts): the view shows what `diff --json` prints
// for the panel's export and that file. One comparison per panel; it replaces the panel's body while
// open, and the capture goes on beneath it.
import { signal, type Signal } from '@preact/signals';
import { inspect } from '../../api/inspect';
import { loadPricer } from '../../analysis/usage/price';
import { diffInputs, type DiffInput } from '../../diff/diff-inputs';
import type { RunsDiff } from '../../diff/diff-runs';
import type { Capture } from '../../model/frame';
import { safeText } from '../../model/safe-text';
import { InputError, readInput } from '../../readers/read-input';
import { exportCapture } from '../components/ExportDialog';
import type { PanelStore } from '../store/store';

export type Comparison =
  | { fileName: string; state: 'reading' }
  | { fileName: string; state: 'done'; diff: RunsDiff }
  | { fileName: string; state: 'failed'; error: string };

/** Larger files are refused: the comparison reads the whole file as one text, on the panel's thread. */
export const MAX_COMPARE_BYTES = 256 * 1024 * 1024;

const comparisons = new WeakMap<PanelStore, Signal<Comparison | undefined>>();
let latest = 0;

export function comparisonOf(store: PanelStore): Signal<Comparison | undefined> {
  let state = comparisons.get(store);
  if (!state) comparisons.set(store, (state = signal(undefined)));
  return state;
}

export function closeComparison(store: PanelStore): void {
  latest++;
  comparisonOf(store).value = undefined;
}

function input(capture: Capture, sessions: DiffInput['sessions']): DiffInput {
  return capture.timing === 'none' ? { sessions, timing: 'none' } : { sessions };
}

/** Compares the panel's whole capture with the file; the result (or why it failed) lands in `comparisonOf(store)`. */
export async function compareWithFile(store: PanelStore, file: Blob & { name?: string }): Promise<void> {
  const id = ++latest;
  const state = comparisonOf(store);
  const fileName = file.name ?? 'file';
  state.value = { fileName, state: 'reading' };
  try {
    if (file.size > MAX_COMPARE_BYTES) throw new InputError(`larger than ${MAX_COMPARE_BYTES / 1024 / 1024} MB: compare it with \`agent-stream-inspector diff\``);
    const read = readInput(await file.text());
    const mine = exportCapture(store, false);
    // Costs as `diff` gives them; without the price table (a chunk that failed to load), tokens only.
    const pricer = await loadPricer().catch(() => undefined);
    const diff = diffInputs(input(mine, inspect(mine).sessions), input(read.capture, inspect(read).sessions), undefined, pricer);
    if (id === latest) state.value = { fileName, state: 'done', diff };
  } catch (err) {
    const error = err instanceof InputError ? err.message : `the comparison failed: ${safeText(err instanceof Error ? err.message : err, 300)}`;
    if (id === latest) state.value = { fileName, state: 'failed', error };
  }
}
