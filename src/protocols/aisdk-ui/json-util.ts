// Small JSON helpers shared by the AI SDK folds.
import type { TodoItem } from '../../model/view';
import { humanizeToolName, isTodoToolName } from '../../model/view';
import { MAX_DATA_DEPTH, safeJson } from '../../model/safe-text';
import { flatPreview } from './flat-preview';

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}

/**
 * Whether `text` is the compact JSON text of `value` (JSON.stringify's, for what it reads), a value
 * JSON.parse made: then `text` parses, and to a value jsonEqual to `value`, so a check of streamed
 * arguments against the complete ones has nothing to say and need not parse them (a stream an SDK
 * writes sends them so). Read against the value in place, without writing the text. False says
 * nothing (strings that need escapes, surrogates, deep nesting are left to the caller, which parses).
 */
export function isJsonTextOf(text: string, value: unknown): boolean {
  return matchJson(text, 0, value, 0) === text.length;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the compact JSON text of `value` ends when `text` holds it from `at`; -1 when it does not (or it cannot tell). */
function matchJson(text: string, at: number, value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return matchString(text, at, value);
    case 'number':
      return Number.isFinite(value) ? matchWord(text, at, String(value)) : -1;
    case 'boolean':
      return matchWord(text, at, value ? 'true' : 'false');
    case 'object':
      break;
    default:
      return -1;
  }
  if (value === null) return matchWord(text, at, 'null');
  if (depth >= MAX_DATA_DEPTH) return -1;
  let next = at + 1;
  if (Array.isArray(value)) {
    if (text.charCodeAt(at) !== 0x5b) return -1;
    for (let k = 0; k < value.length; k++) {
      if (k > 0 && text.charCodeAt(next++) !== 0x2c) return -1;
      next = matchJson(text, next, value[k], depth + 1);
      if (next < 0) return -1;
    }
    return text.charCodeAt(next) === 0x5d ? next + 1 : -1;
  }
  if (text.charCodeAt(at) !== 0x7b) return -1;
  const record = value as Record<string, unknown>;
  let first = true;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) return -1;
    if (!first && text.charCodeAt(next++) !== 0x2c) return -1;
    first = false;
    next = matchString(text, next, key);
    if (next < 0 || text.charCodeAt(next) !== 0x3a) return -1;
    next = matchJson(text, next + 1, record[key], depth + 1);
    if (next < 0) return -1;
  }
  return text.charCodeAt(next) === 0x7d ? next + 1 : -1;
}

/** A string JSON writes as it is (no quote, backslash, control character or surrogate), quoted, at `at`. */
function matchString(text: string, at: number, s: string): number {
  if (text.charCodeAt(at) !== QUOTE) return -1;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c < 0x20 || c === QUOTE || c === BACKSLASH || (c >= 0xd800 && c <= 0xdfff)) return -1;
  }
  const end = at + 1 + s.length;
  return text.startsWith(s, at + 1) && text.charCodeAt(end) === QUOTE ? end + 1 : -1;
}

function matchWord(text: string, at: number, word: string): number {
  return text.startsWith(word, at) ? at + word.length : -1;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON text of a value for previews; never throws (cycles cannot occur in parsed JSON, but be safe). */
export function jsonText(value: unknown): string {
  if (value === undefined) return 'undefined';
  return isPlainJson(value, 0) ? JSON.stringify(value) : safeJson(value);
}

/**
 * jsonText of a value JSON.parse made (a payload or a part of one, which nothing has changed since):
 * JSON.stringify's text, which is jsonText's unless the value nests past MAX_DATA_DEPTH, and it cannot
 * in fewer than two characters a level. Only a longer text is walked (json-text.test.ts).
 */
export function parsedJsonText(value: unknown): string {
  if (value === undefined) return 'undefined';
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    // Nested deeper than the stack: jsonText writes it bounded.
    return jsonText(value);
  }
  return text.length < 2 * (MAX_DATA_DEPTH + 1) || isPlainJson(value, 0) ? text : safeJson(value);
}

