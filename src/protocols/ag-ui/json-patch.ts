// RFC 6902 JSON Patch over plain JSON values, all or nothing: the input is never mutated, and a patch that
// fails anywhere leaves the caller with the old document (as the AG-UI client does for STATE_DELTA).
// Written here rather than importing fast-json-patch because that package is only a transitive
// dependency of the dev-only @ag-ui/client; the agreement tests compare the two.

export type PatchResult = { ok: true; doc: unknown } | { ok: false; error: string };

type Container = Record<string, unknown> | unknown[];

export function applyJsonPatch(doc: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch)) return { ok: false, error: 'the patch is not an array of operations' };
  let root = cloneJson(doc);
  for (let i = 0; i < patch.length; i++) {
    const op: unknown = patch[i];
    try {
      root = applyOperation(root, op);
    } catch (err) {
      return { ok: false, error: `operation ${i}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  return { ok: true, doc: root };
}

function applyOperation(root: unknown, raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) throw new Error('not an operation object');
  const op = raw as { op?: unknown; path?: unknown; from?: unknown; value?: unknown };
  const path = parsePointer(op.path, 'path');
  const needsValue = op.op === 'add' || op.op === 'replace' || op.op === 'test';
  if (needsValue && !('value' in op)) throw new Error(`"${String(op.op)}" needs a value`);
  switch (op.op) {
    case 'add':
      return put(root, path, cloneJson(op.value), 'add');
    case 'replace':
      return put(root, path, cloneJson(op.value), 'replace');
    case 'remove':
      return remove(root, path);
    case 'test':
      if (!jsonEqual(get(root, path), op.value)) throw new Error(`test failed at "${String(op.path)}"`);
      return root;
    case 'move':
    case 'copy': {
      const from = parsePointer(op.from, 'from');
      if (op.op === 'move' && isPrefix(from, path) && from.length < path.length) {
        throw new Error('cannot move a value into one of its own children');
      }
      const value = cloneJson(get(root, from));
      const base = op.op === 'move' ? remove(root, from) : root;
      return put(base, path, value, 'add');
    }
    default:
      throw new Error(`unknown op ${JSON.stringify(op.op)}`);
  }
}

function parsePointer(pointer: unknown, field: string): string[] {
  if (typeof pointer !== 'string') throw new Error(`"${field}" is not a string`);
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${field}" ${JSON.stringify(pointer)} does not start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function get(root: unknown, path: string[]): unknown {
  let node = root;
  for (const token of path) {
    const child = childOf(node, token);
    if (!child.found) throw new Error(`path "/${path.join('/')}" does not exist`);
    node = child.value;
  }
  return node;
}

function childOf(node: unknown, token: string): { found: boolean; value?: unknown } {
  if (Array.isArray(node)) {
    const index = arrayIndex(token, node.length - 1);
    return index === undefined ? { found: false } : { found: true, value: node[index] };
  }
  if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) return { found: true, value: node[token] };
  return { found: false };
}

/** Resolves the parent container of a path's last token. */
function parentOf(root: unknown, path: string[]): { parent: Container; key: string } {
  const parent = get(root, path.slice(0, -1));
  if (!Array.isArray(parent) && !isObject(parent)) throw new Error(`parent of "/${path.join('/')}" is not a container`);
  return { parent, key: path[path.length - 1] ?? '' };
}

function put(root: unknown, path: string[], value: unknown, mode: 'add' | 'replace'): unknown {
  if (path.length === 0) return value;
  const { parent, key } = parentOf(root, path);
  if (Array.isArray(parent)) {
    if (mode === 'add') {
      const index = key === '-' ? parent.length : arrayIndex(key, parent.length);
      if (index === undefined) throw new Error(`array index "${key}" is out of range`);
      parent.splice(index, 0, value);
    } else {
      const index = arrayIndex(key, parent.length - 1);
      if (index === undefined) throw new Error(`array index "${key}" is out of range`);
      parent[index] = value;
    }
    return root;
  }
  if (mode === 'replace' && !Object.prototype.hasOwnProperty.call(parent, key)) {
    throw new Error(`path "/${path.join('/')}" does not exist`);
  }
  defineKey(parent, key, value);
  return root;
}

function remove(root: unknown, path: string[]): unknown {
  if (path.length === 0) throw new Error('cannot remove the whole document');
  const { parent, key } = parentOf(root, path);
  if (Array.isArray(parent)) {
    const index = arrayIndex(key, parent.length - 1);
    if (index === undefined) throw new Error(`array index "${key}" is out of range`);
    parent.splice(index, 1);
    return root;
  }
  if (!Object.prototype.hasOwnProperty.call(parent, key)) throw new Error(`path "/${path.join('/')}" does not exist`);
  delete parent[key];
  return root;
}

function arrayIndex(token: string, max: number): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const index = Number(token);
  return index <= max ? index : undefined;
}

/** Own data property even for `__proto__`, so a page cannot reach Object.prototype through a patch. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function isPrefix(prefix: string[], path: string[]): boolean {
  return prefix.every((token, i) => path[i] === token);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) defineKey(out, key, cloneJson(value[key]));
    return out;
  }
  return value;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}
