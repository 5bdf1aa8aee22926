// RFC 6902 JSON Patch, applied as @ag-ui/client applies STATE_DELTA and ACTIVITY_DELTA: with
// fast-json-patch, validating each operation, never changing the input document, all or nothing (a patch
// that fails anywhere leaves the caller with the old document), and with the library's default ban on
// `__proto__` / `constructor` paths, so a page cannot reach Object.prototype.
//
// The client asks the library for a copy of the whole document before each patch (a JSON round trip).
// A state of 60 KB then cost 0.6 ms a delta, however small the delta, and an agent that streams its
// state as deltas sends one per token. Here only the objects and arrays an operation changes are copied
// (the containers along its path, from the root), once a patch, and the library applies the operation
// to them in place: the result is the same document and the input is left as it was. Validation is the
// library's own, so the same patches fail with the same errors; its check of a move's or copy's `from`
// still copies the whole document, and those operations are rare in state deltas.
// The default import: the package is CommonJS for Node (no named ESM exports) and ESM for bundlers.
import fastJsonPatch, { type Operation } from 'fast-json-patch';

export type PatchResult = { ok: true; doc: unknown } | { ok: false; error: string };

export function applyJsonPatch(doc: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch)) return { ok: false, error: 'the patch is not an array of operations' };
  try {
    // The containers this patch copied: its own to change, not copied again by a later operation.
    const owned = new Set<object>();
    let document = doc;
    for (let i = 0; i < patch.length; i++) {
      const operation = patch[i] as Operation;
      document = ownChangedContainers(document, operation, owned);
      document = fastJsonPatch.applyOperation(document, operation, true, true, true, i).newDocument;
    }
    return { ok: true, doc: document };
  } catch (err) {
    // The library's messages name the failed check; the first line is enough to show.
    const message = err instanceof Error ? err.message.split('\n')[0] ?? '' : '';
    return { ok: false, error: message.slice(0, 200) || 'the patch cannot be applied' };
  }
}

/**
 * The document with the containers `operation` changes replaced by copies this patch owns. An operation
 * changes the container its path ends in (a move also the one its `from` ends in); the library reaches it
 * through every container from the root, so each of those is copied too. Anything malformed is left for
 * the library's validation to reject, in its own words: this never throws.
 */
function ownChangedContainers(document: unknown, operation: unknown, owned: Set<object>): unknown {
  if (typeof operation !== 'object' || operation === null) return document;
  const { op, path, from } = operation as { op?: unknown; path?: unknown; from?: unknown };
  switch (op) {
    case 'add':
    case 'remove':
    case 'replace':
    case 'copy':
      return ownAlong(document, path, owned).root;
    case 'move': {
      // A move removes first, then adds at `path` in what is left: taken out of an array, the value's
      // later siblings move down one, so `path` then goes through the one after the index it names there.
      const removal = ownAlong(document, from, owned);
      const last = typeof from === 'string' ? from.slice(from.lastIndexOf('/') + 1) : '';
      const removedFrom = Array.isArray(removal.parent) && isDigits(last) ? { array: removal.parent, index: ~~last } : undefined;
      return ownAlong(removal.root, path, owned, removedFrom).root;
    }
    default:
      // test (and anything the library rejects) changes nothing.
      return document;
  }
}

/**
 * Copies the containers from the root to the parent of the value `pointer` names, as the library walks
 * them; `parent` is that parent when the walk got there. `removedFrom`: an array an earlier step of the
 * same operation takes an element out of, before the library walks `pointer`.
 */
function ownAlong(document: unknown, pointer: unknown, owned: Set<object>, removedFrom?: { array: object; index: number }): { root: unknown; parent?: object } {
  // The root itself (path "") is replaced, not changed; a path without its leading "/" is rejected.
  if (typeof pointer !== 'string' || pointer.length === 0 || pointer.charCodeAt(0) !== SLASH) return { root: document };
  if (!isContainer(document)) return { root: document };
  const root = own(document, owned);
  const keys = pointer.split('/');
  let container: object = root;
  for (let t = 1; t < keys.length - 1; t++) {
    const raw = keys[t] as string;
    // RFC 6901's escapes, undone by the library's own function (it too looks for a '~' first).
    let key: string | number = raw.includes('~') ? fastJsonPatch.unescapePathComponent(raw) : raw;
    // The library refuses these; an own `__proto__` key must not be assigned through (it sets the prototype).
    if (key === '__proto__') return { root };
    if (Array.isArray(container)) {
      if (!isDigits(key)) return { root };
      key = ~~key;
      if (removedFrom !== undefined && container === removedFrom.array && key >= removedFrom.index) key++;
    }
    if (!Object.prototype.hasOwnProperty.call(container, key)) return { root };
    const child = (container as Record<string | number, unknown>)[key];
    if (!isContainer(child)) return { root };
    const copy = own(child, owned);
    if (copy !== child) (container as Record<string | number, unknown>)[key] = copy;
    container = copy;
  }
  return { root, parent: container };
}

const SLASH = 47;

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The container itself when this patch made it, else a shallow copy this patch owns from now on. */
function own(container: object, owned: Set<object>): object {
  if (owned.has(container)) return container;
  // A spread defines each key, an own `__proto__` included, as JSON.parse made them.
  const copy = Array.isArray(container) ? container.slice() : { ...container };
  owned.add(copy);
  return copy;
}

/** The library's test for an array index: digits only (the empty key too). */
function isDigits(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
