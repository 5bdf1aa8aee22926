// Function-call arguments streamed as `partialArgs` (Vertex `streamFunctionCallArguments`): each piece
// names a JSON path (`$.recipe.ingredients[0].name`) and a value; a string piece continues the value
// already at its path. The arguments are built as the AI SDK's Google provider builds them
// (`@ai-sdk/google` 4, GoogleJSONAccumulator.processPartialArgs: parsePath, normalizeAndCheckIndexes,
// getNestedValue, setNestedValue), with own data properties only (a `__proto__` key cannot reach a
// prototype):
// - a piece without a value (`$.tags[]`, `$.opts`) makes an empty container at its path, an array where
//   the path ends in `[]` and an object elsewhere, unless its path holds a value already or the piece
//   says `willContinue` (Vertex sends an empty array or object this way);
// - an array index past the array's end (`$.tags[1]` before `$.tags[0]`) skips the piece (a gap);
// - a string piece at a path that holds a value continues it, whatever its type (`String(value) + piece`);
// - a path through a string, number or boolean makes the provider throw; the piece is left out.
import type { PartialArg } from './schema';

type Segment = string | number;
type Container = Record<string | number, unknown>;

/** Paths deeper than this are not followed (page data is untrusted). */
const MAX_PATH_SEGMENTS = 64;

/** What applying some pieces met that the AI SDK does not read whole. */
export interface PartialArgsOutcome {
  /** The paths of pieces skipped because their array index is past the array's end. */
  gaps: string[];
  /** The path of the first piece the AI SDK throws on (its path runs through a string, number or boolean). */
  thrown?: string;
}

/**
 * The AI SDK's reading of a piece's path: a trailing `[]` (an empty array's marker) and a leading `$.`
 * are dropped, then `recipe.ingredients[0].name` → ['recipe', 'ingredients', 0, 'name']. Undefined for
 * the root (`$`, `$.`, ``), which the AI SDK skips, and for paths deeper than this fold follows.
 */
export function parsePath(jsonPath: string): Segment[] | undefined {
  let raw = jsonPath.endsWith('[]') ? jsonPath.slice(0, -2) : jsonPath;
  if (raw.startsWith('$.')) raw = raw.slice(2);
  if (raw === '' || raw === '$') return undefined;
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

const hasOwn = (obj: object, key: Segment): boolean => Object.prototype.hasOwnProperty.call(obj, key);

function own(obj: Container, key: Segment): unknown {
  return hasOwn(obj, key) ? obj[key] : undefined;
}

/** Defines an own data property; false where the AI SDK's defineProperty throws (an array's `length`). */
function define(obj: Container, key: Segment, value: unknown): boolean {
  // Plain assignment makes the same own data property for every key but `__proto__`, whose setter it
  // would call; defineProperty, several times slower, only there.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  else if (key === 'length' && Array.isArray(obj)) return false;
  else obj[key] = value;
  return true;
}

/**
 * normalizeAndCheckIndexes: a canonical index string under an array becomes a number (in place), and
 * every index must be an existing element or the next one (a missing or null parent counts as empty).
 */
function indexesInOrder(root: Container, path: Segment[]): boolean {
  let at: unknown = root;
  for (let i = 0; i < path.length; i++) {
    let key = path[i] as Segment;
    if (Array.isArray(at) && typeof key === 'string') {
      const n = Number(key);
      if (Number.isInteger(n) && n >= 0 && n < 2 ** 32 - 1 && String(n) === key) {
        key = n;
        path[i] = n;
      }
    }
    if (typeof key === 'number') {
      const length = Array.isArray(at) ? at.length : at === undefined || at === null ? 0 : undefined;
      if (length !== undefined && key > length) return false;
    }
    at = at !== null && typeof at === 'object' && hasOwn(at, key) ? (at as Container)[key] : undefined;
  }
  return true;
}

/** getNestedValue: the value at the path, own properties only; undefined where the path leaves the containers. */
function valueAt(root: Container, path: readonly Segment[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !hasOwn(at, key)) return undefined;
    at = (at as Container)[key];
  }
  return at;
}

/**
 * setNestedValue: a missing or null step becomes an array before an index and an object before a key.
 * False, with nothing changed, where the AI SDK throws (a step that is a string, number or boolean).
 */
function setAt(root: Container, path: readonly Segment[], value: unknown): boolean {
  let at: Container = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as Segment;
    let next = own(at, key);
    if (next === undefined || next === null) {
      next = typeof path[i + 1] === 'number' ? [] : {};
      if (!define(at, key, next)) return false;
    } else if (typeof next !== 'object') return false;
    at = next as Container;
  }
  return define(at, path[path.length - 1] as Segment, value);
}

/** The value a piece carries, or undefined when it carries none. */
function valueOf(arg: PartialArg): { value: unknown } | undefined {
  const value = arg.stringValue ?? arg.numberValue ?? arg.boolValue;
  if (value !== undefined && value !== null) return { value };
  if ('nullValue' in arg) return { value: null };
  return undefined;
}

/** `existing + piece` as JavaScript's `+` gives it (a number, an object, an array, null), or undefined where it throws. */
function joined(existing: unknown, piece: string): string | undefined {
  try {
    return String(existing) + piece;
  } catch {
    return undefined;
  }
}

/** Adds the pieces to `args` in place, as the AI SDK does. */
export function applyPartialArgs(args: Container, pieces: readonly PartialArg[]): PartialArgsOutcome {
  const outcome: PartialArgsOutcome = { gaps: [] };
  for (const arg of pieces) {
    const path = parsePath(arg.jsonPath);
    if (!path) continue;
    if (!indexesInOrder(args, path)) {
      outcome.gaps.push(arg.jsonPath);
      continue;
    }
    const existing = valueAt(args, path);
    let placed: boolean;
    if (typeof arg.stringValue === 'string' && existing !== undefined) {
      const text = joined(existing, arg.stringValue);
      placed = text !== undefined && setAt(args, path, text);
    } else {
      const v = valueOf(arg);
      if (v) placed = setAt(args, path, v.value);
      // A piece without a value keeps what is there, and waits while it says willContinue.
      else if (existing !== undefined || arg.willContinue === true) placed = true;
      else placed = setAt(args, path, arg.jsonPath.endsWith('[]') ? [] : {});
    }
    if (!placed) outcome.thrown ??= arg.jsonPath;
  }
  return outcome;
}
