// Where the project's shared data (real captured streams in `corpus/`, the specs in `spec/`) lives: the
// `shared` folder beside the clone, or `ASI_SHARED_DIR` when set (a CI layout, or a run that checks the
// tests skip without it). Tests that read it skip, saying why, when it is absent, so `npm test` passes
// in a bare clone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const SHARED_DIR = process.env.ASI_SHARED_DIR ?? path.resolve(ROOT, '../shared');

/** A path inside the shared folder. */
export function sharedPath(...parts: string[]): string {
  return path.join(SHARED_DIR, ...parts);
}

/** The real captured streams. */
export const CORPUS_DIR = sharedPath('corpus');
export const HAS_CORPUS = existsSync(CORPUS_DIR);
export const HAS_SPEC = existsSync(sharedPath('spec'));
/** Real recordings of protocols added after the corpus was gathered (see its README). */
export const PENDING_DIR = sharedPath('corpus-pending');
export const HAS_PENDING = existsSync(PENDING_DIR);

/** A path inside the corpus. */
export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_DIR, ...parts);
}

/**
 * A test or suite name that says, when `present` is false, why it was skipped, e.g.
 * `it.skipIf(!HAS_CORPUS)(needsShared('reads a real stream'), …)`.
 */
export function needsShared(name: string, present = HAS_CORPUS, sub = 'corpus'): string {
  return present ? name : `${name} (skipped: ${sharedPath(sub)} is absent; put the shared data beside the clone or set ASI_SHARED_DIR)`;
}
