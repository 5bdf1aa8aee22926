// "Compare with file…": the panel's capture (A) against a capture file (B, anything Import reads),
// compared by the same code as `diff` (diff/diff-inputs.ts): the view shows what `diff --json` prints
// for the panel's export and that file. One comparison per panel; it replaces the panel's body while
// open, and the capture goes on beneath it. The file is read and compared in a worker (compare-run.ts),
// so the panel keeps drawing (and says "reading") however large the file.
import { signal, type Signal } from '@preact/signals';
import { loadPricer } from '../../analysis/usage/price';
import type { RunsDiff } from '../../diff/diff-runs';
import type { Capture } from '../../model/frame';
import { exportCapture } from '../components/ExportDialog';
import type { PanelStore } from '../store/store';
import { runComparison, type CompareOutcome } from './compare-run';
import CompareWorker from './compare-worker?worker';

/** Where the comparison ran: the compare worker, or the panel's own thread where no worker could start. */
export type CompareThread = 'worker' | 'panel';

export type Comparison =
  | { fileName: string; state: 'reading' }
  | { fileName: string; state: 'done'; diff: RunsDiff; thread: CompareThread }
  | { fileName: string; state: 'failed'; error: string; thread: CompareThread };

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

export interface CompareOptions {
  /** false: compare on this thread (tests; the fallback when no worker starts). */
  worker?: boolean;
}

/** Compares the panel's whole capture with the file; the result (or why it failed) lands in `comparisonOf(store)`. */
export async function compareWithFile(store: PanelStore, file: Blob & { name?: string }, options: CompareOptions = {}): Promise<void> {
  const id = ++latest;
  const state = comparisonOf(store);
  const fileName = file.name ?? 'file';
  state.value = { fileName, state: 'reading' };
  const mine = exportCapture(store, false);
  const worked = options.worker === false ? undefined : await inWorker(mine, file);
  const thread: CompareThread = worked ? 'worker' : 'panel';
  const outcome = worked ?? (await runComparison(mine, file, loadPricer));
  if (id !== latest) return;
  state.value = outcome.type === 'done' ? { fileName, state: 'done', diff: outcome.diff, thread } : { fileName, state: 'failed', error: outcome.error, thread };
}

/** The comparison in a worker of its own; undefined when none starts (a test DOM, a policy that forbids it). */
function inWorker(mine: Capture, file: Blob): Promise<CompareOutcome | undefined> {
  let worker: Worker;
  try {
    if (typeof Worker !== 'function') return Promise.resolve(undefined);
    // Vite's `?worker` import, as the import worker's (import-file.ts).
    worker = new CompareWorker({ name: 'compare' });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    let heard = false;
    worker.onmessage = (event: MessageEvent<CompareOutcome>) => {
      heard = true;
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      // A worker that never started leaves the work to this thread; one that died says so.
      resolve(heard ? { type: 'failed', error: 'the comparison stopped unexpectedly' } : undefined);
    };
    worker.postMessage({ mine, file });
  });
}
