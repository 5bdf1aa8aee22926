// Text from untrusted values. Page data is JSON, and JSON can hold an object whose `toString` is
// not a function (`{"toString": 0}`), which makes `String(x)` and template literals throw; nested
// 100,000 levels deep, which makes `JSON.stringify` overflow the stack; or strings with lone
// surrogates. These conversions never throw, never recurse deeper than a bound and always return
// well-formed text.

/** How deep any walk over page data goes; deeper parts print as `…`. */
export const MAX_DATA_DEPTH = 64;
/** Nesting kept where the whole value is wanted (a copy, `render --json`): past any real payload, well within the stack. */
export const MAX_PRINT_DEPTH = 512;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with each lone surrogate replaced by U+FFFD. */
export function wellFormed(text: string): string {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/** Cuts at `max` characters (the last one `…`) without splitting a surrogate pair. */
function cut(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * What `String(value)` gives, where it would not throw; otherwise the object's tag
 * (`[object Object]`). Never calls a conversion that could recurse without end.
 */
function toText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'symbol':
      return value.toString();
    case 'function':
      return '[function]';
  }
  if (value === null) return 'null';
  try {
    // An array joins its elements the way String() would, one level at a time and bounded.
    if (Array.isArray(value)) return joinArray(value, 0);
    const text: unknown = String(value);
    if (typeof text === 'string') return text;
  } catch {
    // An own toString / valueOf / Symbol.toPrimitive that is not a function or throws, a revoked Proxy.
  }
  return objectTag(value);
}

function objectTag(value: unknown): string {
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '[object]';
  }
}

/** Array.prototype.join(',') as String([…]) does it, with a depth bound and no cycles. */
function joinArray(list: readonly unknown[], depth: number, seen: Set<unknown> = new Set()): string {
  if (depth >= MAX_DATA_DEPTH || seen.has(list)) return '…';
  seen.add(list);
  const parts: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item === null || item === undefined) parts.push('');
    else if (Array.isArray(item)) parts.push(joinArray(item, depth + 1, seen));
    else parts.push(toText(item));
    if (parts.length >= 10_000) {
      parts.push('…');
      break;
    }
  }
  seen.delete(list);
  return parts.join(',');
}

/** `String(value)` for untrusted values: never throws, well-formed, cut at `maxLength` characters. */
export function safeText(value: unknown, maxLength?: number): string {
  let text: string;
  try {
    text = toText(value);
  } catch {
    text = '[unprintable]';
  }
  return wellFormed(cut(text, maxLength));
}

export interface SafeJsonOptions {
  /** Nesting shown before `…` (default MAX_DATA_DEPTH). */
  maxDepth?: number;
  /** Characters written before the output is cut with `…`. */
  maxLength?: number;
  /** Indent per level, as JSON.stringify's third argument. */
  indent?: number;
}

class Writer {
  length = 0;
  readonly parts: string[] = [];
  constructor(readonly max: number) {}
  get full(): boolean {
    return this.length >= this.max;
  }
  write(text: string): void {
    this.parts.push(text);
    this.length += text.length;
  }
}

function scalarJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  return value === null ? 'null' : undefined;
}

function writeJson(out: Writer, value: unknown, depth: number, options: Required<Omit<SafeJsonOptions, 'maxLength'>>, seen: Set<object>): void {
  const scalar = scalarJson(value);
  if (scalar !== undefined || value === undefined || typeof value !== 'object' || value === null) {
    out.write(scalar ?? 'null');
    return;
  }
  if (depth >= options.maxDepth || seen.has(value)) {
    out.write('"…"');
    return;
  }
  seen.add(value);
  const isArray = Array.isArray(value);
  const pad = options.indent > 0 ? `\n${' '.repeat(options.indent * (depth + 1))}` : '';
  const endPad = options.indent > 0 ? `\n${' '.repeat(options.indent * depth)}` : '';
  const colon = options.indent > 0 ? ': ' : ':';
  out.write(isArray ? '[' : '{');
  let first = true;
  const keys: (string | number)[] = isArray ? Array.from({ length: (value as unknown[]).length }, (_, i) => i) : Object.keys(value);
  for (const key of keys) {
    if (out.full) break;
    const item = (value as Record<string | number, unknown>)[key];
    if (!isArray && (item === undefined || typeof item === 'function' || typeof item === 'symbol')) continue;
    out.write(first ? pad : `,${pad}`);
    first = false;
    if (!isArray) out.write(JSON.stringify(String(key)) + colon);
    writeJson(out, item, depth + 1, options, seen);
  }
  if (!first) out.write(endPad);
  out.write(isArray ? ']' : '}');
  seen.delete(value);
}

/**
 * `JSON.stringify(value)` for untrusted values: the same text for ordinary data, but nesting past
 * `maxDepth` prints as `"…"`, cycles too, BigInt as its digits, and it never throws.
 */
export function safeJson(value: unknown, options: SafeJsonOptions = {}): string {
  const maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  const out = new Writer(maxLength);
  try {
    writeJson(out, value, 0, { maxDepth: options.maxDepth ?? MAX_DATA_DEPTH, indent: options.indent ?? 0 }, new Set());
  } catch {
    out.write('"[unprintable]"');
  }
  const text = out.parts.join('');
  return wellFormed(text.length > maxLength ? cut(text, maxLength) : text);
}
