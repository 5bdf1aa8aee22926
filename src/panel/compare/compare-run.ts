// The comparison itself: the panel's capture (A) against a capture file (B), by the same code as `diff`
// (diff/diff-inputs.ts). Runs in the compare worker (compare-worker.ts), or on the panel's thread where
// no worker starts. Plain data in, plain data out: both cross a worker's boundary as structured clones.
import { inspect } from '../../api/inspect';
import type { Pricer } from '../../analysis/usage/price';
import { diffInputs, type DiffInput } from '../../diff/diff-inputs';
import type { RunsDiff } from '../../diff/diff-runs';
import type { Capture } from '../../model/frame';
import { safeText } from '../../model/safe-text';
import { InputError, readInput } from '../../readers/read-input';

/** Larger files are refused: the comparison reads the whole file as one text. */
export const MAX_COMPARE_BYTES = 256 * 1024 * 1024;

export type CompareOutcome = { type: 'done'; diff: RunsDiff } | { type: 'failed'; error: string };

function input(capture: Capture, sessions: DiffInput['sessions']): DiffInput {
  return capture.timing === 'none' ? { sessions, timing: 'none' } : { sessions };
}

/**
 * Compares `mine` with the file; never throws (what went wrong is the outcome's error, a line for the
 * view). `pricer` gives the costs as `diff` gives them; when it fails (a chunk that did not load), tokens only.
 */
export async function runComparison(mine: Capture, file: Blob, pricer: () => Promise<Pricer>): Promise<CompareOutcome> {
  try {
    if (file.size > MAX_COMPARE_BYTES) throw new InputError(`larger than ${MAX_COMPARE_BYTES / 1024 / 1024} MB: compare it with \`agent-stream-inspector diff\``);
    const read = readInput(await file.text());
    const prices = await pricer().catch(() => undefined);
    return { type: 'done', diff: diffInputs(input(mine, inspect(mine).sessions), input(read.capture, inspect(read).sessions), undefined, prices) };
  } catch (err) {
    return { type: 'failed', error: err instanceof InputError ? err.message : `the comparison failed: ${safeText(err instanceof Error ? err.message : err, 300)}` };
  }
}
