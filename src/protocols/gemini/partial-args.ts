// Function-call arguments streamed as `partialArgs` (Vertex `streamFunctionCallArguments`): each piece
// names a JSON path (`$.recipe.ingredients[0].name`) and a value; a string piece continues the string
// already at its path. The arguments are built as an object, the way the AI SDK's Google provider
// does, with own data properties only (a `__proto__` key cannot reach a prototype).
import type { PartialArg } from './schema';

type Segment = string | number;
type Container = Record<string | number, unknown>;

/** Paths deeper than this are not followed (page data is untrusted). */
const MAX_PATH_SEGMENTS = 64;

/** `recipe.ingredients[0].name` → ['recipe', 'ingredients', 0, 'name']; undefined when it is not a path. */
export function parsePath(jsonPath: string): Segment[] | undefined {
  const raw = jsonPath.startsWith('$.') ? jsonPath.slice(2) : jsonPath.startsWith('$') ? jsonPath.slice(1) : jsonPath;
  if (raw === '') return undefined;
  const segments: Segment[] = [];
  for (const piece of raw.split('.')) {
    const bracket = piece.indexOf('[');
    if (bracket === -1) segments.push(piece);
    else {
      if (bracket > 0) segments.push(piece.slice(0, bracket));
      for (const m of piece.slice(bracket).matchAll(/\[(\d+)\]/g)) segments.push(Number(m[1]));
    }
    if (segments.length > MAX_PATH_SEGMENTS) return undefined;
  }
  return segments;
}

function own(obj: Container, key: Segment): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

function define(obj: Container, key: Segment, value: unknown): void {
  // Plain assignment makes the same own data property for every key but `__proto__`, whose setter it
  // would call; defineProperty, several times slower, only there.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  else obj[key] = value;
}

/** The value a piece carries, or undefined when it carries none. */
function valueOf(arg: PartialArg): { value: unknown } | undefined {
  const value = arg.stringValue ?? arg.numberValue ?? arg.boolValue;
  if (value !== undefined && value !== null) return { value };
  if ('nullValue' in arg) return { value: null };
  return undefined;
}

/** Adds the pieces to `args` in place. */
export function applyPartialArgs(args: Container, pieces: readonly PartialArg[]): void {
  for (const arg of pieces) {
    const path = parsePath(arg.jsonPath);
    if (!path) continue;
    let at: Container = args;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as Segment;
      const next = own(at, key);
      if (typeof next === 'object' && next !== null) {
        at = next as Container;
      } else {
        const made: Container = typeof path[i + 1] === 'number' ? ([] as unknown as Container) : {};
        define(at, key, made);
        at = made;
      }
    }
    const leaf = path[path.length - 1] as Segment;
    const existing = own(at, leaf);
    if (typeof arg.stringValue === 'string' && typeof existing === 'string') {
      define(at, leaf, existing + arg.stringValue);
      continue;
    }
    const v = valueOf(arg);
    if (v) define(at, leaf, v.value);
  }
}