/**
 * flatPreview(parsedJsonText(value), max) for a value JSON.parse made, written here where every key
 * and string is one JSON.stringify writes as it is and holds no whitespace for flatPreview to
 * collapse (json-text.test.ts): JSON.stringify then gives the same text, but costs more for a small
 * value (it asks each object for a toJSON), and the regular expression would copy the text into one
 * piece first. Anything else goes the long way.
 */
export function jsonPreview(value: unknown, max: number): string {
  const text = plainJsonText(value, 0);
  if (text === undefined) return flatPreview(parsedJsonText(value), max);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A string JSON.stringify escapes (quote, backslash, control character, surrogate) or flatPreview
 * changes (whitespace but a single space: the ones \s holds above U+001F, which JSON writes as they are).
 */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_STRING = /["\\\u0000-\u001f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ud800-\udfff\ufeff]| {2}/;

/** JSON.stringify's text of `value`, or undefined where a key or string is not plain or it nests too deep. */
function plainJsonText(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return NOT_PLAIN_STRING.test(value) ? undefined : `"${value}"`;
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (depth >= MAX_DATA_DEPTH) return undefined;
  if (Array.isArray(value)) {
    let out = '[';
    for (let k = 0; k < value.length; k++) {
      const item = plainJsonText(value[k], depth + 1);
      if (item === undefined) return undefined;
      out = k === 0 ? out + item : `${out},${item}`;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const key in record) {
    if (!Object.hasOwn(record, key) || NOT_PLAIN_STRING.test(key)) return undefined;
    const item = plainJsonText(record[key], depth + 1);
    if (item === undefined) return undefined;
    out = first ? `${out}"${key}":${item}` : `${out},"${key}":${item}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * Data as JSON.parse makes it (plain objects and arrays of strings, finite numbers, booleans and null)
 * with every object above MAX_DATA_DEPTH: for it JSON.stringify writes what safeJson writes, natively.
 * Anything else (deeper nesting, other prototypes, undefined, functions) is left to safeJson.
 */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= MAX_DATA_DEPTH) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) if (!isPlainJson(value[i], depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) if (!Object.hasOwn(record, key) || !isPlainJson(record[key], depth + 1)) return false;
  return true;
}

// The last tool name asked about, and what it gave: a stream names the same tool call after call, and
// a name just parsed is a new string each time, which a map would hash (both functions are pure).
let labelledName: string | undefined;
let lastLabel = '';
let todoCheckedName: string | undefined;
let lastIsTodo = false;

/** humanizeToolName(name), the last answer kept. */
export function toolLabel(name: string): string {
  if (name !== labelledName) {
    lastLabel = humanizeToolName(name);
    labelledName = name;
  }
  return lastLabel;
}

function isTodoTool(name: string): boolean {
  if (name !== todoCheckedName) {
    lastIsTodo = isTodoToolName(name);
    todoCheckedName = name;
  }
  return lastIsTodo;
}

/** The todo snapshot a todo-like tool call carries (`{todos: [{content, activeForm?, status}]}`), if any. */
export function todosOf(toolName: string, input: unknown): TodoItem[] | undefined {
  if (!isTodoTool(toolName) || !isRecord(input) || !Array.isArray(input.todos)) return undefined;
  const todos: TodoItem[] = [];
  for (const t of input.todos) {
    if (!isRecord(t) || typeof t.content !== 'string') continue;
    todos.push({
      content: t.content,
      activeForm: typeof t.activeForm === 'string' ? t.activeForm : t.content,
      status: typeof t.status === 'string' ? t.status : 'pending',
    });
  }
  return todos;
}

/** Numeric token counters from an object such as `{inputTokens: 3, outputTokens: 5}`. */
export function numericCounters(value: unknown): Record<string, number> | undefined {
  if (!isRecord(value)) return undefined;
  // for…in with an own check visits what Object.entries would, in its order, without building pairs.
  let out: Record<string, number> | undefined;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = value[k];
    if (typeof v === 'number' && Number.isFinite(v)) (out ??= {})[k] = v;
  }
  return out;
}
