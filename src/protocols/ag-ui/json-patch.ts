// RFC 6902 JSON Patch, applied exactly as @ag-ui/client applies STATE_DELTA and ACTIVITY_DELTA: with
// fast-json-patch's applyPatch, validating each operation, on a copy (the input is never mutated), all or
// nothing (a patch that fails anywhere leaves the caller with the old document), and with the library's
// default ban on `__proto__` / `constructor` paths, so a page cannot reach Object.prototype.
// The default import: the package is CommonJS for Node (no named ESM exports) and ESM for bundlers.
import fastJsonPatch, { type Operation } from 'fast-json-patch';

export type PatchResult = { ok: true; doc: unknown } | { ok: false; error: string };

export function applyJsonPatch(doc: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch)) return { ok: false, error: 'the patch is not an array of operations' };
  try {
    return { ok: true, doc: fastJsonPatch.applyPatch(doc, patch as Operation[], true, false).newDocument };
  } catch (err) {
    // The library's messages name the failed check; the first line is enough to show.
    const message = err instanceof Error ? err.message.split('\n')[0] ?? '' : '';
    return { ok: false, error: message.slice(0, 200) || 'the patch cannot be applied' };
  }
}
